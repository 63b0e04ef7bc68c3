// Properties of the evidence for a dispute (docs/reference.md#evidence), for any history the
// Change Log may hold, any terms, any closed days and any box: its totals are the money columns'
// amounts, and the days it disputes are days it charges, at the rate it charges them.

import fc from 'fast-check';
import { boxHistory, type LogRow } from '../../src/core/box-history';
import { boxOf } from '../../src/core/box';
import { readClosedDays } from '../../src/core/closed-days';
import { buildEvidence } from '../../src/core/evidence';
import { readFreeTime } from '../../src/core/free-time';
import type { ContainerAttributes } from '../../src/core/model';
import { containerMoneyCells } from '../../src/core/money-outputs';

const HEADER = ['Kind', 'Carrier', 'Terminal', 'Free Days', 'Counting', 'Daily Rates', 'Currency'];
const DAY = 86_400_000;
const START = Date.parse('2026-10-01T12:00:00Z');
const ZONES = ['America/New_York', 'Europe/Rotterdam', 'Asia/Tokyo', 'America/Los_Angeles'];
const iso = (ms: number) => new Date(ms).toISOString();

const tiers = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 6 })), {
    maxLength: 3,
  })
  .chain((closed) =>
    fc
      .integer({ min: 0, max: 900 })
      .map((last) => [...closed.map(([r, d]) => `${r}x${d}`), String(last)].join(', ')),
  );

const scenario = fc.record({
  zone: fc.constantFrom(...ZONES),
  demurrage: tiers,
  detention: tiers,
  currencies: fc.constantFrom(['USD', 'USD'], ['USD', 'EUR']),
  freeDays: fc.integer({ min: 0, max: 10 }),
  counting: fc.constantFrom('calendar', 'business', 'working'),
  lfd: fc.integer({ min: 0, max: 30 }),
  outAfter: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  backAfter: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  nowAfter: fc.integer({ min: 0, max: 120 }),
  firstLook: fc.integer({ min: -5, max: 40 }),
  changes: fc.array(
    fc.record({
      hours: fc.integer({ min: 0, max: 60 * 24 }),
      field: fc.constantFrom('available_for_pickup', 'holds'),
      value: fc.constantFrom('true', 'false', '', 'customs: hold (exam)', 'freight: pending'),
    }),
    { maxLength: 12 },
  ),
  closed: fc.uniqueArray(fc.integer({ min: 0, max: 90 }), { maxLength: 10 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function setUp(s: Scenario) {
  const lfd = START + s.lfd * DAY;
  const out = s.outAfter === null ? null : lfd + s.outAfter * DAY;
  const back = out !== null && s.backAfter !== null ? out + s.backAfter * DAY : null;
  const now = Math.max(START + s.nowAfter * DAY, back ?? out ?? 0) + DAY;
  const a: ContainerAttributes = {
    number: 'MSCU1234566',
    current_status: back ? 'empty_returned' : out ? 'picked_up' : 'available',
    available_for_pickup: out === null,
    holds_at_pod_terminal: [],
    pod_timezone: s.zone,
    pod_terminal_name: 'Maher Terminal',
    pod_discharged_at: iso(START - 2 * DAY),
    import_deadlines: { pickup_lfd_terminal: iso(lfd) },
    pod_full_out_at: out === null ? null : iso(out),
    empty_terminated_at: back === null ? null : iso(back),
  };
  const rules = readFreeTime([
    HEADER,
    ['demurrage', '', '', '', '', s.demurrage, s.currencies[0]],
    ['detention', '', '', s.freeDays, s.counting, s.detention, s.currencies[1]],
  ]);
  const closedDays = readClosedDays(
    [
      ['Date', 'Terminal', 'Note'],
      ...s.closed.map((d) => [iso(START + d * DAY).slice(0, 10), '', 'x']),
    ],
    'UTC',
  );
  const terms = { ...rules, closedDays };
  const firstSeen = START + s.firstLook * DAY;
  const rows: LogRow[] = [
    { at: firstSeen, field: 'first_seen', old: '', new: 'status available' },
    ...s.changes.map((c, i) => ({
      at: firstSeen + c.hours * 3_600_000,
      field: c.field,
      old: i % 2 === 0 ? 'false' : '',
      new: c.value,
    })),
  ];
  const box = boxOf({ attributes: a }, null, now);
  const evidence = buildEvidence(
    {
      box,
      carrier: null,
      contract: null,
      terms,
      history: boxHistory(rows),
      events: [],
      discharged: START - 2 * DAY,
    },
    now,
  );
  return { a, terms, now, evidence };
}

test('the evidence’s totals are the money columns’ amounts, for any history', () => {
  fc.assert(
    fc.property(scenario, (s) => {
      const { a, terms, now, evidence } = setUp(s);
      const cells = containerMoneyCells({ attributes: a, carrier: null }, terms, now, 'UTC');
      const last = evidence.days[evidence.days.length - 1];
      const expected = new Map<string, number>();
      for (const [kind, header] of [
        ['demurrage', 'Demurrage'],
        ['detention', 'Detention'],
      ] as const) {
        const charge = evidence.charges[kind];
        const cell = cells.outputs[header];
        if (!charge) {
          expect(typeof cell === 'number' ? cell : 0).toBe(0);
          continue;
        }
        expect(charge.amount).toBe(typeof cell === 'number' ? cell : 0);
        expected.set(charge.currency, (expected.get(charge.currency) ?? 0) + charge.amount);
      }
      for (const [currency, amount] of expected)
        expect(last?.totals.get(currency) ?? 0).toBeCloseTo(amount, 2);
    }),
  );
});

test('the days to dispute are charged days, at the rate charged, each with a reason', () => {
  fc.assert(
    fc.property(scenario, (s) => {
      const { evidence } = setUp(s);
      const byDay = new Map(evidence.days.map((d) => [d.day, d]));
      for (const d of evidence.disputes) {
        const charged = byDay.get(d.day)?.[d.kind];
        expect(charged).toBeTruthy();
        expect(d.rate).toBe(charged!.rate);
        expect(d.reasons.length).toBeGreaterThan(0);
      }
      // And no day outside the listed ones, nor twice for one kind.
      const keys = evidence.disputes.map((d) => `${d.day}:${d.kind}`);
      expect(new Set(keys).size).toBe(keys.length);
    }),
  );
});

test('a box at its terminal for over a year: 400 day rows at most, the older days still counted', () => {
  const discharged = Date.parse('2025-03-01T12:00:00Z');
  const now = Date.parse('2026-11-20T15:00:00Z');
  const a: ContainerAttributes = {
    number: 'MSCU1234566',
    current_status: 'available',
    available_for_pickup: true,
    holds_at_pod_terminal: [],
    pod_timezone: 'America/New_York',
    pod_terminal_name: 'Maher Terminal',
    pod_discharged_at: iso(discharged),
    import_deadlines: { pickup_lfd_terminal: '2025-03-05T05:00:00Z' },
  };
  const terms = readFreeTime([HEADER, ['demurrage', '', '', '', '', '100', 'USD']]);
  const evidence = buildEvidence(
    {
      box: boxOf({ attributes: a }, null, now),
      carrier: null,
      contract: null,
      terms,
      history: boxHistory([]),
      events: [],
      discharged,
    },
    now,
  );
  expect(evidence.days).toHaveLength(400);
  expect(evidence.daysLeftOut).toBeGreaterThan(0);
  const charge = evidence.charges.demurrage!;
  expect(charge.days).toBeGreaterThan(400);
  expect(evidence.days[399]!.totals.get('USD')).toBe(charge.amount);
});
