// The recorded fixtures against the same validator as the emulator's responses: this is where the
// real service's deviations from its own schema are proven (and listed, fixture by fixture), and
// where the validator is shown to have teeth.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { harness } from './support/harness';
import {
  failures,
  openapi,
  REFERENCE,
  validateComponent,
  validateResponse,
  type Issue,
} from './support/openapi';

// Fixture → the operation (and status) it was recorded from (containers.get.pickup.json is
// list-shaped). Every file in the folder must be listed: a new recording cannot go unchecked.
const OPERATIONS: Record<string, [string, string, number?]> = {
  'captured-2025-07.containers.list.include-transport_events.json': ['/containers', 'get'],
  'captured-2025-07.containers.list.json': ['/containers', 'get'],
  'captured-2025-07.shipments.list.include-containers.json': ['/shipments', 'get'],
  'captured-2025-07.shipments.list.json': ['/shipments', 'get'],
  'captured-2025-07.shipments.list.page-2.json': ['/shipments', 'get'],
  'captured-2025-07.shipments.list.page-size-25.json': ['/shipments', 'get'],
  'captured-2025-07.shipping-lines.list.page-1.json': ['/shipping_lines', 'get'],
  'captured-2025-07.tracking-requests.create.422-blank-scac-request-type.json': [
    '/tracking_requests',
    'post',
    422,
  ],
  'captured-2025-07.tracking-requests.create.422-invalid-container.json': [
    '/tracking_requests',
    'post',
    422,
  ],
  'captured-2025-07.tracking-requests.get.404.json': ['/tracking_requests/{id}', 'get', 404],
  'captured-2025-07.tracking-requests.list.json': ['/tracking_requests', 'get'],
  'live-2026-02.containers.get.include-shipment-pod_terminal.json': ['/containers/{id}', 'get'],
  'live-2026-02.search.cargo.json': ['/search', 'get'],
  'live-2026-02.search.container-number.json': ['/search', 'get'],
  'live-2026-02.search.shipment-bol.json': ['/search', 'get'],
  'live-2026-02.search.tracking-number.json': ['/search', 'get'],
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
  'captured-2025-07.containers.list.include-transport_events.json': [
    'container-type-enum',
    'include-type-not-in-schema',
    'null-relationship-data',
    'unencoded-brackets-in-uri',
  ],
  'captured-2025-07.containers.list.json': [
    'container-type-enum',
    'null-relationship-data',
    'unencoded-brackets-in-uri',
  ],
  'captured-2025-07.shipments.list.include-containers.json': [
    'container-type-enum',
    'null-relationship-data',
    'relative-self-link',
    'unencoded-brackets-in-uri',
  ],
  'captured-2025-07.shipments.list.json': [
    'null-relationship-data',
    'relative-self-link',
    'unencoded-brackets-in-uri',
  ],
  'captured-2025-07.shipments.list.page-2.json': [
    'null-relationship-data',
    'relative-self-link',
    'unencoded-brackets-in-uri',
  ],
  'captured-2025-07.shipments.list.page-size-25.json': [
    'null-relationship-data',
    'relative-self-link',
    'unencoded-brackets-in-uri',
  ],
  'captured-2025-07.shipping-lines.list.page-1.json': ['unencoded-brackets-in-uri'],
  'captured-2025-07.tracking-requests.create.422-blank-scac-request-type.json': [],
  'captured-2025-07.tracking-requests.create.422-invalid-container.json': [],
  'captured-2025-07.tracking-requests.get.404.json': [],
  'captured-2025-07.tracking-requests.list.json': [
    'failed-reason-not-in-enum',
    'null-relationship-data',
    'unencoded-brackets-in-uri',
  ],
  'live-2026-02.containers.get.include-shipment-pod_terminal.json': [
    'container-type-enum',
    'null-relationship-data',
    'relative-self-link',
  ],
  'live-2026-02.search.cargo.json': ['search-result-type'],
  'live-2026-02.search.container-number.json': ['search-result-type'],
  'live-2026-02.search.shipment-bol.json': ['search-result-type'],
  'live-2026-02.search.tracking-number.json': ['search-result-type'],
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

  it('covers every fixture (those with no schema in the document are checked below)', () => {
    expect(files.filter((f) => !OPERATIONS[f])).toEqual([
      'captured-2025-07.webhook-notifications.examples.400.json',
      'containers.route.json',
    ]);
  });

  it('a 400 the document has no schema for is still a JSON:API errors document', () => {
    const file = 'captured-2025-07.webhook-notifications.examples.400.json';
    const fixture = JSON.parse(readFileSync(join(REFERENCE, 'fixtures', file), 'utf8'));
    expect(fixture).toEqual({
      errors: [
        { status: '400', source: { parameter: 'event' }, title: 'Bad Request', detail: null },
      ],
    });
  });

  it.each(Object.keys(OPERATIONS))('%s deviates only in the documented ways', (file) => {
    const [path, method, status] = OPERATIONS[file]!;
    const fixture = JSON.parse(readFileSync(join(REFERENCE, 'fixtures', file), 'utf8'));
    const kinds = [
      ...new Set(validateResponse(path, method, status ?? 200, fixture).map(kind)),
    ].sort();
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

describe("each deviation rule rests on the service's own answers", () => {
  type Examples = Record<string, { value: unknown }>;
  const examplesOf = (path: string, method = 'get'): Examples =>
    (
      openapi.paths[path]![method] as {
        responses: { 200: { content: { 'application/json': { examples: Examples } } } };
      }
    ).responses[200].content['application/json'].examples;

  it('pod-terminal-not-yet-known: no recording shows it; the document shows a shipment without a port of discharge', () => {
    for (const kinds of Object.values(EXPECTED))
      expect(kinds).not.toContain('pod-terminal-not-yet-known');
    const example = examplesOf('/tracking_requests/{id}')['Multiple containers']!.value;
    const issues = validateResponse('/tracking_requests/{id}', 'get', 200, example);
    expect(issues.filter((i) => i.path.endsWith('/pod_terminal/data'))).toEqual([
      {
        path: '/included/0/relationships/pod_terminal/data',
        message: 'must be object',
        erratum: 'pod-terminal-not-yet-known',
      },
    ]);
  });

  it('a null pod_terminal where the port of discharge is known is a failure, not an erratum', () => {
    const fixture = JSON.parse(
      readFileSync(join(REFERENCE, 'fixtures', 'captured-2025-07.shipments.list.json'), 'utf8'),
    );
    fixture.data[0].relationships.pod_terminal.data = null;
    fixture.included = [];
    expect(fixture.data[0].attributes.port_of_discharge_locode).toEqual(expect.any(String));
    const container = JSON.parse(
      readFileSync(join(REFERENCE, 'fixtures', 'captured-2025-07.containers.list.json'), 'utf8'),
    );
    container.data[0].relationships.pod_terminal.data = null;
    expect(container.data[0].attributes.pod_timezone).toEqual(expect.any(String));
    const broken = [
      ...validateResponse('/shipments', 'get', 200, fixture),
      ...validateResponse('/containers', 'get', 200, container),
    ];
    expect(failures(broken).map((i) => i.path)).toEqual([
      '/data/0/relationships/pod_terminal/data',
      '/data/0/relationships/pod_terminal/data',
    ]);
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
