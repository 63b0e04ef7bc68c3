// Random requests, a few hundred per property: the emulator always answers with a well-formed
// response, never with an internal error, and its JSON bodies always parse.
import fc from 'fast-check';
import type { HttpRequest } from '../../local/http';
import { createEmulator } from '../../local/emulator';
import { ManualClock } from '../../local/clock';
import { failures, validateErrors } from './support/openapi';

const clock = new ManualClock('2026-11-20T15:00:00Z');
const emulator = createEmulator({
  clock,
  maxBodyBytes: 4096,
  rateLimit: { limit: 400, windowMs: 60_000 },
  trackingDelays: { pendingMs: 500 },
});
const account = emulator.account()!;
const containerId = account.containers()[0]!.id;
const shipmentId = account.shipments()[0]!.id;

const segment = fc.oneof(
  fc.constantFrom(
    'v2',
    'containers',
    'shipments',
    'tracking_requests',
    'search',
    'documents',
    'shipping_lines',
    'find',
    'storage',
    '__emulator',
    'state',
    'rails',
    'active_storage',
    'direct_uploads',
    containerId,
    shipmentId,
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
/** Method and path pairs that exist, so that most requests get past routing. */
const known = fc.constantFrom<[string, string]>(
  ['GET', '/v2/containers'],
  ['GET', `/v2/containers/${containerId}`],
  ['PATCH', `/v2/containers/${containerId}`],
  ['GET', '/v2/shipments'],
  ['GET', `/v2/shipments/${shipmentId}`],
  ['PATCH', `/v2/shipments/${shipmentId}`],
  ['GET', '/v2/tracking_requests'],
  ['POST', '/v2/tracking_requests'],
  ['POST', '/v2/tracking_requests'],
  ['POST', '/v2/tracking_requests'],
  ['POST', '/v2/tracking_requests'],
  ['GET', '/v2/search'],
  ['GET', '/v2/shipping_lines'],
  ['GET', '/v2/documents'],
  ['POST', '/v2/documents'],
  ['POST', '/rails/active_storage/direct_uploads'],
  ['PUT', '/storage/abcdef'],
  ['GET', '/shipments/find'],
  ['GET', `/shipments/${shipmentId}`],
  ['GET', '/shipments'],
  ['GET', '/__emulator/state'],
  ['POST', '/__emulator/faults'],
  ['POST', '/__emulator/clock'],
  ['GET', '/health'],
  ['GET', '/'],
);
const path = fc.oneof(
  known.map(([, p]) => p),
  fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
);
/** `value` in about 1 case out of `1 + rareness`, otherwise undefined. */
const sometimes = <T>(value: fc.Arbitrary<T>, rareness: number) =>
  fc.oneof(
    { arbitrary: fc.constant(undefined), weight: rareness },
    { arbitrary: value, weight: 1 },
  );
const queryKey = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      'page[number]',
      'page[size]',
      'include',
      'q',
      'query',
      'number',
      'filter[status]',
      'filter[request_number]',
      'filter[created_at][start]',
      'container',
    ),
    weight: 40,
  },
  { arbitrary: fc.constant('__fault'), weight: 1 },
  { arbitrary: fc.string({ maxLength: 8 }), weight: 4 },
);
const queryValue = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '100',
    '101',
    'shipment',
    'shipment.containers',
    'containers,pod_terminal',
    'bogus',
    'PO-',
    'status=500',
    'delay=10',
    'body=html',
    'status=abc',
  ),
  fc.string({ maxLength: 20 }),
);
const query = fc
  .array(fc.tuple(queryKey, queryValue, fc.boolean()), { maxLength: 4 })
  .map((pairs) =>
    pairs.length === 0
      ? ''
      : `?${pairs.map(([k, v, raw]) => (raw ? `${k}=${v}` : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)).join('&')}`,
  );
/** Mostly plausible, sometimes anything: `likely` 4 times out of 5. */
const mostly = <T>(likely: fc.Arbitrary<T>, other: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: likely, weight: 4 }, { arbitrary: other, weight: 1 });
const attributes = fc.record(
  {
    request_type: mostly(
      fc.constantFrom('bill_of_lading', 'booking_number', 'container'),
      fc.jsonValue(),
    ),
    request_number: mostly(
      fc.oneof(
        fc.constantFrom('TEST-TR-SUCCEEDED', 'MAEUFAIL1', 'msku 907032-3', ''),
        fc.string({ maxLength: 15 }),
      ),
      fc.jsonValue(),
    ),
    scac: mostly(fc.constantFrom('MAEU', 'TEST', 'MEDU', 'XXXX', ''), fc.jsonValue()),
    ref_numbers: mostly(fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }), fc.jsonValue()),
    name: fc.string({ maxLength: 10 }),
    attached_document: fc.oneof(fc.string({ maxLength: 30 }), fc.constant('https://x/storage/a')),
  },
  { requiredKeys: ['request_type', 'request_number', 'scac'] },
);
const document = fc.record({
  data: fc.record(
    {
      type: fc.oneof(
        fc.constantFrom('tracking_request', 'container', 'shipment', 'document'),
        fc.jsonValue(),
      ),
      id: fc.string(),
      attributes,
      relationships: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
});
const trackingDocument = fc.record({
  data: fc.record({ type: fc.constant('tracking_request'), attributes }),
});
const body = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 3 },
  { arbitrary: fc.string({ maxLength: 200 }), weight: 1 },
  { arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)), weight: 1 },
  { arbitrary: document.map((d) => JSON.stringify(d)), weight: 2 },
  { arbitrary: trackingDocument.map((d) => JSON.stringify(d)), weight: 4 },
  {
    arbitrary: fc
      .record({
        blob: fc.record(
          {
            filename: fc.string(),
            content_type: fc.string(),
            byte_size: fc.integer(),
            checksum: fc.string(),
          },
          { requiredKeys: [] },
        ),
      })
      .map((d) => JSON.stringify(d)),
    weight: 1,
  },
  { arbitrary: fc.uint8Array({ maxLength: 300 }), weight: 1 },
  { arbitrary: fc.string({ minLength: 4097, maxLength: 5000 }), weight: 1 },
);
const headers = fc
  .record({
    Authorization: fc.oneof(
      { arbitrary: fc.constant(`Token ${emulator.demoKey}`), weight: 8 },
      { arbitrary: fc.constant('Token nope'), weight: 1 },
      { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
    ),
    'Content-Type': fc.oneof(
      {
        arbitrary: fc.constantFrom('application/vnd.api+json', 'application/json; charset=utf-8'),
        weight: 6,
      },
      { arbitrary: fc.constantFrom('text/plain', 'multipart/form-data'), weight: 1 },
      { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
    ),
    'X-Emulator-Fault': sometimes(
      fc.oneof(
        fc.constantFrom(
          'status=500',
          'status=429;retry-after=2',
          'body=html',
          'body=malformed-json',
          'delay=5',
        ),
        fc.string({ maxLength: 15 }),
      ),
      10,
    ),
    'Content-Length': sometimes(fc.nat({ max: 400 }).map(String), 3),
    'X-Random': sometimes(fc.string({ maxLength: 20 }), 3),
  })
  .map(
    (h) =>
      Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >,
  );
const method = fc.oneof(
  fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
  fc.string({ maxLength: 7 }),
);
const route = fc.oneof(
  { arbitrary: known, weight: 4 },
  { arbitrary: fc.tuple(method, path), weight: 1 },
);
const request = fc.record({ route, query, headers, body, advance: fc.nat({ max: 30_000 }) });

function header(h: Record<string, string>, name: string) {
  return Object.entries(h).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
}

describe('random requests', () => {
  it('always get a well-formed answer, never an internal error', () => {
    fc.assert(
      fc.property(request, (r) => {
        clock.advance(r.advance);
        const [verb, target] = r.route;
        const req: HttpRequest = {
          method: verb,
          url: `http://127.0.0.1:4949${target}${r.query}`,
          headers: r.headers,
          body: r.body,
        };
        const response = emulator.handle(req);
        expect(Number.isInteger(response.status)).toBe(true);
        expect(response.status).toBeGreaterThanOrEqual(100);
        expect(response.status).toBeLessThan(600);
        for (const [k, v] of Object.entries(response.headers))
          expect([k, typeof v]).toEqual([k, 'string']);
        const faulted =
          emulator.requestLog.entries.at(-1)?.faulted === true &&
          emulator.requestLog.entries.at(-1)?.status === response.status;
        const text =
          typeof response.body === 'string'
            ? response.body
            : new TextDecoder().decode(response.body);
        expect(text).not.toContain('Emulator bug');
        if (response.status === 500) expect(faulted).toBe(true);
        const type = header(response.headers, 'content-type') ?? '';
        if (/json/.test(type) && text !== '' && !faulted) {
          const json = JSON.parse(text);
          if (response.status >= 400 && /vnd\.api/.test(type))
            expect(failures(validateErrors(json))).toEqual([]);
        }
        if (response.status === 429)
          expect(Number(header(response.headers, 'retry-after'))).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 600 },
    );
  });

  it('keep the demo data consistent: every shipment’s containers exist and point back at it', () => {
    for (const shipment of emulator.account()!.shipments()) {
      for (const id of shipment.containerIds)
        expect(emulator.account()!.container(id)?.shipmentId).toBe(shipment.id);
    }
    expect(
      emulator.handle({ method: 'GET', url: 'http://127.0.0.1:4949/health', headers: {} }).status,
    ).toBe(200);
  });
});
