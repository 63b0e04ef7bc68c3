// Stop / resume tracking and the Timeline, through the built add-in against the emulator: the
// Tracking sheet's `Tracking` says a shipment is stopped and why (the service's own reasons), a
// stopped row keeps the warnings of its boxes still at the terminal, errors say what is wrong, and a container's
// transport events come back in order, with place and the place's local time.

import { localTimeText } from '../../../src/core/local-time';
import type { Timeline, TrackingChange } from '../../../src/addon/sidebar-api/shipment-tracking';
import { column, rewriteAnswers, sheetValues, withRows } from '../../helpers/addon-harness';

type Harness = ReturnType<typeof withRows>;
const DAY = 86_400_000;

/** The demo box in New York whose LFD passed two days ago, on a USDA hold. */
function overdue(h: Harness) {
  const account = h.emulator.account()!;
  const box = account
    .containers()
    .find((c) => c.attributes.holds_at_pod_terminal.some((x) => x.name === 'USDA'))!;
  return { box, shipment: account.shipmentOf(box)! };
}

function sheetFor(): { h: Harness; number: string; bol: string } {
  const probe = withRows([]);
  const { box, shipment } = overdue(probe);
  const number = box.attributes.number;
  const bol = shipment.attributes.bill_of_lading_number;
  const h = withRows([[number], [bol]]);
  h.gas.run('refreshTrackingSheet');
  return { h, number, bol };
}

describe('stopTracking / resumeTracking', () => {
  it('stops the row’s shipment: both its rows say `stopped: by user` and ask for nothing', () => {
    const { h, number, bol } = sheetFor();
    expect(column(h, 'Tracking')).toEqual(['tracked', 'tracked']);
    expect(column(h, 'Attention')[0]).toMatch(/^LFD passed 2 days ago; on hold: USDA/);

    const result = h.gas.run<TrackingChange>('stopTracking', [
      { number: ` ${number.toLowerCase()} ` },
    ]);
    expect(result).toEqual({
      number,
      shipment: bol,
      tracking: 'stopped: by user',
      message: expect.stringMatching(
        new RegExp(`^Stopped tracking shipment ${bol} \\(3 containers\\)`),
      ),
    });
    const { shipment } = overdue(h);
    expect(shipment.attributes.line_tracking_stopped_reason).toBe('cancelled_by_user');

    // The cache has the stopped shipment: a cell reads it without asking the service.
    const before = h.requests();
    expect(h.cell('CONTAINER_INFO', number, 'shipment.line_tracking_stopped_reason')).toBe(
      'cancelled_by_user',
    );
    expect(h.requests()).toBe(before);

    // Both rows say so at once, and the Change Log records it as the sidebar's doing.
    expect(column(h, 'Tracking')).toEqual(['stopped: by user', 'stopped: by user']);
    // Demurrage does not stop with tracking: the box still at the terminal keeps its warnings.
    const warned = /^LFD passed 2 days ago; on hold: USDA.* \(tracking stopped\)$/;
    expect(column(h, 'Attention')).toEqual([
      expect.stringMatching(warned),
      expect.stringMatching(warned),
    ]);
    const logged = () =>
      sheetValues(h, 'Change Log')
        .slice(1)
        .filter((r) => r[2] === 'tracking')
        .map((r) => [r[1], r[3], r[4], r[5]]);
    // The BOL row and each of its 3 boxes (the BOL row speaks for them all), once each.
    expect(logged()).toHaveLength(4);
    expect(logged().map((r) => r[0])).toEqual(expect.arrayContaining([number, bol]));
    for (const row of logged())
      expect(row.slice(1)).toEqual(['tracked', 'stopped: by user', 'sidebar']);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Tracking')).toEqual(['stopped: by user', 'stopped: by user']);
    expect(column(h, 'Attention')).toEqual([
      expect.stringMatching(warned),
      expect.stringMatching(warned),
    ]);
    expect(logged()).toHaveLength(4); // the refresh saw no change

    const resumed = h.gas.run<TrackingChange>('resumeTracking', [{ number: bol }]);
    expect(resumed.tracking).toBe('tracked');
    expect(resumed.message).toMatch(/^Resumed tracking shipment .* may be missing\.$/);
    expect(column(h, 'Tracking')).toEqual(['tracked', 'tracked']);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Tracking')).toEqual(['tracked', 'tracked']);
    expect(column(h, 'Attention')[0]).toMatch(/^LFD passed 2 days ago/);
  });

  it('says why the service stopped by itself, and keeps the warnings of a box still waiting', () => {
    const probe = withRows([]);
    const account = probe.emulator.account()!;
    const byReason = (reason: string) =>
      account.shipments().find((s) => s.attributes.line_tracking_stopped_reason === reason)!
        .attributes.bill_of_lading_number;
    const { box } = overdue(probe);
    const h = withRows([
      [byReason('all_containers_terminated')],
      [byReason('past_full_out_window')],
      [box.attributes.number],
    ]);
    h.clock.advance(57 * DAY);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Tracking')).toEqual([
      'stopped: all containers returned empty',
      'stopped: 28 days after the last pickup',
      'stopped: 56 days after arrival',
    ]);
    expect(column(h, 'Attention')[2]).toMatch(/^LFD passed 59 days ago.*\(tracking stopped\)$/);

    // Stopping what the service stopped by itself changes nothing, and says so.
    const again = h.gas.run<TrackingChange>('stopTracking', [{ number: box.attributes.number }]);
    expect(again.tracking).toBe('stopped: 56 days after arrival');
    expect(again.message).toMatch(
      /^The service had already stopped tracking shipment .* \(stopped: 56 days after arrival\)\.$/,
    );
  });

  it('a number the account does not track, an unusable one, and the service’s own refusal', () => {
    const { h, number } = sheetFor();
    expect(() => h.gas.run('stopTracking', [{ number: 'MSCU1234566' }])).toThrow(
      /MSCU1234566 is not tracked/,
    );
    expect(() => h.gas.run('resumeTracking', [{ number: '' }])).toThrow(/Select a row/);
    h.interceptors.push((req) =>
      req.method === 'PATCH' && req.url.endsWith('/stop_tracking')
        ? {
            status: 422,
            headers: { 'Content-Type': 'application/vnd.api+json' },
            body: JSON.stringify({
              errors: [
                { status: '422', detail: 'Shipment cannot be stopped while <b>pending</b>' },
              ],
            }),
          }
        : undefined,
    );
    expect(() => h.gas.run('stopTracking', [{ number }])).toThrow(
      'Shipment cannot be stopped while <b>pending</b>',
    );
    expect(overdue(h).shipment.attributes.line_tracking_stopped_at).toBeNull();
  });
});

describe('getTimeline', () => {
  it('lists a container’s events in order, with port and terminal and the port’s local time', () => {
    const { h, number } = sheetFor();
    const { box } = overdue(h);
    const timeline = h.gas.run<Timeline>('getTimeline', [{ number }]);
    expect(timeline.number).toBe(number);
    expect(timeline.more).toBe(0);
    expect(timeline.containers).toHaveLength(1);
    const { container, events } = timeline.containers[0]!;
    expect(container).toBe(number);
    expect(events.map((e) => e.label)).toEqual([
      'Empty picked up for loading',
      'Full container gated in',
      'Loaded on vessel',
      'Vessel departed',
      'Vessel arrived',
      'Vessel berthed',
      'Discharged from vessel',
    ]);
    const times = events.map((e) => Date.parse(e.at!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const discharged = events.find((e) => e.event === 'container.transport.vessel_discharged')!;
    expect(discharged.place).toBe('New York/New Jersey · Port Newark Container Terminal');
    expect(discharged.time).toBe(
      localTimeText(Date.parse(box.attributes.pod_discharged_at!), 'America/New_York'),
    );
    expect(discharged.time).toMatch(/ E[SD]T$/);
    expect(events[0]!.place).toBe('Ningbo');
    expect(events[0]!.time).toMatch(/ GMT\+8$/);
  });

  it('a BOL row gets each container’s timeline; an event without a zone shows its time as given', () => {
    const { h, bol } = sheetFor();
    rewriteAnswers(h, /\/transport_events$/, (doc) => {
      const events = doc.data as { attributes: Record<string, unknown> }[];
      for (const e of events) {
        if (e.attributes.event === 'container.transport.vessel_departed') {
          e.attributes.timezone = null;
          e.attributes.timestamp = '2026-10-20T08:30:00Z';
        }
      }
      const ports = (doc.included as { type: string; attributes: Record<string, unknown> }[]) ?? [];
      for (const p of ports)
        if (p.attributes.name === 'Ningbo') p.attributes.name = '=HYPERLINK("x")<img src=x>';
      return doc;
    });
    const timeline = h.gas.run<Timeline>('getTimeline', [{ number: bol }]);
    expect(timeline.containers.map((c) => c.container)).toEqual(
      overdue(h).shipment.containerIds.map(
        (id) => h.emulator.account()!.container(id)!.attributes.number,
      ),
    );
    for (const { events } of timeline.containers) {
      const departed = events.find((e) => e.event === 'container.transport.vessel_departed')!;
      expect(departed.time).toBe('2026-10-20 08:30 (zone unknown)');
      expect(events[0]!.place).toBe('=HYPERLINK("x")<img src=x>');
    }
  });

  it('says so for a number that is not tracked', () => {
    const { h } = sheetFor();
    expect(() => h.gas.run('getTimeline', [{ number: 'MSCU1234566' }])).toThrow(/not tracked/);
  });
});
