import { body, contentType, harness, headerOf, text } from './support/harness';

const h = harness({ rateLimit: { limit: 10_000, windowMs: 60_000 } });
const BASE = 'http://127.0.0.1:4949/v2/containers';

describe('GET /containers', () => {
  it('returns 30 per page by default, newest first, with meta and links', () => {
    const response = h.get('/v2/containers');
    expect(response.status).toBe(200);
    expect(contentType(response)).toBe('application/vnd.api+json');
    const json = body(response);
    expect(json.data).toHaveLength(30);
    expect(json.meta).toEqual({ size: 30, total: 63 });
    expect(json.links).toEqual({
      self: BASE,
      current: `${BASE}?page[number]=1&page[size]=30`,
      next: `${BASE}?page[number]=2&page[size]=30`,
      last: `${BASE}?page[number]=3&page[size]=30`,
    });
    expect(json.included).toBeUndefined();
    const created = json.data.map(
      (c: { attributes: { created_at: string } }) => c.attributes.created_at,
    );
    expect([...created].sort().reverse()).toEqual(created);
    expect(json.data[0].id).toBe(h.emulator.account()!.containers()[0]!.id);
  });

  it('walks every page once, with first/prev/next/last where they apply', () => {
    const seen = new Set<string>();
    let url: string | undefined = '/v2/containers?page[size]=25';
    let pages = 0;
    while (url) {
      const json = body(h.get(url));
      json.data.forEach((c: { id: string }) => seen.add(c.id));
      pages++;
      if (pages === 2) {
        expect(json.links.first).toBe(`${BASE}?page[number]=1&page[size]=25`);
        expect(json.links.prev).toBe(`${BASE}?page[number]=1&page[size]=25`);
      }
      url = json.links.next;
      if (!url) expect(json.links.self).toBe(json.links.last);
    }
    expect(pages).toBe(3);
    expect(seen.size).toBe(63);
  });

  it('cuts page[size] to 100 and falls back to defaults for unusable values', () => {
    expect(body(h.get('/v2/containers?page[size]=500')).meta.size).toBe(100);
    expect(body(h.get('/v2/containers?page[size]=500')).data).toHaveLength(63);
    expect(body(h.get('/v2/containers?page[size]=0')).meta.size).toBe(30);
    expect(body(h.get('/v2/containers?page[size]=abc&page[number]=-2')).data).toHaveLength(30);
    expect(body(h.get('/v2/containers?page%5Bsize%5D=10')).meta.size).toBe(10);
  });

  it('returns an empty page past the end, pointing back at the last page', () => {
    const json = body(h.get('/v2/containers?page[number]=9&page[size]=30'));
    expect(json.data).toEqual([]);
    expect(json.links.next).toBeUndefined();
    expect(json.links.prev).toBe(`${BASE}?page[number]=3&page[size]=30`);
    expect(json.meta.total).toBe(63);
  });

  it('keeps other parameters in the links and drops __fault', () => {
    const json = body(h.get('/v2/containers?include=shipment&page[number]=2&__fault=delay%3D0'));
    expect(json.links.next).toBe(`${BASE}?include=shipment&page[number]=3&page[size]=30`);
    expect(json.links.self).toBe(`${BASE}?include=shipment&page[number]=2`);
  });

  it('includes the page’s shipments, terminals and nested relations once each', () => {
    const json = body(
      h.get('/v2/containers?page[size]=40&include=shipment,pod_terminal,shipment.containers'),
    );
    const shipmentIds = new Set(
      json.data.map(
        (c: { relationships: { shipment: { data: { id: string } } } }) =>
          c.relationships.shipment.data.id,
      ),
    );
    const included = json.included as { type: string; id: string }[];
    expect(new Set(included.filter((r) => r.type === 'shipment').map((r) => r.id))).toEqual(
      shipmentIds,
    );
    expect(included.some((r) => r.type === 'terminal')).toBe(true);
    const keys = included.map((r) => `${r.type}:${r.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const primary = new Set(json.data.map((c: { id: string }) => `container:${c.id}`));
    expect(keys.some((k) => primary.has(k))).toBe(false);
    // shipment.containers reaches containers that are not on this page.
    expect(included.some((r) => r.type === 'container')).toBe(true);
  });

  it('rejects an unknown include with 400 and source.parameter', () => {
    const response = h.get('/v2/containers?include=shipment,carrier');
    expect(response.status).toBe(400);
    expect(body(response)).toEqual({
      errors: [
        {
          status: '400',
          title: 'Bad Request',
          detail: 'carrier is not specified as a relationship on V2::ContainerSerializer',
          source: { parameter: 'include' },
        },
      ],
    });
    expect(body(h.get('/v2/containers?include=shipment.vessel')).errors[0].detail).toMatch(
      /vessel .* V2::ShipmentSerializer/,
    );
  });
});

describe('GET /containers/{id}', () => {
  const container = h.emulator.account()!.containers()[5]!;

  it('returns the container with links.self and optional includes', () => {
    const json = body(h.get(`/v2/containers/${container.id}?include=shipment,transport_events`));
    expect(json.data.id).toBe(container.id);
    expect(json.data.type).toBe('container');
    expect(json.data.attributes.number).toBe(container.attributes.number);
    expect(json.links.self).toBe(`${BASE}/${container.id}?include=shipment,transport_events`);
    const types = new Set(json.included.map((r: { type: string }) => r.type));
    expect(types).toEqual(new Set(['shipment', 'transport_event']));
    const eventIds = json.data.relationships.transport_events.data.map((r: { id: string }) => r.id);
    expect(
      json.included
        .filter((r: { type: string }) => r.type === 'transport_event')
        .map((r: { id: string }) => r.id),
    ).toEqual(eventIds);
  });

  it('is 404 with the JSON:API body for an unknown id or another account’s container', () => {
    expect(body(h.get('/v2/containers/00000000-0000-4000-8000-000000000000'))).toEqual({
      errors: [{ status: '404', source: null, title: 'Not Found', detail: null }],
    });
    h.emulator.addAccount('other-key');
    const response = h.get(`/v2/containers/${container.id}`, 'other-key');
    expect(response.status).toBe(404);
  });
});

describe('PATCH /containers/{id}', () => {
  const id = h.emulator.account()!.containers()[10]!.id;
  const patch = (attributes: unknown, extra: Record<string, unknown> = {}) =>
    h.patch(`/v2/containers/${id}`, { data: { type: 'container', attributes, ...extra } });

  it('updates ref_numbers and nothing else', () => {
    const before = h.emulator.account()!.container(id)!.attributes.current_status;
    const response = patch({ ref_numbers: [' PO-1 ', 'SO-2', ''], current_status: 'delivered' });
    expect(response.status).toBe(200);
    expect(body(response).data.attributes.ref_numbers).toEqual(['PO-1', 'SO-2']);
    const again = body(h.get(`/v2/containers/${id}`)).data.attributes;
    expect(again.ref_numbers).toEqual(['PO-1', 'SO-2']);
    expect(again.current_status).toBe(before);
    expect(body(patch({ ref_numbers: null })).data.attributes.ref_numbers).toEqual([]);
  });

  it('422 for ref_numbers that are not strings, with a pointer', () => {
    const response = patch({ ref_numbers: 'PO-1' });
    expect(response.status).toBe(422);
    expect(body(response).errors[0]).toMatchObject({
      status: '422',
      source: { pointer: '/data/attributes/ref_numbers' },
    });
    expect(patch({ ref_numbers: [1, 2] }).status).toBe(422);
  });

  it('409 for a wrong type or id, 400 without data, 404 for an unknown container', () => {
    expect(
      h.patch(`/v2/containers/${id}`, { data: { type: 'shipment', attributes: {} } }).status,
    ).toBe(409);
    expect(patch({}, { id: 'another-id' }).status).toBe(409);
    expect(h.patch(`/v2/containers/${id}`, { nothing: true }).status).toBe(400);
    expect(
      h.patch('/v2/containers/unknown', { data: { type: 'container', attributes: {} } }).status,
    ).toBe(404);
  });

  it('415 for a non-JSON media type, 400 for malformed JSON', () => {
    const plain = h.request('PATCH', `/v2/containers/${id}`, {
      raw: '{"data":{}}',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect(body(plain).errors[0].detail).toMatch(/application\/vnd\.api\+json/);
    const broken = h.request('PATCH', `/v2/containers/${id}`, {
      raw: '{"data":',
      headers: { 'Content-Type': 'application/vnd.api+json' },
    });
    expect(broken.status).toBe(400);
    expect(body(broken).errors[0].title).toBe('Bad Request');
    // Plain application/json (with a charset) is accepted like the JSON:API type.
    const json = h.request('PATCH', `/v2/containers/${id}`, {
      raw: JSON.stringify({ data: { type: 'container', attributes: { ref_numbers: ['J'] } } }),
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(json.status).toBe(200);
    expect(headerOf(json, 'content-type')).toMatch(/vnd\.api\+json/);
    expect(text(json)).toContain('"J"');
  });
});

describe('a 10,000-container account', () => {
  it('pages through everything 100 at a time: every container once, newest first, links to the end', () => {
    const big = harness({
      seed: { containers: 10_000 },
      rateLimit: { limit: 1_000, windowMs: 60_000 },
    });
    const total = big.emulator.account()!.containers().length;
    const seen: string[] = [];
    let next: string | undefined = '/v2/containers?page[size]=100';
    let last = '';
    let requests = 0;
    while (next) {
      const json = body(big.get(next));
      requests++;
      seen.push(...json.data.map((c: { id: string }) => c.id));
      expect(json.meta).toEqual({ size: 100, total });
      last = json.links.last;
      next = json.links.next;
    }
    expect(requests).toBe(Math.ceil(total / 100));
    expect(last).toBe(`${BASE}?page[number]=${requests}&page[size]=100`);
    expect(seen).toEqual(
      big.emulator
        .account()!
        .containers()
        .map((c) => c.id),
    );
    expect(new Set(seen).size).toBe(total);
  });
});
