// buildEvidence through the built add-in (docs/reference.md#evidence): a box with a history worth
// disputing (held at first, an LFD that moved, a closed day in the charged period, returned late)
// gets its `Evidence <number>` sheet from the Change Log its refreshes wrote, the Free Time and
// Closed Days sheets, and one request; its totals are the Tracking sheet's money; the days to
// dispute say why; the Invoice check's formulas read only the sheet's own cells; the typed
// invoice survives a rebuild; the Tracking sheet is not written; API text stays text.

import { createHarness, headerRow, sheetValues, type } from '../../helpers/addon-harness';

type Json = Record<string, unknown>;

const at = (iso: string) => Date.parse(iso);
const HOSTILE = '=IMPORTDATA("http://x")';

/** The story, in New York: discharged 19 Nov, held by customs, LFD 25 Nov then 24 Nov. */
function story() {
  const h = createHarness();
  h.clock.set(at('2026-11-20T15:00:00Z'));
  const account = h.emulator.account()!;
  const c = account.containers().find((x) => x.attributes.current_status === 'available')!;
  const a = c.attributes as unknown as Json;
  const set = (patch: Json) => Object.assign(a, patch);
  set({
    current_status: 'discharged',
    available_for_pickup: false,
    pod_timezone: 'America/New_York',
    final_destination_timezone: null,
    pod_discharged_at: '2026-11-19T14:00:00Z',
    holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: HOSTILE }],
    pickup_lfd: '2026-11-25T05:00:00Z',
    import_deadlines: {
      pickup_lfd_line: null,
      pickup_lfd_terminal: '2026-11-25T05:00:00Z',
      pickup_lfd_rail: null,
    },
    pod_full_out_at: null,
    final_destination_full_out_at: null,
    empty_terminated_at: null,
    equipment_type: 'dry',
    equipment_length: 40,
  });
  h.gas.run('setupTrackingSheet');
  const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
  h.gas.spreadsheet.write(sheet, 2, 1, c.attributes.number);
  // The user's terms (the example rows made their own) and Thanksgiving as a closed day.
  const ft = headerRow(h, 'Free Time');
  type(h, 2, ft.indexOf('Note') + 1, 'ours', 'Free Time');
  type(h, 3, ft.indexOf('Note') + 1, 'ours', 'Free Time');
  type(h, 2, 1, '2026-11-26', 'Closed Days');
  type(h, 2, 3, 'Thanksgiving', 'Closed Days');
  const refresh = (iso: string) => {
    h.clock.set(at(iso));
    expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
  };
  refresh('2026-11-20T15:00:00Z');
  set({ current_status: 'available', available_for_pickup: true });
  refresh('2026-11-22T15:00:00Z');
  set({
    pickup_lfd: '2026-11-24T05:00:00Z',
    import_deadlines: {
      pickup_lfd_line: null,
      pickup_lfd_terminal: '2026-11-24T05:00:00Z',
      pickup_lfd_rail: null,
    },
  });
  refresh('2026-11-23T15:00:00Z');
  set({ holds_at_pod_terminal: [] });
  refresh('2026-11-26T15:00:00Z');
  set({
    current_status: 'picked_up',
    available_for_pickup: false,
    pod_full_out_at: '2026-11-30T19:00:00Z',
  });
  refresh('2026-12-01T15:00:00Z');
  set({
    current_status: 'empty_returned',
    empty_terminated_at: '2026-12-07T16:00:00Z',
    empty_terminated_timezone: 'America/New_York',
  });
  refresh('2026-12-08T15:00:00Z');
  return { h, number: c.attributes.number };
}

const find = (grid: unknown[][], label: string) => grid.findIndex((r) => r[0] === label);

describe('buildEvidence', () => {
  test('the evidence sheet: dates, a row per day, the days to dispute, the rules, the check', () => {
    const { h, number } = story();
    const tracking = sheetValues(h);
    const money = (header: string) => tracking[1]![tracking[0]!.indexOf(header)];
    // 25 Nov … 30 Nov: 4 × 150 + 2 × 250; Return By 4 Dec, back 7 Dec: 3 × 100.
    expect(money('Demurrage')).toBe(1100);
    expect(money('Detention')).toBe(300);

    const requests = h.requests();
    const report = h.gas.run<{ sheet: string; disputed: Json; message: string }>('buildEvidence', [
      { number },
    ]);
    expect(h.requests() - requests).toBe(1);
    // Bounded sheet calls: one read each of the Tracking sheet, Free Time, Closed Days and the
    // Change Log (no archive, no earlier evidence yet); one block of values into its own sheet.
    const calls = h.gas.lastExecution!.calls.calls;
    expect(calls.SpreadsheetRead).toEqual({ 'Range.getValues': 4 });
    expect(calls.SpreadsheetWrite?.['Range.setValues']).toBe(1);
    expect(
      Object.values(calls.SpreadsheetWrite ?? {}).reduce((a, b) => a + b, 0),
    ).toBeLessThanOrEqual(20);
    expect(report).toMatchObject({
      sheet: `Evidence ${number}`,
      disputed: { demurrage: 2 },
      message: `Sheet "Evidence ${number}" written: 2 charged days to dispute.`,
    });
    expect(sheetValues(h)).toEqual(tracking);
    const grid = sheetValues(h, `Evidence ${number}`);
    const sheet = h.gas.spreadsheet.sheetByName(`Evidence ${number}`)!;
    expect(h.gas.spreadsheet.activeSheet().name).toBe(`Evidence ${number}`);

    // The dates: every LFD value with when it was first seen, the hold placed then released.
    const facts = grid.map((r) => `${r[0]} | ${r[1]} | ${r[2]}`);
    expect(facts).toEqual(
      expect.arrayContaining([
        'LFD, terminal | 2026-11-25 | first look, seen 2026-11-20 10:00 EST',
        'LFD, terminal | 2026-11-24 | seen 2026-11-23 10:00 EST',
        `Hold, at first look | customs: hold (${HOSTILE}) | first look, seen 2026-11-20 10:00 EST`,
        `Hold released | customs (${HOSTILE}) | seen 2026-11-26 10:00 EST`,
        'Seen available by the add-in | 2026-11-22 10:00 EST | the Change Log',
        'Discharged | 2026-11-19 09:00 EST | the service',
        'Return By | 2026-12-04 | Free Time terms (as the Tracking sheet)',
      ]),
    );
    // API text stays text: no cell of the sheet is a formula but the Invoice check's four.
    const formulas = sheet.rows.flatMap((line) => (line ?? []).filter((cell) => cell?.formula));
    expect(formulas.map((cell) => cell!.formula)).toEqual([
      expect.stringMatching(/^=IF\(E\d+="","",E\d+-B\d+\)$/),
      expect.stringMatching(/^=IF\(F\d+="","",F\d+-C\d+\)$/),
      expect.stringMatching(/^=IF\(E\d+="","",E\d+-B\d+\)$/),
      expect.stringMatching(/^=IF\(F\d+="","",F\d+-C\d+\)$/),
    ]);

    // A row per day from discharge (19 Nov) to the empty's return (7 Dec).
    const header = grid.findIndex((r) => r[0] === 'Date' && r[1] === 'Weekday');
    const days = grid.slice(header + 1, header + 20);
    expect(days).toHaveLength(19);
    expect(days.every((r) => r[0] instanceof Date)).toBe(true);
    const totalCol = grid[header]!.indexOf('Running total USD');
    expect(days[days.length - 1]![totalCol]).toBe(1400);
    const day = (d: number) => days[d - 19]!;
    expect(day(25).slice(1, 6)).toEqual([
      'Wed',
      '',
      'no: on hold: customs (' + HOSTILE + ')',
      1,
      150,
    ]);
    expect(day(26).slice(1, 6)).toEqual(['Thu', 'Thanksgiving', 'yes', 2, 150]);

    // The days to dispute, each with its reason and its day row.
    const disputes = grid.slice(
      find(grid, 'Days to dispute') + 2,
      find(grid, 'Days to dispute') + 4,
    );
    expect(disputes.map((r) => [r[1], r[2], r[3]])).toEqual([
      [
        'demurrage',
        150,
        `on an active hold all day: customs (${HOSTILE}) (the add-in’s Change Log)`,
      ],
      ['demurrage', 150, 'terminal closed: Thanksgiving (Closed Days row 2)'],
    ]);
    expect(disputes[0]![4]).toBe(`row ${header + 1 + 7}`);

    // The rules quoted as the user wrote them.
    expect(facts).toEqual(
      expect.arrayContaining([
        'demurrage: Free Time row 2 |  | ',
        'Kind | Carrier | Terminal',
        'demurrage |  | ',
        'detention: Free Time row 3 |  | ',
      ]),
    );

    // The Invoice check: the add-in's counts, and what the user types kept on a rebuild.
    const check = find(grid, 'Invoice check');
    expect(grid[check + 3]!.slice(0, 4)).toEqual(['demurrage', 6, 1100, 'USD']);
    expect(grid[check + 4]!.slice(0, 4)).toEqual(['detention', 3, 300, 'USD']);
    expect(grid[check + 3]!.slice(8, 10)).toEqual([2, 300]);
    type(h, check + 4, 5, 8, `Evidence ${number}`);
    type(h, check + 4, 6, 1600, `Evidence ${number}`);
    h.gas.run('buildEvidence', [{ number }]);
    const again = sheetValues(h, `Evidence ${number}`);
    expect(again[check + 3]!.slice(4, 6)).toEqual([8, 1600]);
    expect(again.length).toBe(grid.length);
  });

  test('the service down: built from the cached box, without its events, and says so', () => {
    const { h, number } = story();
    const tracking = sheetValues(h);
    h.emulator.faults.enqueue({ status: 503, times: 50 });
    const report = h.gas.run<{ disputed: Json; message: string }>('buildEvidence', [{ number }]);
    h.emulator.faults.clear();
    expect(report.message).toMatch(
      new RegExp(
        `^Sheet "Evidence ${number}" written: 2 charged days to dispute\\. Built from the cached record: `,
      ),
    );
    expect(report.disputed).toEqual({ demurrage: 2 });
    const grid = sheetValues(h, `Evidence ${number}`);
    expect(String(grid[1]![0])).toMatch(/from the record the add-in last cached/);
    const header = grid.findIndex((r) => r[0] === 'Date' && r[1] === 'Weekday');
    const totalCol = grid[header]!.indexOf('Running total USD');
    expect(grid[header + 19]![totalCol]).toBe(1400);
    expect(sheetValues(h)).toEqual(tracking);
  });

  test('a BOL, a bad number or an unknown box: a message saying what to do, no sheet', () => {
    const h = createHarness();
    expect(() => h.gas.run('buildEvidence', [{ number: 'MEDUFR030802' }])).toThrow(
      /Evidence is built for one container, and MEDUFR030802 is a bill of lading or booking/,
    );
    expect(() => h.gas.run('buildEvidence', [{ number: 'MSCU1234565' }])).toThrow(
      /MSCU1234565: .*check digit/,
    );
    expect(() => h.gas.run('buildEvidence', [{ number: 'MSCU1234566' }])).toThrow(
      'No evidence for MSCU1234566: the add-in has no record of it (the tracking service does not track MSCU1234566). Refresh the Tracking sheet, then try again.',
    );
    expect(h.gas.spreadsheet.sheets.some((s) => s.name.startsWith('Evidence'))).toBe(false);
  });
});
