// Relationships and links as the recordings show them, wherever a resource appears: primary data,
// `included`, a webhook notification's included records. For every resource type the recordings
// hold, the emulator must give the same relationship names in the same order, each relationship
// an object with `data` alone, and the same resource-level `links` (a shipment's and a tracking
// request's `self`; none on containers, terminals, ports, transport events). The shapes are read
// from the fixtures, not written here, so a new recording tightens the test by itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORIGIN, body, harness, trackingRequest, type Harness } from './support/harness';
import { REFERENCE } from './support/openapi';

interface Resource {
  id: string;
  type: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, Record<string, unknown>>;
  links?: Record<string, unknown>;
}
interface Doc {
  data?: Resource | Resource[] | null;
  included?: Resource[];
  links?: Record<string, string>;
}

// Not read for shapes: containers.get.pickup.json was written by hand for the service's SDK tests
// (no links, relationships reordered); containers.route.json answers GET /containers/{id}/route,
// which the emulator does not serve, and its route locations' ports come without relationships.
const LEFT_OUT = new Set(['containers.get.pickup.json', 'containers.route.json']);

const recorded = (file: string): Doc =>
  JSON.parse(readFileSync(join(REFERENCE, 'fixtures', file), 'utf8')) as Doc;

function resourcesOf(doc: Doc): Resource[] {
  const data = doc.data === undefined || doc.data === null ? [] : [doc.data].flat();
  return [...data, ...(doc.included ?? [])].filter(
    (r): r is Resource => typeof r === 'object' && r !== null && typeof r.type === 'string',
  );
}

/** One resource's shape: its relationship names in order, and its links' names. */
const relationshipNames = (r: Resource) => Object.keys(r.relationships ?? {}).join(',');
const linkNames = (r: Resource) => Object.keys(r.links ?? {}).join(',');

/** Per type, every shape the recordings show. */
function recordedShapes(): Map<string, { relationships: Set<string>; links: Set<string> }> {
  const shapes = new Map<string, { relationships: Set<string>; links: Set<string> }>();
  const files = readdirSync(join(REFERENCE, 'fixtures')).filter(
    (f) => f.endsWith('.json') && !LEFT_OUT.has(f),
  );
  for (const file of files) {
    for (const r of resourcesOf(recorded(file))) {
      const shape = shapes.get(r.type) ?? { relationships: new Set(), links: new Set() };
      shape.relationships.add(relationshipNames(r));
      shape.links.add(linkNames(r));
      shapes.set(r.type, shape);
    }
  }
  return shapes;
}

const RECORDED = recordedShapes();

function subscribeToEverything(h: Harness): void {
  const res = h.post('/v2/webhooks', {
    data: {
      type: 'webhook',
      attributes: {
        url: 'https://hooks.example.com/exec',
        active: true,
        events: [
          'container.updated',
          'container.transport.available',
          'shipment.estimated.arrival',
          'tracking_request.succeeded',
        ],
      },
    },
  });
  expect(res.status).toBe(201);
}

/** Every kind of answer that carries resources the recordings also hold, labelled. */
function emulatorDocuments(): [string, Doc][] {
  const h = harness({
    rateLimit: { limit: 100_000, windowMs: 60_000 },
    trackingDelays: { pendingMs: 1000 },
  });
  subscribeToEverything(h);
  const created = h.post(
    '/v2/tracking_requests',
    trackingRequest({ request_type: 'bill_of_lading', request_number: 'MEDUSH0001', scac: 'MSCU' }),
  );
  expect(created.status).toBe(201);
  h.clock.advance(2000);
  const account = h.emulator.account()!;
  const container = account.containers().find((c) => c.pickupFacilityId !== null)!;
  const shipment = account.shipmentOf(container)!;
  const change = h.emulator.handle({
    method: 'POST',
    url: `${ORIGIN}/__emulator/containers/${container.attributes.number}/changes`,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ available: true, eta: '2026-12-01T10:00:00Z' }),
  });
  expect(change.status).toBe(200);
  const docs: [string, string][] = [
    ['containers list', '/v2/containers?page[size]=100&include=shipment,pod_terminal'],
    ['containers list with events', '/v2/containers?page[size]=5&include=transport_events'],
    [
      'container',
      `/v2/containers/${container.id}?include=shipment,pod_terminal,pickup_facility,transport_events`,
    ],
    [
      'shipments list',
      '/v2/shipments?page[size]=100&include=containers,pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal',
    ],
    ['shipment', `/v2/shipments/${shipment.id}?include=containers,port_of_discharge,pod_terminal`],
    [
      'transport events',
      `/v2/containers/${container.id}/transport_events?include=location,terminal,container,shipment`,
    ],
    ['tracking requests', '/v2/tracking_requests?include=tracked_object'],
  ];
  const out: [string, Doc][] = docs.map(([label, path]) => {
    const res = h.get(path);
    expect(res.status).toBe(200);
    return [label, body(res) as Doc];
  });
  for (const n of body(h.get('/v2/webhook_notifications')).data as Resource[]) {
    const doc = body(h.get(`/v2/webhook_notifications/${n.id}`)) as Doc;
    const about = doc.included?.[0]?.type ?? '?';
    out.push([`notification about a ${about}`, doc]);
  }
  return out;
}

describe('relationships and links as recorded, wherever a resource appears', () => {
  const documents = emulatorDocuments();

  it('the recordings show one relationship list and one links shape per type', () => {
    // If a new recording shows two shapes for a type, this test must learn which applies when.
    for (const [type, shape] of RECORDED) {
      expect([type, shape.relationships.size]).toEqual([type, 1]);
      expect([type, shape.links.size]).toEqual([type, 1]);
    }
    expect([...RECORDED.keys()]).toEqual(
      expect.arrayContaining(['container', 'shipment', 'terminal', 'port', 'tracking_request']),
    );
  });

  it.each(documents.map(([label]) => label))('%s', (label) => {
    const doc = documents.find(([l]) => l === label)![1];
    const wrong: string[] = [];
    for (const r of resourcesOf(doc)) {
      const shape = RECORDED.get(r.type);
      if (!shape) continue;
      const where = `${r.type} ${r.id}`;
      const names = relationshipNames(r);
      if (!shape.relationships.has(names))
        wrong.push(`${where}: relationships [${names}], recorded [${[...shape.relationships]}]`);
      for (const [name, rel] of Object.entries(r.relationships ?? {})) {
        if (Object.keys(rel).join(',') !== 'data')
          wrong.push(`${where}: relationship ${name} has [${Object.keys(rel)}], recorded [data]`);
      }
      const links = linkNames(r);
      if (!shape.links.has(links))
        wrong.push(`${where}: links [${links}], recorded [${[...shape.links]}]`);
    }
    expect([...new Set(wrong)]).toEqual([]);
  });

  it('a port lists its terminals, as ports.get.json and shipments.get.include.json do', () => {
    const doc = documents.find(([l]) => l === 'shipments list')![1];
    const included = doc.included ?? [];
    const terminalsOf = new Map(
      included
        .filter((r) => r.type === 'port')
        .map((p) => [p.id, (p.relationships?.terminals?.data ?? null) as { id: string }[] | null]),
    );
    expect(terminalsOf.size).toBeGreaterThan(5);
    // Each shipment's POD terminal is among its port of discharge's terminals.
    const shipments = [doc.data ?? []].flat().filter((s) => s.relationships?.pod_terminal?.data);
    expect(shipments.length).toBeGreaterThan(10);
    for (const s of shipments) {
      const pod = s.relationships!.port_of_discharge!.data as { id: string };
      const terminal = s.relationships!.pod_terminal!.data as { id: string };
      expect(terminalsOf.get(pod.id)?.map((t) => t.id)).toContain(terminal.id);
    }
  });

  it('pod_terminal is null only on the booking whose port of discharge is not known yet', () => {
    // Recordings never show it null; the document's own example of GET /tracking_requests/{id}
    // ("Multiple containers") shows a shipment with no port of discharge and no pod_terminal.
    for (const [label, doc] of documents) {
      for (const r of resourcesOf(doc)) {
        if (r.type !== 'shipment' && r.type !== 'container') continue;
        if (r.relationships?.pod_terminal?.data !== null) continue;
        const podKnown =
          r.type === 'shipment'
            ? r.attributes?.port_of_discharge_locode
            : r.attributes?.pod_timezone;
        expect([label, r.type, r.id, podKnown]).toEqual([label, r.type, r.id, null]);
      }
    }
  });
});

describe('top-level links as recorded', () => {
  it('GET /search answers links self and current, as live-2026-02.search.*.json', () => {
    const h = harness();
    const number = h.emulator.account()!.containers()[0]!.attributes.number;
    const doc = body(h.get(`/v2/search?query=${number}`)) as Doc;
    const captured = recorded('live-2026-02.search.container-number.json');
    expect(Object.keys(doc.links ?? {})).toEqual(Object.keys(captured.links ?? {}));
    expect(doc.links).toEqual({
      self: `${ORIGIN}/v2/search?query=${number}`,
      current: `${ORIGIN}/v2/search?page[number]=1&query=${number}`,
    });
  });
});
