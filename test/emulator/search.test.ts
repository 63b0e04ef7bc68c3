import { body, harness, trackingRequest } from './support/harness';

const h = harness({ rateLimit: { limit: 10_000, windowMs: 60_000 } });
const account = h.emulator.account()!;
type Hit = { id: string; type: string; attributes: Record<string, unknown> };
const search = (query: string): Hit[] =>
  body(h.get(`/v2/search?query=${encodeURIComponent(query)}`)).data;

describe('GET /search', () => {
  it('400 without a query, like the real service', () => {
    const response = h.get('/v2/search');
    expect(response.status).toBe(400);
    expect(body(response).errors[0].detail).toBe('Query parameter is required');
    expect(h.get('/v2/search?query=%20%20').status).toBe(400);
  });

  it('finds a container by number with spaces and dashes, as a cargo hit with its shipment', () => {
    const container = account.containers()[12]!;
    const n = container.attributes.number;
    const hits = search(`${n.slice(0, 4).toLowerCase()} ${n.slice(4, 10)}-${n.slice(10)}`);
    const cargo = hits.find((x) => x.attributes.entity_type === 'cargo')!;
    expect(cargo).toMatchObject({
      id: container.id,
      type: 'search_result',
      attributes: { entity_type: 'cargo', number: n, shipment_id: container.shipmentId },
    });
  });

  it('ranks shipments, then containers, then tracking requests, at most 25', () => {
    const hits = search('PO-');
    expect(hits).toHaveLength(25);
    const order = hits.map((x) => x.attributes.entity_type);
    expect(order.indexOf('cargo')).toBeGreaterThan(order.lastIndexOf('shipment'));
    const shipment = hits[0]!;
    expect(shipment.attributes).toMatchObject({
      entity_type: 'shipment',
      containers_count: expect.any(Number),
      tracking_stopped: expect.any(Boolean),
    });
  });

  it('returns tracking requests without a shipment, and hides those whose number became a shipment', () => {
    expect(
      search('MEDUNOTFOUND1').map((x) => [
        x.attributes.entity_type,
        x.attributes.status,
        x.attributes.failed_reason,
      ]),
    ).toEqual([['tracking_request', 'failed', 'not_found']]);
    const bol = account.shipments()[3]!.attributes.bill_of_lading_number;
    expect(search(bol).map((x) => x.attributes.entity_type)).toEqual(['shipment']);
    h.post(
      '/v2/tracking_requests',
      trackingRequest({
        request_type: 'bill_of_lading',
        request_number: 'SRCH-0001',
        scac: 'MAEU',
      }),
    );
    expect(search('srch-0001').map((x) => [x.attributes.entity_type, x.attributes.status])).toEqual(
      [['tracking_request', 'pending']],
    );
  });

  it('finds nothing for an unknown number', () => {
    expect(search('ZZZZ9999999')).toEqual([]);
  });
});

describe('GET /shipping_lines', () => {
  it('serves the recorded carrier list with SCAC, name and short name', () => {
    // Two pages, as the real service answers (captured-2025-07.shipping-lines.list.page-1.json).
    const first = body(h.get('/v2/shipping_lines'));
    const json = {
      ...first,
      data: [...first.data, ...body(h.get('/v2/shipping_lines?page[number]=2')).data],
    };
    expect(json.data).toHaveLength(38);
    const msc = json.data.find(
      (l: { attributes: { scac: string } }) => l.attributes.scac === 'MSCU',
    );
    expect(msc.attributes).toMatchObject({
      name: 'Mediterranean Shipping Company',
      short_name: 'MSC',
      alternative_scacs: ['MEDU'],
    });
    expect(json.links.self).toBe('http://127.0.0.1:4949/v2/shipping_lines');
    expect(new Set(json.data.map((l: { id: string }) => l.id)).size).toBe(38);
  });
});
