// Properties of money at risk over random rules, zones and dates: what must hold for any terms a
// user may type and any box the service may report.

import fc from 'fast-check';
import { readFreeTime, ruleFor, type FreeTimeTerms } from '../../src/core/free-time';
import type { ContainerAttributes } from '../../src/core/model';
import {
  amountForDays,
  containerMoney,
  rateOfDay,
  returnByDay,
  weekdayOfSerial,
} from '../../src/core/money';
import { containerMoneyCells } from '../../src/core/money-outputs';

const HEADER = ['Kind', 'Carrier', 'Terminal', 'Free Days', 'Counting', 'Daily Rates', 'Currency'];
const ZONES = ['America/New_York', 'Europe/Amsterdam', 'Asia/Tokyo', 'America/Los_Angeles', 'UTC'];
const DAY = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00Z');

const tiersText = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 900 }), fc.integer({ min: 1, max: 10 })), {
    minLength: 0,
    maxLength: 3,
  })
  .chain((closed) =>
    fc
      .integer({ min: 0, max: 900 })
      .map((last) => [...closed.map(([r, d]) => `${r}x${d}`), String(last)].join(', ')),
  );

const rules = fc.record({
  demurrage: tiersText,
  detention: tiersText,
  freeDays: fc.integer({ min: 0, max: 20 }),
  counting: fc.constantFrom('calendar', 'business', ''),
});

type Rules = typeof rules extends fc.Arbitrary<infer T> ? T : never;
const termsOf = (r: Rules): FreeTimeTerms =>
  readFreeTime([
    HEADER,
    ['demurrage', '', '', '', r.counting, r.demurrage, 'USD'],
    ['detention', '', '', r.freeDays, r.counting, r.detention, 'USD'],
  ]);

const instant = fc.integer({ min: 0, max: 400 * DAY }).map((ms) => START + ms);
const iso = (ms: number) => new Date(ms).toISOString();

function waiting(lfd: number, zone: string): ContainerAttributes {
  return {
    number: 'MSCU1234565',
    current_status: 'available',
    pod_timezone: zone,
    import_deadlines: { pickup_lfd_terminal: iso(lfd) },
  };
}

const amountOf = (o: ReturnType<typeof containerMoney>['demurrage']) =>
  o.state === 'charge' ? o.charge.amount : 0;

test('money never decreases as days pass while the box waits, and grows by Cost Tomorrow', () => {
  fc.assert(
    fc.property(
      rules,
      instant,
      instant,
      fc.integer({ min: 0, max: 60 }),
      fc.constantFrom(...ZONES),
      (r, lfd, now, later, zone) => {
        const t = termsOf(r);
        const a = waiting(lfd, zone);
        const today = containerMoney(a, null, t, now).demurrage;
        const after = containerMoney(a, null, t, now + later * DAY).demurrage;
        expect(amountOf(after)).toBeGreaterThanOrEqual(amountOf(today));
        // What tomorrow adds is exactly what tomorrow's amount says, the same time tomorrow.
        if (today.state === 'charge') {
          const tomorrow = containerMoney(a, null, t, now + DAY).demurrage;
          expect(amountOf(tomorrow)).toBeCloseTo(today.charge.amount + today.charge.tomorrow, 2);
        }
      },
    ),
  );
});

test('a picked-up box’s demurrage never changes again', () => {
  fc.assert(
    fc.property(
      rules,
      instant,
      instant,
      fc.integer({ min: 0, max: 300 }),
      fc.constantFrom(...ZONES),
      (r, lfd, out, later, zone) => {
        const t = termsOf(r);
        const a = { ...waiting(lfd, zone), current_status: 'picked_up', pod_full_out_at: iso(out) };
        const at = containerMoney(a, null, t, out + DAY).demurrage;
        const laterOn = containerMoney(a, null, t, out + DAY + later * DAY).demurrage;
        expect(laterOn).toEqual(at);
        expect(at.state === 'charge' && at.charge.final && at.charge.tomorrow === 0).toBe(true);
      },
    ),
  );
});

test('a returned empty’s detention never changes again; it never exceeds the running one', () => {
  fc.assert(
    fc.property(rules, instant, fc.integer({ min: 0, max: 40 }), (r, out, kept) => {
      const t = termsOf(r);
      const base = { ...waiting(out - 3 * DAY, 'America/New_York'), pod_full_out_at: iso(out) };
      const back = {
        ...base,
        current_status: 'empty_returned',
        empty_terminated_at: iso(out + kept * DAY),
      };
      const returned = containerMoney(back, null, t, out + kept * DAY + DAY).detention;
      expect(containerMoney(back, null, t, out + 500 * DAY).detention).toEqual(returned);
      const running = containerMoney(
        { ...base, current_status: 'picked_up' },
        null,
        t,
        out + 500 * DAY,
      );
      expect(amountOf(returned)).toBeLessThanOrEqual(amountOf(running.detention));
    }),
  );
});

test('business counting never lands on a weekend and is never earlier than calendar', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 40_000, max: 60_000 }),
      fc.integer({ min: 0, max: 60 }),
      (day, n) => {
        const business = returnByDay(day, n, 'business');
        expect([0, 6]).not.toContain(weekdayOfSerial(business));
        expect(business).toBeGreaterThanOrEqual(returnByDay(day, n, 'calendar'));
      },
    ),
  );
});

test('tiers: the amount of n days is the sum of each day’s rate', () => {
  fc.assert(
    fc.property(tiersText, fc.integer({ min: 0, max: 40 }), (text, n) => {
      const tiers = readFreeTime([HEADER, ['demurrage', '', '', '', '', text, '']]).rules[0];
      if (!tiers || 'problem' in tiers) throw new Error(`not read: ${text}`);
      let sum = 0;
      for (let k = 1; k <= n; k++) sum += rateOfDay(tiers.tiers, k);
      expect(amountForDays(tiers.tiers, n)).toBeCloseTo(sum, 2);
    }),
  );
});

test('any text in a rule row never throws and never becomes a formula-like amount', () => {
  const cell = fc.oneof(
    fc.string(),
    fc.constantFrom('=IMPORTDATA("http://x")', '+1', '-2', 'lots', '1e9', '150x0', 'x4', ''),
    fc.double(),
    fc.boolean(),
  );
  fc.assert(
    fc.property(fc.array(cell, { minLength: 7, maxLength: 7 }), instant, (row, now) => {
      const t = readFreeTime([HEADER, row]);
      const cells = containerMoneyCells(
        { attributes: waiting(now - 5 * DAY, 'UTC'), carrier: null },
        t,
        now,
        'UTC',
      );
      for (const v of Object.values(cells.outputs)) {
        if (typeof v === 'string')
          expect(v === '' || v.startsWith('#Free Time row 2: ')).toBe(true);
        if (typeof v === 'number') expect(Number.isFinite(v) && v >= 0).toBe(true);
      }
    }),
  );
});

test('working counting never lands on a weekend or a closed day, and never before business', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 40_000, max: 60_000 }),
      fc.integer({ min: 0, max: 60 }),
      fc.uniqueArray(fc.integer({ min: 0, max: 120 }), { maxLength: 40 }),
      (day, n, offsets) => {
        const closed = new Set(offsets.map((k) => day + k));
        const working = returnByDay(day, n, 'working', (d) => closed.has(d));
        expect([0, 6]).not.toContain(weekdayOfSerial(working));
        expect(closed.has(working)).toBe(false);
        expect(working).toBeGreaterThanOrEqual(returnByDay(day, n, 'business'));
        // Exactly n working days after the full-out day; with none, the first working day from it.
        const isWorking = (d: number) => ![0, 6].includes(weekdayOfSerial(d)) && !closed.has(d);
        let count = 0;
        for (let d = n === 0 ? day : day + 1; d < working; d++) if (isWorking(d)) count++;
        expect(count).toBe(n === 0 ? 0 : n - 1);
      },
    ),
  );
});

test('rules with and without Equipment and Contract pick the same row when those are blank', () => {
  const row = fc.record({
    kind: fc.constantFrom('demurrage', 'detention', 'bogus'),
    carrier: fc.constantFrom('', 'MSCU', 'MAEU'),
    terminal: fc.constantFrom('', 'Maher Terminal', 'APM Terminals'),
    rates: fc.constantFrom('150', '150x4, 250', 'lots'),
  });
  const box = fc.record({
    carrier: fc.constantFrom(null, 'MSCU', 'MAEU', 'CMDU'),
    terminal: fc.constantFrom(null, 'Maher Terminal', 'APM Terminals'),
    type: fc.constantFrom(null, 'dry', 'reefer', 'tank'),
    length: fc.constantFrom(null, 20, 40),
    contract: fc.constantFrom(null, '', 'SC-1'),
  });
  fc.assert(
    fc.property(fc.array(row, { maxLength: 6 }), box, (rows, b) => {
      const old = readFreeTime([
        HEADER,
        ...rows.map((r) => [r.kind, r.carrier, r.terminal, '', '', r.rates, '']),
      ]);
      const wide = readFreeTime([
        [...HEADER, 'Equipment', 'Contract'],
        ...rows.map((r) => [r.kind, r.carrier, r.terminal, '', '', r.rates, '', '', '']),
      ]);
      for (const kind of ['demurrage', 'detention'] as const) {
        const scope = { equipment: { type: b.type, length: b.length }, contract: b.contract };
        const a = ruleFor(old, kind, b.carrier, b.terminal);
        const w = ruleFor(wide, kind, b.carrier, b.terminal, scope);
        expect(w?.row ?? null).toBe(a?.row ?? null);
      }
    }),
  );
});
