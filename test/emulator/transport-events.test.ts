// GET /containers/{id}/transport_events: a demo container's milestones as the service lists them
// (not in time order), with its ports' names and zones and the terminal where it reported them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { body, harness } from './support/harness';
import { validateResponse, failures } from './support/openapi';

const h = harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
const account = h.emulator.account()!;

interface Event {
  id: string;
  attributes: { event: string; timestamp: string; timezone: string; location_locode: string };
  relationships: { location: { data: { id: string } | null }; terminal: { data: unknown } };
}

const eventsPath = (id: string, query = '') => `/v2/containers/${id}/transport_events${query}`;

/** A box that sailed, was discharged and is waiting, available, at a US terminal. */
const available = account
  .containers()
  .find((c) => c.attributes.current_status === 'available' && c.attributes.pod_timezone !== null)!;

describe('GET /containers/{id}/transport_events', () => {
  it('lists the journey from the empty leaving the depot to availability, not in time order', () => {
    const json = body(h.get(eventsPath(available.id, '?page[size]=100')));
    const events: Event[] = json.data;
    const byTime = [...events].sort(
      (a, b) => Date.parse(a.attributes.timestamp) - Date.parse(b.attributes.timestamp),
    );
    expect(byTime.map((e) => e.attributes.event)).toEqual([
      'container.transport.empty_out',
      'container.transport.full_in',
      'container.transport.vessel_loaded',
      'container.transport.vessel_departed',
      'container.transport.vessel_arrived',
      'container.transport.vessel_berthed',
      'container.transport.vessel_discharged',
      'container.transport.available',
    ]);
    expect(events.map((e) => e.id)).not.toEqual(byTime.map((e) => e.id));
    // The same events as the container's relationship, in the same order.
    const related = body(h.get(`/v2/containers/${available.id}`)).data.relationships
      .transport_events.data;
    expect(events.map((e) => e.id)).toEqual(related.map((r: { id: string }) => r.id));
  });

  it('includes the ports (name, zone) and the terminal; each event carries its port’s zone', () => {
    const json = body(h.get(eventsPath(available.id, '?include=location,terminal&page[size]=100')));
    const ports = new Map<string, { name: string; time_zone: string; code: string }>(
      json.included
        .filter((r: { type: string }) => r.type === 'port')
        .map((r: { id: string; attributes: never }) => [r.id, r.attributes]),
    );
    const terminals = json.included.filter((r: { type: string }) => r.type === 'terminal');
    expect(terminals.map((t: { id: string }) => t.id)).toEqual([available.podTerminalId]);
    for (const e of json.data as Event[]) {
      const port = ports.get(e.relationships.location.data!.id)!;
      expect(port.code).toBe(e.attributes.location_locode);
      expect(port.time_zone).toBe(e.attributes.timezone);
    }
    const discharged = (json.data as Event[]).find(
      (e) => e.attributes.event === 'container.transport.vessel_discharged',
    )!;
    expect(discharged.attributes.timezone).toBe(available.attributes.pod_timezone);
    expect(discharged.relationships.terminal.data).toEqual({
      type: 'terminal',
      id: available.podTerminalId,
    });
  });

  it('pages like the other lists and validates against the OpenAPI schema', () => {
    const first = body(h.get(eventsPath(available.id, '?page[size]=3')));
    expect(first.data).toHaveLength(3);
    expect(first.meta).toEqual({ size: 3, total: 8 });
    const second = body(h.get(first.links.next));
    expect(second.data.map((e: Event) => e.id)).not.toContain(first.data[0].id);
    const issues = validateResponse(
      '/containers/{id}/transport_events',
      'get',
      200,
      body(h.get(eventsPath(available.id, '?include=location,terminal'))),
    );
    expect(failures(issues)).toEqual([]);
  });

  it('has the attributes and relationships of the recorded events, in their order', () => {
    const recorded = JSON.parse(
      readFileSync(
        path.resolve(__dirname, '../../local/emulator/reference/fixtures/containers.events.json'),
        'utf8',
      ),
    ).data[0];
    const served = body(h.get(eventsPath(available.id))).data[0];
    expect(Object.keys(served.attributes)).toEqual(Object.keys(recorded.attributes));
    expect(Object.keys(served.relationships)).toEqual(Object.keys(recorded.relationships));
  });

  it('404 for an unknown container; 400 for an include that is not a relationship', () => {
    expect(h.get(eventsPath('no-such-container')).status).toBe(404);
    const bad = h.get(eventsPath(available.id, '?include=carrier'));
    expect(bad.status).toBe(400);
    expect(body(bad).errors[0].detail).toBe(
      'carrier is not specified as a relationship on V2::TransportEventSerializer',
    );
  });
});
