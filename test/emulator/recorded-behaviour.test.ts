// The emulator behaves as the recordings of the real service show (local copies of the captured-*
// and live-* fixtures): paginated carriers, the real 422 codes and texts, the exact 404 body,
// Bearer keys, pod_terminal always present, `number` and `filter[number]` look-ups.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { body, harness, trackingRequest } from './support/harness';
import { REFERENCE } from './support/openapi';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- recorded JSON
const recorded = (file: string): any =>
  JSON.parse(readFileSync(join(REFERENCE, 'fixtures', file), 'utf8'));

describe('tracking request refusals as recorded', () => {
  it('a container number with a wrong check digit is 422 invalid_container', () => {
    const h = harness();
    const res = h.post(
      '/v2/tracking_requests',
      trackingRequest({ request_type: 'container', request_number: 'MSCU1234567', scac: 'MSCU' }),
    );
    expect(res.status).toBe(422);
    expect(body(res)).toEqual(
      recorded('captured-2025-07.tracking-requests.create.422-invalid-container.json'),
    );
  });

  it('blank number and SCAC with an unknown request type give every recorded error, in order', () => {
    const h = harness();
    const res = h.post(
      '/v2/tracking_requests',
      trackingRequest({ request_type: 'invalid_type', request_number: '', scac: '' }),
    );
    expect(res.status).toBe(422);
    expect(body(res)).toEqual(
      recorded('captured-2025-07.tracking-requests.create.422-blank-scac-request-type.json'),
    );
  });

  it('an unknown SCAC is not_recognized, a short number too_short', () => {
    const h = harness();
    const res = body(
      h.post(
        '/v2/tracking_requests',
        trackingRequest({ request_type: 'bill_of_lading', request_number: 'AB12', scac: 'QQQQ' }),
      ),
    );
    expect(res.errors.map((e: { code: string }) => e.code)).toEqual([
      'too_short',
      'not_recognized',
    ]);
    expect(res.errors[1].detail).toBe("Scac 'QQQQ' is not recognized");
  });
});

describe('responses as recorded', () => {
  it('a 404 body is exactly the recorded one', () => {
    const h = harness();
    const res = h.get('/v2/tracking_requests/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(body(res)).toEqual(recorded('captured-2025-07.tracking-requests.get.404.json'));
  });

  it('accepts Authorization: Bearer as well as Token', () => {
    const h = harness();
    const res = h.request('GET', '/v2/containers?page[size]=1', {
      key: null,
      headers: { Authorization: `Bearer ${h.key}` },
    });
    expect(res.status).toBe(200);
  });

  // Every recorded shipment and container has a POD and a pod_terminal; the one demo booking
  // with no POD yet is the only place the emulator leaves it null.
  it('pod_terminal is never null where the port of discharge is known', () => {
    const h = harness();
    type Row = {
      attributes: { port_of_discharge_locode?: string | null };
      relationships: { pod_terminal: { data: unknown }; shipment?: { data: { id: string } } };
    };
    const shipments = body(h.get('/v2/shipments?page[size]=100')).data as (Row & { id: string })[];
    const withPod = new Set(
      shipments.filter((s) => s.attributes.port_of_discharge_locode).map((s) => s.id),
    );
    expect(withPod.size).toBeGreaterThan(10);
    expect(
      shipments.filter((s) => withPod.has(s.id) && !s.relationships.pod_terminal.data),
    ).toEqual([]);
    const containers = body(h.get('/v2/containers?page[size]=100')).data as Row[];
    const missing = containers.filter(
      (c) =>
        withPod.has(c.relationships.shipment?.data.id ?? '') && !c.relationships.pod_terminal.data,
    );
    expect(missing).toEqual([]);
  });

  it('GET /shipping_lines is paginated with the recorded page size and links', () => {
    const h = harness();
    const captured = recorded('captured-2025-07.shipping-lines.list.page-1.json');
    const first = body(h.get('/v2/shipping_lines'));
    expect(first.data).toHaveLength(captured.data.length);
    expect(Object.keys(first.links).sort()).toEqual(Object.keys(captured.links).sort());
    expect(first.links.current).toMatch(/\/v2\/shipping_lines\?page\[number\]=1$/);
    const second = body(
      h.get(new URL(first.links.next).pathname + new URL(first.links.next).search),
    );
    expect(second.data.length).toBeGreaterThan(0);
    expect(second.links.next).toBeUndefined();
    const scacs = [...first.data, ...second.data].map(
      (l: { attributes: { scac: string } }) => l.attributes.scac,
    );
    expect(new Set(scacs).size).toBe(scacs.length);
  });

  it('search results have the recorded type and entity_type', () => {
    const h = harness();
    const container = h.emulator.account()!.containers()[0]!;
    const hits = body(h.get(`/v2/search?query=${container.attributes.number}`)).data;
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      expect(hit.type).toBe('search_result');
      expect(['shipment', 'cargo', 'tracking_request']).toContain(hit.attributes.entity_type);
    }
  });
});

describe('look-ups by number', () => {
  it('/shipments?number= matches the request number, not container numbers', () => {
    const h = harness();
    const account = h.emulator.account()!;
    const shipment = account.shipments()[0]!;
    const bol = shipment.attributes.bill_of_lading_number as string;
    const byBol = body(h.get(`/v2/shipments?number=${encodeURIComponent(bol)}`)).data;
    expect(byBol.map((s: { id: string }) => s.id)).toEqual([shipment.id]);
    const box = account.containersOf(shipment)[0]!.attributes.number;
    expect(body(h.get(`/v2/shipments?number=${box}`)).data).toEqual([]);
  });

  it('/containers?filter[number]= finds a container and includes its shipment', () => {
    const h = harness();
    const container = h.emulator.account()!.containers()[3]!;
    const res = body(
      h.get(`/v2/containers?filter[number]=${container.attributes.number}&include=shipment`),
    );
    expect(res.data.map((c: { id: string }) => c.id)).toEqual([container.id]);
    expect(res.included.map((r: { type: string }) => r.type)).toContain('shipment');
  });
});
