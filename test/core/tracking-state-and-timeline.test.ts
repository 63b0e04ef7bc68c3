// The `Tracking` words for a shipment's stop state, and the Timeline's ordering and labels, on
// the shapes the service documents and the odd ones it may send.

import { buildTimeline, eventLabel, type EventResource } from '../../src/core/timeline';
import { stopStateOf, trackingStateText } from '../../src/core/tracking-state';
import { isUnreadable } from '../../src/core/attribute-values';
import type { ShipmentAttributes } from '../../src/core/model';

const stop = (a: Record<string, unknown>) => stopStateOf(a as ShipmentAttributes);
const text = (a: Record<string, unknown>) => {
  const state = stop(a);
  if (state === undefined || isUnreadable(state)) throw new Error('no state');
  return trackingStateText(state);
};

describe('the Tracking column for a shipment', () => {
  it.each([
    ['cancelled_by_user', 'stopped: by user'],
    ['all_containers_terminated', 'stopped: all containers returned empty'],
    ['past_arrival_window', 'stopped: 56 days after arrival'],
    ['past_full_out_window', 'stopped: 28 days after the last pickup'],
    ['no_updates_at_line', 'stopped: no updates from the line'],
    ['booking_cancelled', 'stopped: booking cancelled'],
    ['some_new_reason', 'stopped: some_new_reason'],
  ])('%s → %s', (reason, words) => {
    expect(
      text({
        line_tracking_stopped_at: '2026-11-20T10:00:00Z',
        line_tracking_stopped_reason: reason,
      }),
    ).toBe(words);
  });

  it('tracked, stopped without a reason, a reason without a time, unsent, unreadable', () => {
    expect(text({ line_tracking_stopped_at: null, line_tracking_stopped_reason: null })).toBe(
      'tracked',
    );
    expect(text({ line_tracking_stopped_at: '2026-11-20T10:00:00Z' })).toBe('stopped');
    expect(text({ line_tracking_stopped_reason: 'booking_cancelled' })).toBe(
      'stopped: booking cancelled',
    );
    expect(stop({ pod_eta_at: null })).toBeUndefined();
    expect(isUnreadable(stop({ line_tracking_stopped_at: { at: 1 } }))).toBe(true);
    expect(isUnreadable(stop({ line_tracking_stopped_at: 'soon' }))).toBe(true);
  });
});

const event = (
  id: string,
  name: string,
  timestamp: string | null,
  timezone: string | null = 'Europe/Amsterdam',
): EventResource => ({
  id,
  type: 'transport_event',
  attributes: { event: name, timestamp, timezone, location_locode: 'NLRTM' },
  relationships: { location: { data: null }, terminal: { data: null } },
});

describe('the Timeline', () => {
  it('orders by time, then by the journey for events at one time; events without a time last', () => {
    const t = '2026-11-10T09:00:00Z';
    const timeline = buildTimeline(
      [
        event('1', 'container.transport.vessel_discharged', t),
        event('2', 'container.transport.vessel_arrived', t),
        event('3', 'container.transport.full_out', null),
        event('4', 'container.transport.vessel_loaded', '2026-10-01T00:00:00Z'),
        { id: '5', type: 'port', attributes: { name: 'not an event' } },
      ],
      [],
    );
    expect(timeline.map((e) => e.label)).toEqual([
      'Loaded on vessel',
      'Vessel arrived',
      'Discharged from vessel',
      'Picked up (full out)',
    ]);
    expect(timeline[1]!.time).toBe('2026-11-10 10:00 GMT+1');
    expect(timeline[1]!.place).toBe('NLRTM');
    expect(timeline[3]!).toMatchObject({ time: '', at: null });
  });

  it('labels estimates and events it has no words for', () => {
    expect(eventLabel('container.transport.estimated.vessel_arrived')).toBe(
      'Vessel arrival (estimated)',
    );
    expect(eventLabel('container.pickup_lfd.changed')).toBe('Last free day changed');
    expect(eventLabel('container.transport.barge_departed')).toBe('Barge departed');
    expect(eventLabel('')).toBe('Event');
  });
});
