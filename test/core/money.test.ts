// Money at risk (docs/reference.md#money): the Free Time rules as read, demurrage and
// detention in days and money at the facilities' day boundaries, and a row's money columns.

import { readFreeTime, ruleFor, type FreeTimeTerms } from '../../src/core/free-time';
import type { ContainerAttributes } from '../../src/core/model';
import { containerMoney, returnByDay, weekdayOfSerial } from '../../src/core/money';
import {
  containerMoneyCells,
  shipmentMoneyCells,
  currencyFormat,
} from '../../src/core/money-outputs';
import { pullListRows, moneyAtRisk } from '../../src/core/pull-list';
import { calendarDayIn, sheetSerialOfDay } from '../../src/core/timezone';
import { boxAtMaher } from '../helpers/box-at-maher';

const HEADER = ['Kind', 'Carrier', 'Terminal', 'Free Days', 'Counting', 'Daily Rates', 'Currency'];
const US_TERMS: unknown[][] = [
  HEADER,
  ['demurrage', '', '', '', 'calendar', '150x4, 250x5, 400', 'USD'],
  ['detention', '', '', 4, 'calendar', '100x5, 175', 'USD'],
];
const terms = (rows: unknown[][] = US_TERMS): FreeTimeTerms => readFreeTime(rows);

const serial = (iso: string, zone: string) =>
  sheetSerialOfDay(calendarDayIn(Date.parse(iso), zone));

const box = boxAtMaher;

function charge(o: ReturnType<typeof containerMoney>['demurrage']) {
  if (o.state !== 'charge') throw new Error(`expected a charge, got ${JSON.stringify(o)}`);
  return o.charge;
}

describe('Free Time rules', () => {
  test('tiers, numbers, defaults and the first matching row from the top', () => {
    const t = terms([
      HEADER,
      ['Demurrage', 'msc', ' maher   terminal ', '', '', 200, ''],
      ['demurrage', '', '', '', '', '150x4, 250x5, 400', 'usd'],
      ['detention', 'MSCU', '', '5', 'Business', '100 x 5; 175', 'EUR'],
    ]);
    expect(t.problem).toBeNull();
    expect(ruleFor(t, 'demurrage', 'MSC', 'Maher Terminal')).toMatchObject({
      row: 2,
      tiers: [{ rate: 200, days: null }],
      currency: 'USD',
      counting: 'calendar',
    });
    expect(ruleFor(t, 'demurrage', 'CMDU', 'Maher Terminal')).toMatchObject({
      row: 3,
      tiers: [
        { rate: 150, days: 4 },
        { rate: 250, days: 5 },
        { rate: 400, days: null },
      ],
    });
    expect(ruleFor(t, 'detention', 'MSCU', null)).toMatchObject({
      row: 4,
      freeDays: 5,
      counting: 'business',
      currency: 'EUR',
    });
    expect(ruleFor(t, 'detention', 'ONEY', null)).toBeNull();
  });

  test('an unreadable row says why in the cells it would fill; other rules still work', () => {
    const t = terms([
      HEADER,
      ['demurrage', 'MAEU', '', '', '', 'lots', 'USD'],
      ['demurage', 'ONEY', '', '', '', '100', 'USD'],
      ['detention', 'CMDU', '', -2, '', '100', 'USD'],
      ['demurrage', '', '', '', '', '150', 'USD'],
      ['detention', '', '', 4, '', '100', 'USD'],
    ]);
    const maersk = containerMoneyCells(
      { attributes: box(), carrier: 'MAEU' },
      t,
      Date.parse('2026-11-27T15:00:00Z'),
      'America/New_York',
    );
    expect(maersk.outputs.Demurrage).toBe(
      '#Free Time row 2: Daily Rates "lots" is not a rate: write a number (150) or tiers (150x4, 250x5, 400)',
    );
    expect(maersk.outputs['Cost Tomorrow']).toMatch(/^#Free Time row 2:/);
    expect(maersk.outputs.Detention).toBe(''); // row 6 applies: not out yet
    const one = containerMoneyCells({ attributes: box(), carrier: 'ONEY' }, t, Date.now(), 'UTC');
    expect(one.outputs.Demurrage).toBe(
      '#Free Time row 3: Kind "demurage" is not a kind of charge: write demurrage or detention',
    );
    // An unknown Kind may have been meant for either kind: detention says so too, once the box is
    // out with its empty not back (only a cell that would hold money carries the problem).
    expect(one.outputs.Detention).toBe('');
    const oneOut = containerMoneyCells(
      { attributes: box({ pod_full_out_at: '2026-11-20T15:00:00Z' }), carrier: 'ONEY' },
      t,
      Date.parse('2026-11-27T15:00:00Z'),
      'UTC',
    );
    expect(oneOut.outputs.Detention).toMatch(/^#Free Time row 3:/);
    const cma = containerMoneyCells(
      { attributes: box({ pod_full_out_at: '2026-11-20T15:00:00Z' }), carrier: 'CMDU' },
      t,
      Date.parse('2026-11-27T15:00:00Z'),
      'UTC',
    );
    expect(cma.outputs.Detention).toBe(
      '#Free Time row 4: Free Days "-2" is not a whole number of days: write 0 or more, e.g. 4',
    );
    expect(cma.outputs['Return By']).toBe(cma.outputs.Detention);
    // Another carrier's box is priced by rows 5 and 6 as if nothing were wrong.
    const other = containerMoneyCells(
      { attributes: box(), carrier: 'HLCU' },
      t,
      Date.parse('2026-11-27T15:00:00Z'),
      'UTC',
    );
    expect(other.outputs.Demurrage).toBe(300);
    expect(other.currencies.Demurrage).toBe('USD');
  });

  test('a missing header makes every money cell say what to do', () => {
    const t = terms([
      ['Kind', 'Rates'],
      ['demurrage', '100'],
    ]);
    const cells = containerMoneyCells({ attributes: box(), carrier: null }, t, Date.now(), 'UTC');
    expect(cells.outputs.Demurrage).toBe(
      '#Free Time sheet: no "Daily Rates" header in row 1 (run Set up Tracking sheet to see the expected headers)',
    );
  });

  test('no rule of a kind: its money columns stay blank', () => {
    const t = terms([HEADER, ['detention', 'MSCU', '', 4, '', '100', 'USD']]);
    const cells = containerMoneyCells(
      { attributes: box(), carrier: 'ONEY' },
      t,
      Date.parse('2026-11-30T15:00:00Z'),
      'UTC',
    );
    expect(cells.outputs).toEqual({
      Demurrage: '',
      Detention: '',
      'Return By': '',
      'Cost Tomorrow': '',
    });
  });
});

describe('days at the facility', () => {
  test('a Rotterdam box in a New York sheet counts Rotterdam days', () => {
    const a = box({
      pod_timezone: 'Europe/Amsterdam',
      import_deadlines: { pickup_lfd_terminal: '2026-11-24T23:00:00Z' }, // 25 Nov in Rotterdam
    });
    // 00:30 on 26 Nov in Rotterdam, still 18:30 on 25 Nov in New York.
    const now = Date.parse('2026-11-25T23:30:00Z');
    const m = containerMoney(a, null, terms(), now);
    expect(charge(m.demurrage)).toMatchObject({ days: 1, amount: 150, tomorrow: 150 });
    // An hour earlier it was still the LFD in Rotterdam: nothing accrued, 150 tomorrow.
    const before = containerMoney(a, null, terms(), now - 3_600_000);
    expect(charge(before.demurrage)).toMatchObject({ days: 0, amount: 0, tomorrow: 150 });
    const cells = containerMoneyCells(
      { attributes: a, carrier: null },
      terms(),
      now,
      'America/New_York',
    );
    expect(cells.outputs).toMatchObject({ Demurrage: 150, 'Cost Tomorrow': 150 });
  });

  test('an LFD at 23:30 local is that day, whatever its UTC date', () => {
    const a = box({ import_deadlines: { pickup_lfd_terminal: '2026-11-26T04:30:00Z' } });
    const lateOnLfd = Date.parse('2026-11-26T04:59:00Z'); // 23:59 on 25 Nov in New York
    expect(charge(containerMoney(a, null, terms(), lateOnLfd).demurrage)).toMatchObject({
      days: 0,
      tomorrow: 150,
    });
    const nextDay = Date.parse('2026-11-26T05:01:00Z');
    expect(charge(containerMoney(a, null, terms(), nextDay).demurrage).days).toBe(1);
  });

  test('tiers: 150 for 4 days, 250 for the next 5, then 400', () => {
    const a = box();
    const at = (iso: string) => charge(containerMoney(a, null, terms(), Date.parse(iso)).demurrage);
    expect(at('2026-11-29T15:00:00Z')).toMatchObject({ days: 4, amount: 600, tomorrow: 250 });
    expect(at('2026-12-04T15:00:00Z')).toMatchObject({ days: 9, amount: 1850, tomorrow: 400 });
    expect(at('2026-12-05T15:00:00Z')).toMatchObject({ days: 10, amount: 2250, tomorrow: 400 });
  });

  test('the worked example of notes/money.md', () => {
    const a = box();
    const dec5 = containerMoney(a, null, terms(), Date.parse('2026-12-05T17:00:00Z'));
    expect(charge(dec5.demurrage)).toMatchObject({ days: 10, amount: 2250, tomorrow: 400 });
    const out = box({
      current_status: 'empty_returned',
      pod_full_out_at: '2026-12-06T14:00:00Z',
      empty_terminated_at: '2026-12-12T16:00:00Z',
    });
    const done = containerMoney(out, null, terms(), Date.parse('2026-12-20T17:00:00Z'));
    expect(charge(done.demurrage)).toMatchObject({ days: 11, amount: 2650, final: true });
    expect(done.returnBy).toBe(serial('2026-12-10T12:00:00Z', 'UTC'));
    expect(charge(done.detention)).toMatchObject({ days: 2, amount: 200, final: true });
  });

  test('a box picked up on its LFD owes no demurrage, then or ever', () => {
    const a = box({ current_status: 'picked_up', pod_full_out_at: '2026-11-25T19:00:00Z' });
    for (const iso of ['2026-11-25T20:00:00Z', '2026-12-20T15:00:00Z']) {
      const m = containerMoney(a, null, terms(), Date.parse(iso));
      expect(charge(m.demurrage)).toMatchObject({ days: 0, amount: 0, tomorrow: 0, final: true });
      const cells = containerMoneyCells(
        { attributes: a, carrier: null },
        terms(),
        Date.parse(iso),
        'UTC',
      );
      expect(cells.outputs.Demurrage).toBe('');
    }
  });

  test('a Friday full-out with business counting: Return By skips the weekend', () => {
    const t = terms([HEADER, ['detention', '', '', 4, 'business', '100', 'USD']]);
    const a = box({ current_status: 'picked_up', pod_full_out_at: '2026-11-27T16:00:00Z' });
    const m = containerMoney(a, null, t, Date.parse('2026-11-28T15:00:00Z'));
    expect(m.returnBy).toBe(serial('2026-12-03T12:00:00Z', 'UTC')); // Thursday
    const cells = containerMoneyCells(
      { attributes: a, carrier: null },
      t,
      Date.now(),
      'America/New_York',
    );
    expect(cells.outputs['Return By']).toEqual(new Date('2026-12-03T05:00:00Z'));
    // Calendar counting: Friday + 4 = Tuesday.
    const cal = containerMoney(a, null, terms(), Date.parse('2026-11-28T15:00:00Z'));
    expect(cal.returnBy).toBe(serial('2026-12-01T12:00:00Z', 'UTC'));
  });

  test('an empty returned on its Return By owes no detention; a day later it does', () => {
    const out = { current_status: 'empty_returned', pod_full_out_at: '2026-11-20T15:00:00Z' };
    const onTime = box({ ...out, empty_terminated_at: '2026-11-24T21:00:00Z' }); // Return By 24 Nov
    const m = containerMoney(onTime, null, terms(), Date.parse('2026-12-10T15:00:00Z'));
    expect(charge(m.detention)).toMatchObject({ days: 0, amount: 0, final: true, tomorrow: 0 });
    const late = box({ ...out, empty_terminated_at: '2026-11-25T21:00:00Z' });
    const l = containerMoney(late, null, terms(), Date.parse('2026-12-10T15:00:00Z'));
    expect(charge(l.detention)).toMatchObject({ days: 1, amount: 100, final: true });
  });

  test('Cost Tomorrow: tomorrow’s demurrage while waiting, tomorrow’s detention once out', () => {
    const waiting = containerMoneyCells(
      { attributes: box(), carrier: null },
      terms(),
      Date.parse('2026-11-20T15:00:00Z'),
      'UTC',
    );
    expect(waiting.outputs['Cost Tomorrow']).toBe(0); // LFD in 5 days: tomorrow is free
    expect(waiting.currencies['Cost Tomorrow']).toBe('USD');
    const outLate = containerMoneyCells(
      {
        attributes: box({ current_status: 'picked_up', pod_full_out_at: '2026-11-20T15:00:00Z' }),
        carrier: null,
      },
      terms(),
      Date.parse('2026-11-30T15:00:00Z'), // 6 days after Return By (24 Nov)
      'UTC',
    );
    expect(outLate.outputs).toMatchObject({ Detention: 675, 'Cost Tomorrow': 175 });
  });

  test('Cost Tomorrow stays blank while no clock runs: at sea, or done with', () => {
    const cost = (a: ContainerAttributes) =>
      containerMoneyCells(
        { attributes: a, carrier: null },
        terms(),
        Date.parse('2026-12-10T15:00:00Z'),
        'UTC',
      ).outputs['Cost Tomorrow'];
    expect(cost(box({ current_status: 'on_ship', import_deadlines: {} }))).toBe('');
    expect(
      cost(
        box({
          current_status: 'empty_returned',
          pod_full_out_at: '2026-11-20T15:00:00Z',
          empty_terminated_at: '2026-11-26T15:00:00Z',
        }),
      ),
    ).toBe('');
  });

  test('an inland move’s detention starts at the final destination’s full-out', () => {
    const a = box({
      current_status: 'on_rail',
      pod_full_out_at: '2026-11-20T15:00:00Z',
      ind_rail_carrier_scac: 'BNSF',
      final_destination_timezone: 'America/Chicago',
    });
    expect(
      containerMoney(a, null, terms(), Date.parse('2026-12-10T15:00:00Z')).returnBy,
    ).toBeNull();
    const out = { ...a, final_destination_full_out_at: '2026-11-30T05:30:00Z' }; // 29 Nov in Chicago
    expect(containerMoney(out, null, terms(), Date.parse('2026-12-01T15:00:00Z')).returnBy).toBe(
      serial('2026-12-03T12:00:00Z', 'UTC'),
    );
  });
});

describe('a BOL row and the Pull List', () => {
  test('a BOL row sums per currency and never adds two currencies', () => {
    const t = terms([
      HEADER,
      ['demurrage', '', 'Rotterdam Euromax', '', '', '100', 'EUR'],
      ['demurrage', '', '', '', '', '150', 'USD'],
    ]);
    const now = Date.parse('2026-11-27T15:00:00Z'); // 2 days after the LFD
    const us = { attributes: box(), carrier: null };
    const us2 = { attributes: box({ number: 'MSCU7654321' }), carrier: null };
    const eu = {
      attributes: box({ pod_terminal_name: 'Rotterdam Euromax', pod_timezone: 'Europe/Amsterdam' }),
      carrier: null,
    };
    const same = shipmentMoneyCells([us, us2], t, now, 'UTC');
    expect(same.outputs).toMatchObject({ Demurrage: 600, 'Cost Tomorrow': 300 });
    expect(same.currencies.Demurrage).toBe('USD');
    const mixed = shipmentMoneyCells([us, eu], t, now, 'UTC');
    expect(mixed.outputs.Demurrage).toBe('USD 300.00, EUR 200.00');
    expect(mixed.currencies.Demurrage).toBeUndefined();
  });

  test('Pull List: at the terminal, available, no active hold; most expensive first', () => {
    const now = Date.parse('2026-11-28T15:00:00Z');
    const boxes = [
      box({
        number: 'AAAU0000001',
        import_deadlines: { pickup_lfd_terminal: '2026-12-05T05:00:00Z' },
      }),
      box({ number: 'AAAU0000002' }), // 3 days past its LFD
      box({
        number: 'AAAU0000003',
        import_deadlines: { pickup_lfd_terminal: '2026-11-30T05:00:00Z' },
      }),
      box({ number: 'AAAU0000004', holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }] }),
      box({ number: 'AAAU0000005', available_for_pickup: false }),
      box({
        number: 'AAAU0000006',
        current_status: 'picked_up',
        pod_full_out_at: '2026-11-27T15:00:00Z',
      }),
    ].map((attributes) => ({ attributes, carrier: null }));
    const rows = pullListRows(boxes, terms(), now, 'UTC', (n) => `https://app/${n}`);
    expect(rows.map((r) => r.cells[0])).toEqual(['AAAU0000002', 'AAAU0000003', 'AAAU0000001']);
    expect(rows[0]!.cells.slice(3, 5)).toEqual(['USD 150.00', 'USD 450.00']);
    expect(rows.map((r) => r.cost)).toEqual([150, 0, 0]);
    expect(rows[0]!.cells[6]).toBe('https://app/AAAU0000002');
    expect(moneyAtRisk(boxes, terms(), now)).toEqual([{ currency: 'USD', amount: 450, boxes: 3 }]); // boxes 2, 4 and 5
  });

  test('the currency format shows the code', () => {
    expect(currencyFormat('EUR')).toBe('"EUR "#,##0.00');
  });

  test('weekdays of serials: 25 Nov 2026 is a Wednesday', () => {
    expect(weekdayOfSerial(serial('2026-11-25T12:00:00Z', 'UTC'))).toBe(3);
    expect(returnByDay(serial('2026-11-28T12:00:00Z', 'UTC'), 0, 'business')).toBe(
      serial('2026-11-30T12:00:00Z', 'UTC'),
    );
  });
});
