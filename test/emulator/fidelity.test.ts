// Shape fidelity: what the emulator returns validates against the real service's OpenAPI schemas,
// except for the real service's own deviations (support/openapi.ts), which fixtures-fidelity.test.ts
// proves on the recorded fixtures.
import { body, contentType, harness, trackingRequest } from './support/harness';
import {
  errataOf,
  failures,
  validateComponent,
  validateErrors,
  validateResponse,
  type Issue,
} from './support/openapi';

// A generous rate limit: this suite is about shapes, not limits.
const h = harness({
  trackingDelays: { pendingMs: 1000, awaitingManifestMs: 5000 },
  rateLimit: { limit: 100_000, windowMs: 60_000 },
});
const ALL_ERRATA = [
  'container-type-enum',
  'null-relationship-data',
  // The demo booking whose port of discharge is not published yet (support/openapi.ts).
  'pod-terminal-not-yet-known',
  'relative-self-link',
  'unencoded-brackets-in-uri',
];

function expectValid(
  path: string,
  method: string,
  status: number,
  response: ReturnType<typeof h.get>,
): Issue[] {
  expect(response.status).toBe(status);
  expect(contentType(response)).toMatch(/^application\/vnd\.api\+json/);
  const issues = validateResponse(path, method, status, body(response));
  expect(failures(issues)).toEqual([]);
  return issues;
}

describe('emulator responses validate against the OpenAPI response schemas', () => {
  it('GET /containers, every page, with and without include=shipment', () => {
    let issues: Issue[] = [];
    for (let page = 1; page <= 3; page++) {
      issues = issues.concat(
        expectValid('/containers', 'get', 200, h.get(`/v2/containers?page[number]=${page}`)),
      );
      const withShipments = h.get(
        `/v2/containers?include=shipment&page[number]=${page}&page[size]=25`,
      );
      issues = issues.concat(expectValid('/containers', 'get', 200, withShipments));
      expect(body(withShipments).included.length).toBeGreaterThan(0);
    }
    // Only the deviations the real service shows too, and each of them really occurs.
    expect(errataOf(issues)).toEqual(ALL_ERRATA);
  });

  it('GET /containers/{id} with shipment, terminals and transport events, for every demo container', () => {
    const ids = h.emulator
      .account()!
      .containers()
      .map((c) => c.id);
    expect(ids.length).toBeGreaterThanOrEqual(60);
    for (const id of ids) {
      const response = h.get(
        `/v2/containers/${id}?include=shipment,pod_terminal,pickup_facility,transport_events`,
      );
      expectValid('/containers/{id}', 'get', 200, response);
    }
  });

  it('PATCH /containers/{id}', () => {
    const id = h.emulator.account()!.containers()[0]!.id;
    const response = h.patch(`/v2/containers/${id}`, {
      data: { type: 'container', attributes: { ref_numbers: ['PO-1'] } },
    });
    expectValid('/containers', 'patch', 200, response);
  });

  it('GET /shipments (include=containers) and GET /shipments/{id} with every include', () => {
    for (let page = 1; page <= 2; page++) {
      expectValid(
        '/shipments',
        'get',
        200,
        h.get(`/v2/shipments?include=containers&page[number]=${page}&page[size]=20`),
      );
    }
    const include =
      'containers,pod_terminal,destination_terminal,port_of_lading,port_of_discharge,destination';
    for (const shipment of h.emulator.account()!.shipments()) {
      const response = h.get(`/v2/shipments/${shipment.id}?include=${include}`);
      expectValid('/shipments/{id}', 'get', 200, response);
    }
  });

  it('PATCH /shipments/{id}', () => {
    const id = h.emulator.account()!.shipments()[0]!.id;
    const response = h.patch(`/v2/shipments/${id}`, {
      data: { type: 'shipment', attributes: { ref_numbers: ['A'], tags: ['x'] } },
    });
    expectValid('/shipments/{id}', 'patch', 200, response);
  });

  it('tracking requests: 201, 422, the list and a single one, before and after the lifecycle', () => {
    const created = h.post(
      '/v2/tracking_requests',
      trackingRequest({
        request_type: 'bill_of_lading',
        request_number: 'MEDUFID0001',
        scac: 'MSCU',
        ref_numbers: ['R-1'],
      }),
    );
    expectValid('/tracking_requests', 'post', 201, created);
    const failing = h.post(
      '/v2/tracking_requests',
      trackingRequest({ request_type: 'bill_of_lading', request_number: 'FAIL-1', scac: 'MSCU' }),
    );
    expect(failing.status).toBe(201);
    expectValid(
      '/tracking_requests',
      'post',
      422,
      h.post(
        '/v2/tracking_requests',
        trackingRequest({ request_type: 'x', request_number: '', scac: 'XXXX' }),
      ),
    );
    h.clock.advance(10_000);
    expectValid(
      '/tracking_requests',
      'get',
      200,
      h.get('/v2/tracking_requests?include=tracked_object&page[size]=50'),
    );
    const id = body(created).data.id;
    const one = expectValid(
      '/tracking_requests/{id}',
      'get',
      200,
      h.get(`/v2/tracking_requests/${id}?include=tracked_object`),
    );
    expect(errataOf(one)).toContain('null-relationship-data');
    expectValid('/tracking_requests/{id}', 'get', 404, h.get('/v2/tracking_requests/nope'));
    // The shipment the lifecycle created validates like the seeded ones.
    const shipmentId = body(h.get(`/v2/tracking_requests/${id}`)).data.relationships.tracked_object
      .data.id;
    expectValid(
      '/shipments/{id}',
      'get',
      200,
      h.get(`/v2/shipments/${shipmentId}?include=containers`),
    );
  });

  it('GET /search (200, 400, 401) and GET /shipping_lines', () => {
    const hits = h.get('/v2/search?query=PO-');
    expectValid('/search', 'get', 200, hits);
    expect(
      body(hits).data.map((d: { attributes: { entity_type: string } }) => d.attributes.entity_type),
    ).toEqual(expect.arrayContaining(['shipment', 'cargo']));
    expectValid('/search', 'get', 200, h.get('/v2/search?query=MEDUNOTFOUND'));
    expectValid('/search', 'get', 400, h.get('/v2/search'));
    expectValid('/search', 'get', 401, h.get('/v2/search?query=x', 'wrong-key'));
    const lines = expectValid('/shipping_lines', 'get', 200, h.get('/v2/shipping_lines'));
    expect(failures(lines)).toEqual([]);
  });

  it('POST /documents: 201, 422 and 409', () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 fidelity');
    const { createHash } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    const checksum = createHash('md5').update(bytes).digest('base64');
    const blob = body(
      h.request('POST', '/rails/active_storage/direct_uploads', {
        body: {
          blob: {
            filename: 'bol.pdf',
            content_type: 'application/pdf',
            byte_size: bytes.length,
            checksum,
          },
        },
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const put = h.request('PUT', blob.direct_upload.url, {
      key: null,
      raw: bytes,
      headers: { ...blob.direct_upload.headers, 'Content-Length': String(bytes.length) },
    });
    expect(put.status).toBe(200);
    const doc = {
      data: { type: 'document', attributes: { name: 'BOL', attached_document: blob.signed_id } },
    };
    expectValid('/documents', 'post', 201, h.post('/v2/documents', doc));
    expectValid('/documents', 'post', 409, h.post('/v2/documents', doc));
    const bad = {
      data: {
        type: 'document',
        attributes: { name: 'BOL', attached_document: blob.direct_upload.url },
      },
    };
    expectValid('/documents', 'post', 422, h.post('/v2/documents', bad));
  });

  it('rate-limited tracking requests answer with the documented 429 shape', () => {
    const small = harness({ rateLimit: { limit: 1, windowMs: 60_000 } });
    small.post(
      '/v2/tracking_requests',
      trackingRequest({ request_type: 'bill_of_lading', request_number: 'A1', scac: 'MAEU' }),
    );
    const limited = small.post(
      '/v2/tracking_requests',
      trackingRequest({ request_type: 'bill_of_lading', request_number: 'A2', scac: 'MAEU' }),
    );
    expectValid('/tracking_requests', 'post', 429, limited);
    expect(Number(limited.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(failures(validateErrors(body(limited)))).toEqual([]);
  });

  it('every error body is a list of valid `error` objects', () => {
    const responses = [
      h.get('/v2/containers', null),
      h.get('/v2/containers?include=nope'),
      h.get('/v2/containers/nope'),
      h.request('DELETE', '/v2/containers'),
      h.request('POST', '/v2/tracking_requests', {
        raw: '{',
        headers: { 'Content-Type': 'application/vnd.api+json' },
      }),
      h.request('POST', '/v2/tracking_requests', {
        raw: '{}',
        headers: { 'Content-Type': 'text/plain' },
      }),
      h.patch('/v2/shipments/nope', {}),
      h.request('GET', '/v2/containers', {
        headers: { 'X-Emulator-Fault': 'status=503;retry-after=3' },
      }),
    ];
    for (const response of responses) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(failures(validateErrors(body(response)))).toEqual([]);
    }
  });
});

describe('seeded records validate attribute by attribute', () => {
  it('containers and shipments (including a 10,000-container account)', () => {
    const big = harness({ seed: { containers: 10_000 } });
    for (const account of [h.emulator.account()!, big.emulator.account()!]) {
      const sample = account.containers().filter((_, i) => i % 7 === 0);
      for (const c of sample) {
        expect(
          failures(
            validateComponent('container', {
              id: c.id,
              type: 'container',
              attributes: c.attributes,
            }),
          ),
        ).toEqual([]);
      }
      for (const s of account.shipments().filter((_, i) => i % 7 === 0)) {
        const resource = {
          id: s.id,
          type: 'shipment',
          attributes: s.attributes,
          relationships: {},
          links: { self: `https://x/v2/shipments/${s.id}` },
        };
        expect(failures(validateComponent('shipment', resource))).toEqual([]);
      }
    }
  });
});
