// Shape fidelity: what the emulator returns validates against the real service's OpenAPI schemas,
// except for the real service's own documented deviations (support/openapi.ts, ERRATA), and the
// recorded fixtures are held to the same validator so that those deviations are proven real.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { body, contentType, harness, trackingRequest } from './support/harness';
import {
  errataOf,
  failures,
  openapi,
  REFERENCE,
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
    expect(body(hits).data.map((d: { type: string }) => d.type)).toEqual(
      expect.arrayContaining(['shipment', 'cargo']),
    );
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

// Fixture → the operation it was recorded from (containers.get.pickup.json is list-shaped).
const OPERATIONS: Record<string, [string, string]> = {
  'containers.get.base.json': ['/containers/{id}', 'get'],
  'containers.get.include.json': ['/containers/{id}', 'get'],
  'containers.get.pickup.json': ['/containers', 'get'],
  'containers.list.json': ['/containers', 'get'],
  'containers.events.json': ['/containers/{id}/transport_events', 'get'],
  'containers.raw-events.json': ['/containers/{id}/raw_events', 'get'],
  'ports.get.json': ['/ports/{id}', 'get'],
  'shipments.get.base.json': ['/shipments/{id}', 'get'],
  'shipments.get.include.json': ['/shipments/{id}', 'get'],
  'shipments.list.json': ['/shipments', 'get'],
  'shipping-lines.list.json': ['/shipping_lines', 'get'],
  'terminals.get.json': ['/terminals/{id}', 'get'],
  'tracking-requests.get.base.json': ['/tracking_requests/{id}', 'get'],
  'tracking-requests.list.json': ['/tracking_requests', 'get'],
};

/** Fixture-only deviations: anonymised ids, and data the real service sends against its schema. */
function kind(issue: Issue): string {
  if (issue.erratum) return issue.erratum;
  if (issue.message === 'must match format "uuid"') return 'anonymised-id';
  if (/\/(latitude|longitude)$/.test(issue.path) && issue.message === 'must be number')
    return 'coordinates-as-strings';
  if (/\/bic_facility_code$/.test(issue.path)) return 'null-bic-facility-code';
  if (/not allowed here$/.test(issue.message)) return 'include-type-not-in-schema';
  if (/must have required property '(relationships|links)'$/.test(issue.message))
    return 'hand-made-fixture';
  return `UNEXPLAINED ${issue.path} ${issue.message}`;
}

// What each recorded fixture shows; this table is the note of which ones do not validate, and why.
const EXPECTED: Record<string, string[]> = {
  'containers.events.json': ['anonymised-id', 'coordinates-as-strings', 'null-bic-facility-code'],
  'containers.get.base.json': ['anonymised-id', 'container-type-enum', 'null-relationship-data'],
  'containers.get.include.json': [
    'anonymised-id',
    'container-type-enum',
    'null-bic-facility-code',
    'null-relationship-data',
    'relative-self-link',
  ],
  'containers.get.pickup.json': [
    'anonymised-id',
    'container-type-enum',
    'hand-made-fixture',
    'include-type-not-in-schema',
  ],
  'containers.list.json': ['anonymised-id', 'container-type-enum', 'unencoded-brackets-in-uri'],
  'containers.raw-events.json': [
    'anonymised-id',
    'include-type-not-in-schema',
    'null-relationship-data',
  ],
  'ports.get.json': ['anonymised-id', 'coordinates-as-strings'],
  'shipments.get.base.json': ['anonymised-id', 'null-relationship-data', 'relative-self-link'],
  'shipments.get.include.json': [
    'anonymised-id',
    'container-type-enum',
    'coordinates-as-strings',
    'null-bic-facility-code',
    'null-relationship-data',
    'relative-self-link',
  ],
  'shipments.list.json': [
    'anonymised-id',
    'null-relationship-data',
    'relative-self-link',
    'unencoded-brackets-in-uri',
  ],
  'shipping-lines.list.json': ['anonymised-id', 'unencoded-brackets-in-uri'],
  'terminals.get.json': ['anonymised-id', 'null-bic-facility-code'],
  'tracking-requests.get.base.json': [
    'anonymised-id',
    'null-relationship-data',
    'relative-self-link',
  ],
  'tracking-requests.list.json': [
    'anonymised-id',
    'null-relationship-data',
    'relative-self-link',
    'unencoded-brackets-in-uri',
  ],
};

describe('recorded fixtures against the same validator', () => {
  const files = readdirSync(join(REFERENCE, 'fixtures')).filter((f) => f.endsWith('.json'));

  it('covers every fixture (containers.route.json has no operation in the document)', () => {
    expect(files.filter((f) => !OPERATIONS[f])).toEqual(['containers.route.json']);
  });

  it.each(Object.keys(OPERATIONS))('%s deviates only in the documented ways', (file) => {
    const [path, method] = OPERATIONS[file]!;
    const fixture = JSON.parse(readFileSync(join(REFERENCE, 'fixtures', file), 'utf8'));
    const kinds = [...new Set(validateResponse(path, method, 200, fixture).map(kind))].sort();
    expect(kinds).toEqual(EXPECTED[file]);
  });

  it("the document's own example for GET /containers shows the same errata", () => {
    const content = openapi.paths['/containers']!.get as {
      responses: {
        200: { content: { 'application/json': { examples: Record<string, { value: unknown }> } } };
      };
    };
    const example = Object.values(content.responses[200].content['application/json'].examples)[0]!
      .value;
    const kinds = [
      ...new Set(validateResponse('/containers', 'get', 200, example).map(kind)),
    ].sort();
    expect(kinds).toEqual(
      expect.arrayContaining(['container-type-enum', 'null-relationship-data']),
    );
    expect(kinds.filter((k) => k.startsWith('UNEXPLAINED'))).toEqual([]);
  });
});

describe('the validator itself', () => {
  const valid = () => {
    const c = harness().emulator.account()!.containers()[0]!;
    return { id: c.id, type: 'container', attributes: structuredClone(c.attributes) };
  };

  it('rejects what the schema forbids, honouring `nullable`', () => {
    const ok = valid();
    expect(failures(validateComponent('container', ok))).toEqual([]);
    const cases: [string, (a: Record<string, unknown>) => void][] = [
      ['/attributes/current_status', (a) => (a.current_status = 'lost_at_sea')],
      ['/attributes/availability_known', (a) => (a.availability_known = null)],
      ['/attributes/pod_arrived_at', (a) => (a.pod_arrived_at = 'yesterday')],
      ['/attributes/equipment_length', (a) => (a.equipment_length = 30)],
      [
        '/attributes/holds_at_pod_terminal/0/status',
        (a) => (a.holds_at_pod_terminal = [{ name: 'customs', status: 'released' }]),
      ],
      ['/attributes/fees_at_pod_terminal/0', (a) => (a.fees_at_pod_terminal = [{ type: 'total' }])],
    ];
    for (const [path, breakIt] of cases) {
      const broken = valid();
      breakIt(broken.attributes as unknown as Record<string, unknown>);
      expect(failures(validateComponent('container', broken)).map((i) => i.path)).toContain(path);
    }
    const nulls = valid();
    Object.assign(nulls.attributes, {
      seal_number: null,
      import_deadlines: null,
      equipment_type: null,
      pickup_lfd: null,
    });
    expect(failures(validateComponent('container', nulls))).toEqual([]);
  });

  it('does not take a relative link or a bracket-less bad URI for an erratum', () => {
    const links = { self: 'not a uri', next: 'http://x/v2/containers?page[number]=2 ' };
    const issues = validateResponse('/containers', 'get', 200, { data: [], links });
    expect(
      failures(issues)
        .map((i) => i.path)
        .sort(),
    ).toEqual(['/links/next', '/links/self']);
  });
});
