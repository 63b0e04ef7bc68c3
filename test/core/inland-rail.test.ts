// A box that moves inland by rail is picked up inland (docs/reference.md, "Inland rail"): once it
// is on the train or at the ramp, its place is the pickup facility, its deadline the rail LFD in
// that facility's zone, and it is at risk there until its final destination's full-out. Terminal,
// LFD, Attention, alerts, money, the Pull List and a BOL row's summary all say so.

import { alertsFor } from '../../src/core/alert-rules';
import { containerReasons } from '../../src/core/attention';
import { containerSnapshot } from '../../src/core/change-snapshot';
import { readFreeTime } from '../../src/core/free-time';
import { lfdSerial } from '../../src/core/lfd';
import type { ContainerAttributes, ContainerRecord, ShipmentRecord } from '../../src/core/model';
import { containerMoney } from '../../src/core/money';
import { pullListRows } from '../../src/core/pull-list';
import { containerRowOutputs, shipmentRowOutputs } from '../../src/core/row-outputs';
import { calendarDayIn, sheetSerialOfDay } from '../../src/core/timezone';

const NOW = Date.parse('2026-11-28T16:00:00Z'); // 10:00 in Memphis, 08:00 in Long Beach
const SHEET = 'America/New_York';
const day = (iso: string) => sheetSerialOfDay(calendarDayIn(Date.parse(iso), 'UTC'));

/** The demo's CSNU7667309: discharged at TTI Long Beach, by rail to UP Marion Intermodal. */
function railBox(extra: Partial<ContainerAttributes> = {}): ContainerAttributes {
  return {
    number: 'CSNU7667309',
    current_status: 'available',
    available_for_pickup: true,
    holds_at_pod_terminal: [],
    pod_timezone: 'America/Los_Angeles',
    final_destination_timezone: 'America/Chicago',
    pod_terminal_name: 'Total Terminals International',
    pickup_facility_name: 'UP Marion Intermodal, Memphis',
    ind_rail_carrier_scac: 'UPRR',
    pod_rail_loaded_at: '2026-11-20T18:00:00Z',
    pod_rail_departed_at: '2026-11-21T01:00:00Z',
    ind_rail_unloaded_at: '2026-11-24T12:00:00Z',
    import_deadlines: {
      // The terminal's LFD passed long ago at Long Beach: history once the box left by rail.
      pickup_lfd_terminal: '2026-11-22T08:00:00Z',
      pickup_lfd_line: '2026-12-01T06:00:00Z',
      pickup_lfd_rail: '2026-11-28T06:00:00Z', // 28 Nov, midnight in Memphis
    },
    pickup_lfd: '2026-12-01T06:00:00Z',
    ...extra,
  };
}
const record = (a: ContainerAttributes, id = 'c1'): ContainerRecord => ({
  id,
  shipmentId: 's1',
  attributes: a,
});
const shipment: ShipmentRecord = {
  id: 's1',
  attributes: { shipping_line_scac: 'COSU' },
  containerNumbers: ['CSNU7667309', 'EGHU7849100'],
};
const TERMS = readFreeTime([
  ['Kind', 'Carrier', 'Terminal', 'Free Days', 'Counting', 'Daily Rates', 'Currency'],
  ['demurrage', '', '', '', 'calendar', '150x4, 250x5, 400', 'USD'],
  ['detention', '', '', 4, 'calendar', '100x5, 175', 'USD'],
]);

describe('a box at the inland ramp', () => {
  it('is picked up at the pickup facility, not at the port terminal it left', () => {
    const out = containerRowOutputs(record(railBox()), shipment, SHEET, NOW);
    expect(out.Terminal).toBe('UP Marion Intermodal, Memphis');
    expect(out['LFD Source']).toBe('rail');
    expect(out.LFD).toEqual(new Date('2026-11-28T05:00:00Z')); // 28 Nov in a New York sheet
    expect(out.Attention).toBe('LFD today; ready for pickup');
  });

  it('LFD() agrees with the sheet: the rail deadline, in the facility’s zone', () => {
    expect(lfdSerial(railBox(), 'earliest')).toBe(day('2026-11-28T12:00:00Z'));
  });

  it('is priced from the rail LFD and matched by the facility the Terminal column shows', () => {
    const money = containerMoney(railBox(), 'COSU', TERMS, NOW + 2 * 86_400_000);
    expect(money.demurrage).toMatchObject({ state: 'charge', charge: { days: 2, amount: 300 } });
    const byPlace = readFreeTime([
      ['Kind', 'Carrier', 'Terminal', 'Daily Rates'],
      ['demurrage', '', 'UP Marion Intermodal, Memphis', '99'],
      ['demurrage', '', 'Total Terminals International', '1'],
    ]);
    const priced = containerMoney(railBox(), 'COSU', byPlace, NOW + 86_400_000);
    expect(priced.demurrage).toMatchObject({ state: 'charge', charge: { amount: 99 } });
  });

  it('is on the Pull List at its facility', () => {
    const rows = pullListRows(
      [{ attributes: railBox(), carrier: 'COSU' }],
      TERMS,
      NOW,
      SHEET,
      (n) => n,
    );
    expect(rows.map((r) => r.cells.slice(0, 2))).toEqual([
      ['CSNU7667309', 'UP Marion Intermodal, Memphis'],
    ]);
  });
});

describe('a box on the train', () => {
  const onRail = railBox({
    current_status: 'on_rail',
    available_for_pickup: false,
    ind_rail_unloaded_at: null,
    holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
    import_deadlines: {
      pickup_lfd_terminal: '2026-11-22T08:00:00Z',
      pickup_lfd_rail: '2026-12-01T06:00:00Z',
    },
  });

  it('is on its way to a second deadline, not done: the rail LFD warns, nothing is ready', () => {
    expect(containerReasons(onRail, NOW + 86_400_000)).toEqual(['LFD in 2 days']);
    const out = containerRowOutputs(record(onRail), shipment, SHEET, NOW);
    expect(out.Terminal).toBe('UP Marion Intermodal, Memphis');
    expect(out['LFD Source']).toBe('rail');
  });

  it('alerts on its rail LFD like any LFD', () => {
    const snap = (a: ContainerAttributes) => containerSnapshot(record(a), shipment);
    const at = Date.parse('2026-12-01T15:00:00Z');
    const { alerts } = alertsFor('CSNU7667309', snap(onRail), snap(onRail), [], {
      now: at,
      lfdDays: 2,
    });
    expect(alerts.map((a) => [a.kind, a.value])).toEqual([['lfd-due', '2026-12-01']]);
  });

  it('a BOL row with boxes on rail shows their rail LFD and says its boxes are at two places', () => {
    const atTerminal: ContainerAttributes = {
      number: 'EGHU7849100',
      current_status: 'available',
      available_for_pickup: true,
      holds_at_pod_terminal: [],
      pod_timezone: 'America/Los_Angeles',
      pod_terminal_name: 'Total Terminals International',
      import_deadlines: { pickup_lfd_terminal: '2026-12-02T08:00:00Z' },
    };
    const out = shipmentRowOutputs(
      shipment,
      [record(onRail), record(atTerminal, 'c2')],
      SHEET,
      NOW,
    );
    expect(out.LFD).toEqual(new Date('2026-12-01T05:00:00Z'));
    expect(out['LFD Source']).toBe('rail');
    expect(out.Terminal).toBe(
      '2 places: Total Terminals International; UP Marion Intermodal, Memphis',
    );
  });
});

describe('once picked up at its final destination', () => {
  it('is history: no Attention, and its demurrage ends at the full-out there', () => {
    const out = railBox({
      current_status: 'delivered',
      final_destination_full_out_at: '2026-11-30T15:00:00Z',
    });
    expect(containerReasons(out, NOW + 5 * 86_400_000)).toEqual([]);
    const money = containerMoney(out, 'COSU', TERMS, NOW + 5 * 86_400_000);
    expect(money.demurrage).toMatchObject({
      state: 'charge',
      charge: { days: 2, amount: 300, final: true },
    });
  });
});
