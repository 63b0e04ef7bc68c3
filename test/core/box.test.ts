// One reading of a box (core/box.ts): the facts every output reads, and one reading per record,
// shipment and moment in a run.

import { UNREADABLE } from '../../src/core/attribute-values';
import { boxOf, readBox } from '../../src/core/box';
import type { ContainerRecord, ShipmentRecord } from '../../src/core/model';
import { calendarDayIn, sheetSerialOfDay } from '../../src/core/timezone';

const NOW = Date.parse('2026-11-24T15:00:00Z');
const serial = (iso: string, zone: string) =>
  sheetSerialOfDay(calendarDayIn(Date.parse(iso), zone));

function record(attributes: Partial<ContainerRecord['attributes']> = {}): ContainerRecord {
  return {
    id: 'c1',
    shipmentId: 's1',
    attributes: {
      number: 'MSCU1234565',
      current_status: 'available',
      available_for_pickup: true,
      holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: 'CBP exam' }],
      pod_timezone: 'America/New_York',
      pod_terminal_name: 'Maher Terminal',
      import_deadlines: {
        pickup_lfd_terminal: '2026-11-25T05:00:00Z',
        pickup_lfd_line: '2026-11-27T05:00:00Z',
      },
      pickup_lfd: '2026-11-27T05:00:00Z',
      pickup_appointment_at: '2026-11-25T16:30:00Z',
      terminal_checked_at: '2026-11-24T13:00:00Z',
      equipment_type: 'reefer',
      equipment_length: 40,
      ...attributes,
    },
  };
}

const shipment: ShipmentRecord = {
  id: 's1',
  attributes: { shipping_line_scac: 'MSCU', line_tracking_stopped_at: null },
};

describe('boxOf: what a record means', () => {
  it('reads the earliest LFD with its source, facility day and days left there', () => {
    const box = boxOf(record(), shipment, NOW);
    expect(box.lfd).toMatchObject({
      source: 'terminal',
      timeZone: 'America/New_York',
      day: serial('2026-11-25T05:00:00Z', 'America/New_York'),
      daysLeft: 1,
    });
    expect(box.deadlines.line).toEqual({ year: 2026, month: 11, day: 27 });
    expect(box.deadlines.pickup).toEqual({ year: 2026, month: 11, day: 27 });
    expect(box.deadlines.rail).toBeNull();
  });

  it('reads holds, readiness, times in their zones and money inputs once', () => {
    const box = boxOf(record(), shipment, NOW);
    expect(box.atTerminal).toBe(true);
    expect(box.ready).toBe(false);
    expect(box.activeHolds).toEqual(['customs']);
    expect(box.holdsDetail).toBe('customs: hold (CBP exam)');
    expect(box.appointment).toEqual({
      at: new Date('2026-11-25T16:30:00Z'),
      zone: 'America/New_York',
    });
    expect(box.terminalCheckAge).toBe(2 * 3_600_000);
    expect(box.money).toMatchObject({
      terminal: 'Maher Terminal',
      carrier: 'MSCU',
      equipment: { type: 'reefer', length: 40 },
      fullOut: null,
      emptyReturned: null,
    });
  });

  it('places an inland move’s full-out at the final destination, in its zone', () => {
    const box = boxOf(
      record({
        current_status: 'delivered',
        pod_rail_loaded_at: '2026-11-20T10:00:00Z',
        final_destination_timezone: 'America/Chicago',
        final_destination_full_out_at: '2026-11-23T15:00:00Z',
        empty_terminated_at: '2026-11-24T12:00:00Z',
      }),
      null,
      NOW,
    );
    expect(box.atTerminal).toBe(false);
    expect(box.money.inland).toBe(true);
    expect(box.money.fullOut).toEqual({
      instant: Date.parse('2026-11-23T15:00:00Z'),
      zone: 'America/Chicago',
    });
    expect(box.money.emptyReturned?.zone).toBe('America/Chicago');
    expect(box.pickedUp.zone).toBe('America/Chicago');
  });

  it('keeps a field of the wrong shape unreadable, the rest read', () => {
    const box = boxOf(record({ holds_at_pod_terminal: 'oops' as never }), undefined, NOW);
    expect(box.holds).toBe(UNREADABLE);
    expect(box.ready).toBe(UNREADABLE);
    expect(box.lfd?.source).toBe('terminal');
  });

  it('says when the shipment stopped tracking', () => {
    const stopped = { id: 's1', attributes: { line_tracking_stopped_at: '2026-11-20T00:00:00Z' } };
    expect(boxOf(record(), stopped, NOW).trackingStopped).toBe(true);
    expect(boxOf(record(), undefined, NOW).trackingStopped).toBe(false);
  });
});

describe('readBox: one reading per record, shipment and moment', () => {
  it('gives the run’s outputs the same reading', () => {
    const c = record();
    expect(readBox(c, shipment, NOW)).toBe(readBox(c, shipment, NOW));
  });

  it('reads again at another moment or with another shipment', () => {
    const c = record();
    const first = readBox(c, shipment, NOW);
    const later = readBox(c, shipment, NOW + 86_400_000);
    expect(later).not.toBe(first);
    expect(later.lfd?.daysLeft).toBe(0);
    expect(readBox(c, null, NOW + 86_400_000)).not.toBe(later);
  });

  it('reads a record whose attributes were replaced afresh', () => {
    const c = record();
    const first = readBox(c, shipment, NOW);
    c.attributes = { ...c.attributes, current_status: 'picked_up' };
    expect(readBox(c, shipment, NOW)).not.toBe(first);
    expect(readBox(c, shipment, NOW).atTerminal).toBe(false);
  });
});
