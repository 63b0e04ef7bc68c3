// Money at risk through the built add-in: set-up creates the Free Time sheet (never overwrites
// it) and the money columns (appended to an existing sheet), a refresh prices each row with the
// rules, formats amounts with their currency, rebuilds the Pull List, and a broken or hostile
// rule row fills only its own cells, as text. The digest sent from the sidebar carries the same
// money lines as the scheduled one, with API text escaped.

import { FREE_TIME_HEADERS } from '../../../src/core/free-time';
import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../../src/core/sheet-layout';
import { column, createHarness, headerRow, sheetValues, type } from '../../helpers/addon-harness';

const MONEY: string[] = ['Demurrage', 'Detention', 'Return By', 'Cost Tomorrow'];

type Harness = ReturnType<typeof createHarness>;
type Json = Record<string, unknown>;

const NOW = '2026-11-28T15:00:00Z';

/** A box at a New Jersey terminal, available, LFD 25 Nov (3 days passed at NOW). */
const WAITING: Json = {
  current_status: 'available',
  available_for_pickup: true,
  holds_at_pod_terminal: [],
  fees_at_pod_terminal: [],
  pickup_lfd: '2026-11-25T05:00:00Z',
  import_deadlines: {
    pickup_lfd_line: null,
    pickup_lfd_terminal: '2026-11-25T05:00:00Z',
    pickup_lfd_rail: null,
  },
  pod_timezone: 'America/New_York',
  final_destination_timezone: null,
  pod_full_out_at: null,
  final_destination_full_out_at: null,
  empty_terminated_at: null,
  pickup_appointment_at: null,
};

type Account = NonNullable<ReturnType<Harness['emulator']['account']>>;
type Boxes = ReturnType<Account['containers']>;

/** The SCAC of a box's shipping line, as the emulator holds it. */
const scacOf = (account: Account, c: Boxes[number]) => {
  const s = account.shipments().find((x) => x.id === c.shipmentId);
  return String((s?.attributes as Json | undefined)?.shipping_line_scac ?? '');
};

/** The user makes set-up's example terms their own: clears the EXAMPLE notes. */
function adoptExamples(h: Harness): void {
  const note = FREE_TIME_HEADERS.length + 1;
  type(h, 2, note, 'our terms', 'Free Time');
  type(h, 3, note, 'our terms', 'Free Time');
}

function boxesWith(
  shapes: Json[],
  pick: (all: Boxes, account: Account) => Boxes = (all) => all,
): { h: Harness; numbers: string[] } {
  const h = createHarness({ sheetTimeZone: 'America/Los_Angeles' });
  h.clock.set(Date.parse(NOW));
  const account = h.emulator.account()!;
  const boxes = pick(account.containers(), account).slice(0, shapes.length);
  boxes.forEach((c, i) => Object.assign(c.attributes as unknown as Json, WAITING, shapes[i]));
  h.gas.run('setupTrackingSheet');
  adoptExamples(h);
  const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
  const numberCol = headerOf(h).indexOf('Number') + 1;
  boxes.forEach((c, i) => h.gas.spreadsheet.write(sheet, i + 2, numberCol, c.attributes.number));
  return { h, numbers: boxes.map((c) => c.attributes.number) };
}

const headerOf = headerRow;

function cellOf(h: Harness, row: number, header: string, name = 'Tracking') {
  const col = headerOf(h, name).indexOf(header) + 1;
  return h.gas.spreadsheet.sheetByName(name)!.cell(row, col);
}

function refresh(h: Harness): void {
  expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
}

/** Replaces the Free Time rules (row 1 stays, every column of it), as a user typing them. */
function rules(h: Harness, rows: unknown[][]): void {
  const sheet = h.gas.spreadsheet.sheetByName('Free Time')!;
  const width = headerOf(h, 'Free Time').length;
  for (let r = 2; r <= Math.max(sheet.lastRow(), rows.length + 1); r++)
    for (let c = 1; c <= width; c++) type(h, r, c, rows[r - 2]?.[c - 1] ?? '', 'Free Time');
}

describe('set-up', () => {
  test('creates Free Time with two example rules, and never overwrites it', () => {
    const h = createHarness();
    const message = h.gas.run<string>('setupTrackingSheet');
    expect(message).toMatch(/Free Time sheet created with two example rules/);
    const values = sheetValues(h, 'Free Time');
    expect(values[0]).toEqual([
      'Kind',
      'Carrier',
      'Terminal',
      'Free Days',
      'Counting',
      'Daily Rates',
      'Currency',
      'Equipment',
      'Contract',
      'Note',
    ]);
    expect(values.slice(1).map((r) => [r[0], r[5], r[9]])).toEqual([
      [
        'demurrage',
        '150x4, 250x5, 400',
        'EXAMPLE: prices nothing until you change its terms or clear this note',
      ],
      [
        'detention',
        '100x5, 175',
        'EXAMPLE: prices nothing until you change its terms or clear this note',
      ],
    ]);
    type(h, 2, 6, '95', 'Free Time');
    h.gas.spreadsheet.sheetByName('Free Time')!.rows.splice(2);
    expect(h.gas.run<string>('setupTrackingSheet')).not.toMatch(/Free Time/);
    expect(sheetValues(h, 'Free Time').map((r) => r[5])).toEqual(['Daily Rates', '95']);
  });

  test('an existing Tracking sheet gains the four money columns at the end, moving nothing', () => {
    // Yesterday's full sheet (26 columns, A to Z: a new sheet's width) and a column of the user's.
    const before = [
      ...INPUT_HEADERS,
      'My notes',
      ...OUTPUT_HEADERS.filter((x) => !MONEY.includes(x)),
    ];
    const h = createHarness({
      sheets: [{ name: 'Tracking', values: [before, ['MSCU1234565', '', '', '', 'x']] }],
    });
    h.gas.run('setupTrackingSheet');
    const header = headerOf(h);
    expect(header).toEqual([...before, 'Cost Tomorrow', 'Demurrage', 'Detention', 'Return By']);
    expect(sheetValues(h)[1]!.slice(0, 5)).toEqual(['MSCU1234565', '', '', '', 'x']);
  });

  test('a new Tracking sheet shows the money right after the LFD', () => {
    const h = createHarness();
    h.gas.run('setupTrackingSheet');
    expect(headerOf(h).slice(0, 7)).toEqual([
      'Number',
      'Attention',
      'LFD',
      'Cost Tomorrow',
      'Demurrage',
      'Detention',
      'Return By',
    ]);
  });
});

describe('refresh', () => {
  test('the example rules price nothing: no money from terms nobody agreed to', () => {
    const h = createHarness({ sheetTimeZone: 'America/Los_Angeles' });
    h.clock.set(Date.parse(NOW));
    const box = h.emulator.account()!.containers()[0]!;
    Object.assign(box.attributes as unknown as Json, WAITING);
    h.gas.run('setupTrackingSheet');
    type(h, 2, headerOf(h).indexOf('Number') + 1, box.attributes.number);
    refresh(h);
    expect(column(h, 'Attention')[0]).toBe('LFD passed 3 days ago; ready for pickup');
    expect(MONEY.map((m) => column(h, m)[0])).toEqual(['', '', '', '']);
    // Made their own (a rate changed), they price the box.
    type(h, 2, 6, '100', 'Free Time');
    h.clock.set(Date.parse(NOW) + 60_000);
    refresh(h);
    expect(column(h, 'Demurrage')[0]).toBe(300);
  });

  test('prices each row with the rules made the user’s own, in the currency’s format', () => {
    const { h } = boxesWith([
      {},
      { current_status: 'picked_up', pod_full_out_at: '2026-11-20T15:00:00Z' },
      {
        pickup_lfd: '2026-12-05T05:00:00Z',
        import_deadlines: { pickup_lfd_terminal: '2026-12-05T05:00:00Z' },
      },
    ]);
    refresh(h);
    // 3 days after the LFD: 3 × 150, and the 4th day tomorrow is 150 more.
    expect(column(h, 'Demurrage')).toEqual([450, '', '']);
    // Picked up 20 Nov, 4 free days: Return By 24 Nov, 4 days of detention so far (100 a day
    // for 5 days: tomorrow's 5th is 100 more). The third box's LFD is a week away: 0 tomorrow.
    expect(column(h, 'Cost Tomorrow')).toEqual([150, 100, 0]);
    expect(column(h, 'Detention')).toEqual(['', 400, '']);
    expect(cellOf(h, 3, 'Return By')!.value).toEqual(new Date('2026-11-24T08:00:00Z'));
    expect(cellOf(h, 2, 'Demurrage')!.numberFormat).toBe('"USD "#,##0.00');
    expect(cellOf(h, 3, 'Cost Tomorrow')!.numberFormat).toBe('"USD "#,##0.00');
  });

  test('the Pull List: waiting, available, unheld boxes, most expensive first; rebuilt, never appended', () => {
    const { h, numbers } = boxesWith([
      {
        pickup_lfd: '2026-12-05T05:00:00Z',
        import_deadlines: { pickup_lfd_terminal: '2026-12-05T05:00:00Z' },
      },
      {},
      { holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: null }] },
      { current_status: 'picked_up', pod_full_out_at: '2026-11-20T15:00:00Z' },
    ]);
    refresh(h);
    const list = sheetValues(h, 'Pull List');
    expect(list[0]).toEqual([
      'Number',
      'Terminal',
      'LFD',
      'Cost Tomorrow',
      'Demurrage',
      'Appointment',
      'Link',
    ]);
    expect(list.slice(1, 3).map((r) => [r[0], r[3], r[4]])).toEqual([
      [numbers[1], 'USD 150.00', 'USD 450.00'],
      [numbers[0], 'USD 0.00', ''],
    ]);
    // Below, the empties to return: the picked-up box, Return By 24 Nov, 4 days late.
    expect(list.slice(3).map((r) => [r[0], r[3], r[4]])).toEqual([
      ['', '', ''],
      ['Empties to return', 'Cost Tomorrow', 'Detention'],
      [numbers[3], 'USD 100.00', 'USD 400.00'],
    ]);
    expect(list[5]![2]).toEqual(new Date('2026-11-24T08:00:00Z'));
    // Return By is a deadline on the Tracking sheet too.
    expect(column(h, 'Attention')[3]).toBe('return empty: 4 days late (USD 100.00 a day)');
    // The first box is picked up: the next refresh's list no longer has it, and nothing piles up.
    h.emulator.account()!.containers()[1]!.attributes.current_status = 'picked_up';
    (h.emulator.account()!.containers()[1]!.attributes as unknown as Json).pod_full_out_at =
      '2026-11-28T14:00:00Z';
    h.clock.set(Date.parse(NOW) + 3_600_000);
    refresh(h);
    // The row the shorter list no longer reaches is written blank in the same block.
    expect(sheetValues(h, 'Pull List').map((r) => r[0])).toEqual([
      'Number',
      numbers[0],
      '',
      'Empties to return',
      numbers[3], // 4 days late: USD 100.00 tomorrow
      numbers[1], // picked up today, Return By in 4 days: nothing tomorrow
    ]);
    // The second list's header reads as one, wherever it lands; the row it left does not.
    const pull = h.gas.spreadsheet.sheetByName('Pull List')!;
    expect(pull.cell(4, 1)?.fontWeight).toBe('bold');
    expect(pull.cell(5, 1)?.fontWeight).not.toBe('bold');
  });

  test('a rule row that cannot be read fills only its own cells, as text; hostile text stays text', () => {
    let lines: string[] = [];
    // Two boxes of two shipping lines.
    const { h } = boxesWith([{}, {}], (all, account) => {
      const first = all[0]!;
      const other = all.find((c) => scacOf(account, c) !== scacOf(account, first))!;
      lines = [scacOf(account, first), scacOf(account, other)];
      return [first, other];
    });
    const scac = (i: number) => lines[i]!;
    rules(h, [
      ['demurrage', scac(0), '', '', '', 'lots', 'USD'],
      ['detention', '', '', '', '', 'placeholder', 'USD'],
      ['demurrage', '', '', '', '', 200, 'EUR'],
    ]);
    // Text that looks like a formula (what a formula or an import can leave in a cell).
    h.gas.spreadsheet.sheetByName('Free Time')!.ensure(3, 6).value = '=IMPORTDATA("http://evil")';
    refresh(h);
    const first = cellOf(h, 2, 'Demurrage')!;
    expect(first.value).toBe(
      '#Free Time row 2: Daily Rates "lots" is not a rate: write a number (150) or tiers (150x4, 250x5, 400)',
    );
    expect(first.formula).toBeUndefined();
    // Only a cell that would hold money carries a rule's problem: no detention at the terminal.
    expect(cellOf(h, 2, 'Detention')!.value).toBe('');
    expect(scac(1)).not.toBe(scac(0));
    {
      expect(cellOf(h, 3, 'Demurrage')!.value).toBe(600);
      expect(cellOf(h, 3, 'Demurrage')!.numberFormat).toBe('"EUR "#,##0.00');
    }
    expect(column(h, 'Status')).toEqual(['available', 'available']);
    // Out with its empty not back, the box's detention says why, as text.
    Object.assign(h.emulator.account()!.containers()[0]!.attributes as unknown as Json, {
      current_status: 'picked_up',
      pod_full_out_at: '2026-11-27T15:00:00Z',
    });
    h.clock.set(Date.parse(NOW) + 3_600_000);
    refresh(h);
    const detention = cellOf(h, 2, 'Detention')!;
    expect(String(detention.value)).toMatch(/^#Free Time row 3: Daily Rates "=IMPORTDATA/);
    expect(detention.formula).toBeUndefined();
  });
});

describe('the sidebar’s view of the rules', () => {
  test('lists each rule with the boxes it prices, why a row cannot be read, and unmatched boxes', () => {
    const { h, numbers } = boxesWith([{}, {}]);
    refresh(h);
    const scac = (n: string) => {
      const account = h.emulator.account()!;
      const c = account.containers().find((x) => x.attributes.number === n)!;
      return scacOf(account, c);
    };
    rules(h, [
      ['demurrage', scac(numbers[0]!), '', '', '', '150x4, 250x5, 400', 'USD'],
      ['detention', '', '', 'four', '', '100', 'USD'],
      ['detention', 'NONE', '', 4, '', '100', 'USD'],
    ]);
    const before = h.requests();
    const report = h.gas.run<{
      sheet: boolean;
      rules: { row: number; text: string; problem: boolean; boxes: number }[];
      unmatched: string[];
      unmatchedTotal: number;
      boxes: number;
    }>('getFreeTimeRules');
    expect(report.sheet).toBe(true);
    expect(report.boxes).toBe(2);
    expect(report.rules[0]).toEqual({
      row: 2,
      text: `demurrage · ${scac(numbers[0]!)} · any terminal · 150x4, 250x5, 400 USD`,
      problem: false,
      boxes: numbers.filter((n) => scac(n) === scac(numbers[0]!)).length,
    });
    expect(report.rules[1]).toMatchObject({ row: 3, problem: true });
    expect(report.rules[1]!.text).toMatch(/^row 3: Free Days "four" is not a whole number/);
    // The broken detention row matches every box: none is left without a rule here.
    expect(report.unmatchedTotal).toBe(0);
    expect(h.requests()).toBe(before); // the cache and the sheets only

    rules(h, [['detention', 'NONE', '', 4, '', '100', 'USD']]);
    const none = h.gas.run<{ unmatched: string[]; unmatchedTotal: number }>('getFreeTimeRules');
    expect(none).toMatchObject({ unmatched: [...numbers].sort(), unmatchedTotal: 2 });
  });
});

describe('the digest sent now (sidebar)', () => {
  const HOSTILE = '<img src=x onerror=alert(1)>';

  test('carries the money lines the refresh priced today, API text escaped', () => {
    const { h } = boxesWith([
      {},
      { current_status: 'picked_up', pod_full_out_at: '2026-11-20T15:00:00Z' },
    ]);
    h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }]);
    refresh(h);
    // A hold whose name is hostile API text is placed: sent at once, repeated in the digest.
    h.emulator.account()!.containers()[0]!.attributes.holds_at_pod_terminal = [
      { name: HOSTILE, status: 'hold', description: null },
    ] as never;
    h.clock.set(Date.parse(NOW) + 3_600_000);
    refresh(h);
    const sent = h.gas.project.mail.outbox.length;
    const result = h.gas.run<{ ok: boolean; alerts: number }>('sendAlertDigestNow');
    expect(result.ok).toBe(true);
    const digest = h.gas.project.mail.outbox.slice(sent);
    expect(digest).toHaveLength(1);
    const { body, htmlBody } = digest[0]!;
    // Tomorrow: the waiting box's 5th day of demurrage (150), the picked-up one's detention (100).
    const line = 'USD 250.00 at risk tomorrow across 2 boxes';
    expect(body).toContain(`Money at risk (see the Pull List sheet):\n- ${line}`);
    expect(htmlBody).toContain(`<li>${line}</li>`);
    expect(body).toContain(`hold placed: ${HOSTILE}`);
    expect(htmlBody).not.toContain('<img');
    expect(htmlBody).toContain('hold placed: &lt;img src=x onerror=alert(1)&gt;');
  });

  test('money at risk alone is worth a digest; a day without a refresh says so', () => {
    const { h } = boxesWith([{}]);
    h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }]);
    refresh(h);
    const sent = h.gas.project.mail.outbox.length;
    // The LFD-passed alert went out at once; a digest now repeats it with the money.
    expect(h.gas.run<{ message: string }>('sendAlertDigestNow').message).toMatch(
      /^Digest sent to ops@example\.com/,
    );
    expect(h.gas.project.mail.outbox.slice(sent)[0]!.body).toContain(
      '- USD 150.00 at risk tomorrow across 1 box',
    );
    // Nothing new since: the money alone is sent, and the message says what the email has.
    const now = h.gas.run<{ ok: boolean; message: string; alerts: number }>('sendAlertDigestNow');
    expect(now).toEqual({
      ok: true,
      message:
        'Digest sent to ops@example.com with the money at risk (no alerts since the last digest).',
      alerts: 0,
    });
    expect(h.gas.project.mail.outbox.at(-1)!.body).toContain('USD 150.00 at risk tomorrow');
    // The next day, before any refresh priced the boxes: yesterday's "tomorrow" is not sent.
    h.clock.set(Date.parse(NOW) + 24 * 3_600_000);
    const count = h.gas.project.mail.outbox.length;
    expect(h.gas.run('sendAlertDigestNow')).toEqual({
      ok: true,
      message:
        'Nothing to report: no alerts since the last digest, and no refresh has priced the money at risk today.',
      alerts: 0,
    });
    expect(h.gas.project.mail.outbox).toHaveLength(count);
  });
});
