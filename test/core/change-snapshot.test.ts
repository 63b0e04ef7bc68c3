// Snapshots are what the Change Log's Old/New show: literal text like the sheet's, unknown
// fields left out (neither a change nor blank).

import {
  holdNamesOf,
  INTERNAL,
  containerSnapshot,
  diffSnapshots,
  mergeSnapshots,
  requestSnapshot,
  shipmentSnapshot,
} from '../../src/core/change-snapshot';
import type { ContainerRecord, ShipmentRecord } from '../../src/core/model';

const box = (attributes: Record<string, unknown>): ContainerRecord => ({
  id: 'c1',
  shipmentId: 's1',
  attributes: { number: 'MSCU1234566', ...attributes },
});
const ship: ShipmentRecord = {
  id: 's1',
  attributes: {
    pod_vessel_name: 'EVER <b>GIVEN</b>',
    pod_eta_at: '2026-11-24T19:30:00Z',
    pod_timezone: 'America/Los_Angeles',
  },
};

it('formats LFDs as the facility day and date-times at the facility with their zone', () => {
  const s = containerSnapshot(
    box({
      pod_timezone: 'America/Los_Angeles',
      // 02:00 UTC on the 25th is still the 24th in Los Angeles.
      import_deadlines: { pickup_lfd_terminal: '2026-11-25T02:00:00Z' },
      pickup_lfd: null,
      current_status: 'available',
      holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: 'exam' }],
      available_for_pickup: true,
    }),
    ship,
  );
  expect(s.pickup_lfd_terminal).toBe('2026-11-24');
  expect(s.pickup_lfd).toBe('');
  expect(s[INTERNAL.lfd]).toBe('2026-11-24@America/Los_Angeles');
  expect(s.pod_eta_at).toBe('2026-11-24 11:30 PST');
  expect(s.pod_vessel_name).toBe('EVER <b>GIVEN</b>');
  expect(s.holds).toBe('customs: hold (exam)');
  expect(holdNamesOf(s[INTERNAL.holds])).toEqual(['customs']);
  expect(s.ready_for_pickup).toBe('no');
  expect(s.tracking).toBe('tracked');
});

it('leaves out what the answer did not carry, and a shipment not included', () => {
  const s = containerSnapshot(box({ current_status: 'on_ship' }), undefined);
  expect(s).not.toHaveProperty('holds');
  expect(s).not.toHaveProperty('pod_eta_at');
  expect(s).not.toHaveProperty('pickup_lfd');
});

it('diffs only fields known on both sides, in a fixed order', () => {
  const before = { current_status: 'on_ship', holds: '', tracking: 'pending' };
  const after = {
    current_status: 'available',
    holds: 'customs: hold',
    pod_eta_at: 'x',
    tracking: 'tracked',
  };
  expect(diffSnapshots(before, after)).toEqual([
    { field: 'current_status', old: 'on_ship', new: 'available' },
    { field: 'holds', old: '', new: 'customs: hold' },
    { field: 'tracking', old: 'pending', new: 'tracked' },
  ]);
  expect(diffSnapshots(after, after)).toEqual([]);
  expect(mergeSnapshots(before, requestSnapshot('failed: not_found'))).toEqual({
    ...before,
    tracking: 'failed: not_found',
  });
});

it("takes a stopped shipment's state as its tracking, for its boxes and its BOL row", () => {
  const stopped: ShipmentRecord = {
    ...ship,
    attributes: {
      ...ship.attributes,
      line_tracking_stopped_at: '2026-11-22T10:00:00Z',
      line_tracking_stopped_reason: 'cancelled_by_user',
    },
  };
  expect(containerSnapshot(box({ current_status: 'available' }), stopped).tracking).toBe(
    'stopped: by user',
  );
  expect(shipmentSnapshot(stopped).tracking).toBe('stopped: by user');
  const resumed: ShipmentRecord = {
    ...ship,
    attributes: {
      ...ship.attributes,
      line_tracking_stopped_at: null,
      line_tracking_stopped_reason: null,
    },
  };
  expect(
    diffSnapshots(shipmentSnapshot(stopped), shipmentSnapshot(resumed)).map((c) => [
      c.field,
      c.old,
      c.new,
    ]),
  ).toEqual([['tracking', 'stopped: by user', 'tracked']]);
});
