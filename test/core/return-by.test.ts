// Detention is a deadline too (docs/reference.md, "Return By"): a box out with its empty not back
// says `return empty by <day>` from 2 days before Return By and `return empty: N days late` after,
// with what a day costs; the alerts treat Return By like the LFD; a digest says what holds when it
// is sent. And the money a broken or example Free Time row would show: only where money would be.

import { alertsFor, restate, type Alert } from '../../src/core/alert-rules';
import { INTERNAL, type Snapshot } from '../../src/core/change-snapshot';
import { freeTimeSummary } from '../../src/core/free-time-summary';
import { EXAMPLE_RULES, FREE_TIME_HEADERS, readFreeTime } from '../../src/core/free-time';
import type { ContainerAttributes } from '../../src/core/model';
import { containerMoneyCells } from '../../src/core/money-outputs';
import { boxOf } from '../../src/core/box';
import { containerMoney } from '../../src/core/money';
import { returnDue, returnReason } from '../../src/core/attention';
import { boxRowOutputs, shipmentBoxRowOutputs } from '../../src/core/row-outputs';

const HEADER = ['Kind', 'Carrier', 'Terminal', 'Free Days', 'Counting', 'Daily Rates', 'Currency'];
const TERMS = readFreeTime([
  HEADER,
  ['demurrage', '', '', '', 'calendar', '150x4, 250x5, 400', 'USD'],
  ['detention', '', '', 4, 'calendar', '100x5, 175', 'USD'],
]);

/** Picked up 20 Nov at a New York terminal: 4 free days, Return By 24 Nov. */
function out(extra: Partial<ContainerAttributes> = {}): ContainerAttributes {
  return {
    number: 'MSKU6129095',
    current_status: 'picked_up',
    available_for_pickup: false,
    holds_at_pod_terminal: [],
    pod_timezone: 'America/New_York',
    pod_terminal_name: 'Maher Terminal',
    import_deadlines: { pickup_lfd_terminal: '2026-11-21T05:00:00Z' },
    pod_full_out_at: '2026-11-20T15:00:00Z',
    empty_terminated_at: null,
    ...extra,
  };
}

function attention(a: ContainerAttributes, now: number): string {
  const box = boxOf({ attributes: a }, undefined, now);
  return String(boxRowOutputs(box, 'UTC', containerMoney(a, 'MSKU', TERMS, now)).Attention);
}

const at = (iso: string) => Date.parse(iso);

describe('Return By in Attention', () => {
  it.each([
    ['2026-11-21T15:00:00Z', ''],
    ['2026-11-22T15:00:00Z', 'return empty by 2026-11-24 (in 2 days)'],
    ['2026-11-23T15:00:00Z', 'return empty by 2026-11-24 (tomorrow)'],
    ['2026-11-24T15:00:00Z', 'return empty by 2026-11-24 (today)'],
    ['2026-11-25T15:00:00Z', 'return empty: 1 day late (USD 100.00 a day)'],
    ['2026-11-30T15:00:00Z', 'return empty: 6 days late (USD 175.00 a day)'],
  ])('at %s says %p', (now, text) => {
    expect(attention(out(), at(now))).toBe(text);
  });

  it('counts the facility’s days: 04:00 UTC on 25 Nov is still Return By day in New York', () => {
    expect(attention(out(), at('2026-11-25T04:00:00Z'))).toBe('return empty by 2026-11-24 (today)');
  });

  it('says nothing once the empty is back, or without a detention rule', () => {
    const back = out({ empty_terminated_at: '2026-11-26T12:00:00Z' });
    expect(attention(back, at('2026-11-28T15:00:00Z'))).toBe('');
    const box = boxOf({ attributes: out() }, undefined, at('2026-11-28T15:00:00Z'));
    const noRule = readFreeTime([HEADER, ['demurrage', '', '', '', '', '150', 'USD']]);
    expect(returnReason(returnDue(box, containerMoney(out(), null, noRule, box.now)))).toBeNull();
  });

  it('a BOL row says its most urgent empty', () => {
    const now = at('2026-11-28T15:00:00Z');
    const late = out();
    const soon = out({ number: 'MSKU6129096', pod_full_out_at: '2026-11-25T15:00:00Z' });
    const boxes = [late, soon].map((a) => boxOf({ attributes: a }, null, now));
    const moneys = [late, soon].map((a) => containerMoney(a, 'MSKU', TERMS, now));
    const row = shipmentBoxRowOutputs(
      { id: 's', attributes: {}, containerNumbers: [late.number, soon.number] },
      boxes,
      'UTC',
      moneys,
    );
    expect(row.Attention).toBe('return empty: 4 days late (USD 100.00 a day)');
  });
});

describe('Return By in the alerts', () => {
  const snap = (ret: string): Snapshot => ({
    tracking: 'tracked',
    [INTERNAL.atTerminal]: 'n',
    [INTERNAL.returnBy]: ret,
  });
  const ctx = (iso: string) => ({ now: at(iso), lfdDays: 2 });

  it('goes in the digest before Return By and at once when it has passed, once per day', () => {
    const s = snap('2026-11-24@America/New_York');
    const before = alertsFor('MSKU6129095', s, s, [], ctx('2026-11-23T15:00:00Z'));
    expect(before.alerts.map((a) => [a.kind, a.value, a.detail])).toEqual([
      ['return-soon', '2026-11-24', 'in 1 day'],
    ]);
    const after = alertsFor('MSKU6129095', s, s, before.alerted, ctx('2026-11-25T15:00:00Z'));
    expect(after.alerts.map((a) => [a.kind, a.detail])).toEqual([['return-due', '1 day late']]);
    const again = alertsFor('MSKU6129095', s, s, after.alerted, ctx('2026-11-26T15:00:00Z'));
    expect(again.alerts).toEqual([]);
  });

  it('stops once the empty is back', () => {
    expect(
      alertsFor('MSKU6129095', snap(''), snap(''), [], ctx('2026-11-25T15:00:00Z')).alerts,
    ).toEqual([]);
  });
});

describe('a digest line is computed when it is sent', () => {
  const raised: Alert = {
    number: 'HLBU7119568',
    kind: 'lfd-soon',
    value: '2026-11-30',
    detail: 'in 2 days',
    at: at('2026-11-28T09:00:00Z'),
  };
  const known = (lfd: string, atTerminal = 'y'): Snapshot => ({
    [INTERNAL.lfd]: lfd,
    [INTERNAL.atTerminal]: atTerminal,
  });
  const ctx = { now: at('2026-11-28T09:18:00Z'), lfdDays: 2 };

  it('an LFD moved to today reads as today, in the due section', () => {
    expect(restate(raised, known('2026-11-28@America/New_York'), ctx)).toMatchObject({
      kind: 'lfd-due',
      value: '2026-11-28',
      detail: 'today',
    });
  });

  it('the days count from the facility’s today when the digest goes out', () => {
    const later = { ...ctx, now: at('2026-11-29T12:00:00Z') };
    expect(restate(raised, known('2026-11-30@America/New_York'), later)).toMatchObject({
      kind: 'lfd-soon',
      detail: 'in 1 day',
    });
  });

  it('a box picked up, or an LFD moved beyond the window, leaves the digest', () => {
    expect(restate(raised, known('2026-11-30@America/New_York', 'n'), ctx)).toBeNull();
    expect(restate(raised, known('2026-12-09@America/New_York'), ctx)).toBeNull();
  });
});

describe('Free Time rows that price nothing, or say why only where money would be', () => {
  it('set-up’s EXAMPLE rows are no terms until the user makes them theirs', () => {
    // Set-up's sheet: every Free Time column, then Note.
    const rows = [
      [...FREE_TIME_HEADERS, 'Note'],
      [...EXAMPLE_RULES[0]!, 'EXAMPLE: prices nothing until you change its terms'],
      [...EXAMPLE_RULES[1]!, 'example'],
    ];
    const terms = readFreeTime(rows);
    expect(terms.rules).toEqual([]);
    expect(terms.examples).toEqual([2, 3]);
    const cells = containerMoneyCells(
      { attributes: out(), carrier: null },
      terms,
      at('2026-11-28T15:00:00Z'),
      'UTC',
    );
    expect(cells.outputs).toMatchObject({ Demurrage: '', Detention: '', 'Return By': '' });
    expect(freeTimeSummary(terms, []).rules.map((r) => r.text)).toEqual([
      'row 2: an EXAMPLE, prices nothing (change its terms or clear its Note)',
      'row 3: an EXAMPLE, prices nothing (change its terms or clear its Note)',
    ]);
    // A rate changed, or the note cleared: the user's own terms.
    const edited = [...EXAMPLE_RULES[0]!];
    edited[5] = '95';
    expect(
      readFreeTime([rows[0]!, [...edited, rows[1]![FREE_TIME_HEADERS.length]]]).rules,
    ).toHaveLength(1);
    expect(readFreeTime([rows[0]!, [...EXAMPLE_RULES[1]!, '']]).rules).toHaveLength(1);
  });

  it('a broken row fills no cell of a box at sea, before its LFD or finished', () => {
    const broken = readFreeTime([HEADER, ['demurrage', '', '', '', '', '150x4,, abc', 'USD']]);
    const now = at('2026-11-28T15:00:00Z');
    const cells = (a: ContainerAttributes) =>
      containerMoneyCells({ attributes: a, carrier: null }, broken, now, 'UTC').outputs;
    const atSea = out({ current_status: 'on_ship', pod_full_out_at: null, import_deadlines: null });
    const returned = out({
      current_status: 'empty_returned',
      empty_terminated_at: '2026-11-22T12:00:00Z',
      pod_full_out_at: '2026-11-20T15:00:00Z',
    });
    const beforeLfd = out({
      current_status: 'available',
      pod_full_out_at: null,
      import_deadlines: { pickup_lfd_terminal: '2026-12-05T05:00:00Z' },
    });
    for (const a of [atSea, returned, beforeLfd])
      expect(cells(a)).toMatchObject({ Demurrage: '', 'Cost Tomorrow': '' });
    // A box at the terminal after its LFD would hold money: it says why.
    const late = out({ current_status: 'available', pod_full_out_at: null });
    expect(cells(late).Demurrage).toMatch(/^#Free Time row 2:/);
  });
});
