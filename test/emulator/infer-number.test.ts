// Carriers: POST /tracking_requests/infer_number (three decisions, its own rate bucket, the
// documented shapes) and tracking requests made with `auto_detect_vocc_scac` through the lifecycle.
import { isoContainerCheckDigit } from '../../local/emulator';
import { body, harness, headerOf, trackingRequest } from './support/harness';
import { errataOf, failures, validateResponse } from './support/openapi';

const DELAYS = { pendingMs: 10_000, awaitingManifestMs: 3_600_000, retryIntervalMs: 60_000 };
const box = (first10: string) => `${first10}${isoContainerCheckDigit(first10)}`;
const infer = (h: ReturnType<typeof harness>, number: unknown) =>
  h.post('/v2/tracking_requests/infer_number', { number });

describe('POST /tracking_requests/infer_number', () => {
  const h = harness({ rateLimit: { limit: 10_000, windowMs: 60_000 } });
  const lineOf = (number: string) => body(infer(h, number)).data.attributes.shipping_line;

  it.each([
    [box('MSCU123456'), 'MSCU', 'Mediterranean Shipping Company'],
    [box('MEDU765432'), 'MSCU', 'Mediterranean Shipping Company'],
    [box('MSKU907032'), 'MAEU', 'Maersk'],
    [box('MRKU111222'), 'MAEU', 'Maersk'],
    [box('CGMU555444'), 'CMDU', 'CMA CGM'],
    [box('HLXU123123'), 'HLCU', 'Hapag-Lloyd'],
    [box('EMCU987654'), 'EGLV', 'Evergreen'],
    [box('CBHU246810'), 'COSU', 'COSCO'],
    [box('WHLU123456'), 'WHLC', 'Wan Hai Lines'],
    ['MEDUFR030802', 'MSCU', 'Mediterranean Shipping Company'],
    ['EGLV084900042045', 'EGLV', 'Evergreen'],
    ['ONEYSH9AME650500', 'ONEY', 'Ocean Network Express'],
    ['hlcu-ham 2411 0042', 'HLCU', 'Hapag-Lloyd'],
  ])('auto_select: %s → %s', (number, scac, name) => {
    const response = infer(h, number);
    expect(
      failures(validateResponse('/tracking_requests/infer_number', 'post', 200, body(response))),
    ).toEqual([]);
    const line = body(response).data.attributes.shipping_line;
    expect(line).toEqual({
      decision: 'auto_select',
      selected: { scac, name, confidence: 1 },
      candidates: [{ scac, name, confidence: 1 }],
    });
  });

  it('needs_confirmation for a leasing company’s box: candidates best first, none selected, the same answer every time', () => {
    const number = box('TGHU918273');
    const line = lineOf(number);
    expect(line.decision).toBe('needs_confirmation');
    expect(line.selected).toBeNull();
    expect(line.candidates.length).toBeGreaterThanOrEqual(2);
    const confidences = line.candidates.map((c: { confidence: number }) => c.confidence);
    expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
    expect(new Set(line.candidates.map((c: { scac: string }) => c.scac)).size).toBe(
      line.candidates.length,
    );
    expect(lineOf(number)).toEqual(line);
    // Another lessor's box may sail with other lines.
    const others = ['TCNU', 'SEGU', 'TEMU', 'CAIU', 'FSCU'].map((p) => lineOf(box(`${p}123456`)));
    for (const other of others) expect(other.decision).toBe('needs_confirmation');
    expect(new Set(others.map((o) => o.candidates[0].scac)).size).toBeGreaterThan(1);
  });

  it('no_prediction for a prefix no carrier or lessor owns', () => {
    for (const number of [box('ABCU123456'), 'XQ-99887766', '254000001']) {
      const response = infer(h, number);
      expect(
        failures(validateResponse('/tracking_requests/infer_number', 'post', 200, body(response))),
      ).toEqual([]);
      expect(body(response).data.attributes.shipping_line).toEqual({
        decision: 'no_prediction',
        selected: null,
        candidates: [],
      });
    }
  });

  it('says what kind of number it is, and whether a container number’s check digit passes', () => {
    const good = box('MSCU123456');
    const bad = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;
    expect(body(infer(h, good)).data.attributes).toMatchObject({
      number_type: 'container',
      validation: {
        is_valid: true,
        type: 'container',
        check_digit_passed: true,
        parsed_number: null,
      },
    });
    expect(body(infer(h, bad.toLowerCase())).data.attributes).toMatchObject({
      number_type: 'container',
      validation: { is_valid: false, check_digit_passed: false, parsed_number: bad },
    });
    expect(body(infer(h, 'MEDUFR030802')).data).toMatchObject({
      type: 'infer_number_results',
      id: expect.stringMatching(/^req_/),
      attributes: {
        number_type: 'bill_of_lading',
        validation: { is_valid: null, type: 'shipment', check_digit_passed: null },
      },
    });
  });

  it.each([[''], ['ab-1'], ['MSCU 1234?'], [42], [null]])(
    '422 with the documented body for %p',
    (number) => {
      const response = infer(h, number);
      expect(response.status).toBe(422);
      expect(body(response)).toEqual({
        errors: [
          {
            status: '422',
            title: 'Unprocessable Entity',
            detail: 'This reference number is not valid.',
          },
        ],
      });
      expect(
        failures(validateResponse('/tracking_requests/infer_number', 'post', 422, body(response))),
      ).toEqual([]);
    },
  );

  it('needs the API key', () => {
    expect(
      h.post('/v2/tracking_requests/infer_number', { number: 'MEDUFR030802' }, null).status,
    ).toBe(401);
  });
});

describe('infer_number has its own rate bucket', () => {
  it('200 a rolling minute by default, apart from the 100 of everything else', () => {
    const h = harness({ rateLimit: { limit: 3, windowMs: 60_000 } });
    for (let i = 0; i < 200; i++) expect(infer(h, 'MEDUFR030802').status).toBe(200);
    const refused = infer(h, 'MEDUFR030802');
    expect(refused.status).toBe(429);
    expect(headerOf(refused, 'Retry-After')).toBe('60');
    // The OpenAPI document's 429 example for this operation.
    expect(body(refused)).toMatchObject({
      errors: [{ status: '429', detail: 'Rate limit exceeded' }],
    });
    expect(
      failures(validateResponse('/tracking_requests/infer_number', 'post', 429, body(refused))),
    ).toEqual([]);
    // The general bucket was not touched by the 201 inferences…
    for (let i = 0; i < 3; i++) expect(h.get('/v2/containers?page[size]=1').status).toBe(200);
    expect(h.get('/v2/containers?page[size]=1').status).toBe(429);
    // …and its exhaustion does not touch infer_number's, which frees up as the minute rolls.
    h.clock.advance(60_000);
    expect(infer(h, 'MEDUFR030802').status).toBe(200);
  });

  it('is configurable like the general limit', () => {
    const h = harness({ inferRateLimit: { limit: 2, windowMs: 10_000 } });
    expect([1, 2, 3].map(() => infer(h, 'ONEYSH9AME650500').status)).toEqual([200, 200, 429]);
  });
});

describe('POST /tracking_requests with auto_detect_vocc_scac', () => {
  const setup = () =>
    harness({ trackingDelays: DELAYS, rateLimit: { limit: 10_000, windowMs: 60_000 } });
  const autoDetect = (request_type: string, request_number: string, extra = {}) =>
    trackingRequest({ request_type, request_number, auto_detect_vocc_scac: true, ...extra });
  const read = (h: ReturnType<typeof setup>, id: string) =>
    body(h.get(`/v2/tracking_requests/${id}?include=tracked_object`));

  it('is created pending with no SCAC, then carries the detected carrier and tracks the number', () => {
    const h = setup();
    const created = h.post('/v2/tracking_requests', autoDetect('bill_of_lading', 'MEDUAD0001'));
    expect(created.status).toBe(201);
    const issues = validateResponse('/tracking_requests', 'post', 201, body(created));
    expect(failures(issues)).toEqual([]);
    expect(errataOf(issues)).toContain('auto-detect-scac-null');
    const r = body(created).data;
    expect(r.attributes).toMatchObject({ scac: null, status: 'pending', failed_reason: null });
    h.clock.advance(DELAYS.pendingMs - 1);
    expect(read(h, r.id).data.attributes).toMatchObject({ scac: null, status: 'pending' });
    h.clock.advance(1);
    const done = read(h, r.id);
    expect(done.data.attributes).toMatchObject({ scac: 'MSCU', status: 'created' });
    expect(done.included[0].attributes).toMatchObject({
      bill_of_lading_number: 'MEDUAD0001',
      shipping_line_scac: 'MSCU',
    });
    const listed = h.get('/v2/tracking_requests?filter[scac]=MSCU&page[size]=100');
    expect(body(listed).data.map((d: { id: string }) => d.id)).toContain(r.id);
  });

  it('a container number tracks that very container under the detected line', () => {
    const h = setup();
    const number = box('MSKU123987');
    const r = body(h.post('/v2/tracking_requests', autoDetect('container', number))).data;
    h.clock.advance(DELAYS.pendingMs);
    expect(read(h, r.id).data.attributes.scac).toBe('MAEU');
    expect(h.emulator.findContainer(number)).toBeDefined();
  });

  it('the detected carrier’s own outcome follows (a number that awaits its manifest)', () => {
    const h = setup();
    const r = body(
      h.post('/v2/tracking_requests', autoDetect('bill_of_lading', 'HLCUAWAIT77')),
    ).data;
    h.clock.advance(DELAYS.pendingMs);
    expect(read(h, r.id).data.attributes).toMatchObject({
      scac: 'HLCU',
      status: 'awaiting_manifest',
    });
  });

  it.each([
    ['a leasing company’s box (no single carrier)', 'container', box('TGHU918273')],
    ['an unknown prefix', 'bill_of_lading', 'XQZ2026001'],
    ['a carrier that does not track this kind of number', 'container', box('MATU123456')],
  ])('fails with scac_auto_detect_failed for %s, creating nothing', (_, type, number) => {
    const h = setup();
    const shipments = h.emulator.account()!.shipments().length;
    const r = body(h.post('/v2/tracking_requests', autoDetect(type, number))).data;
    h.clock.advance(DELAYS.pendingMs);
    const after = read(h, r.id);
    expect(after.data.attributes).toMatchObject({
      scac: null,
      status: 'failed',
      failed_reason: 'scac_auto_detect_failed',
    });
    expect(after.data.relationships.tracked_object.data).toBeNull();
    expect(h.emulator.account()!.shipments()).toHaveLength(shipments);
    const issues = validateResponse('/tracking_requests/{id}', 'get', 200, after);
    expect(failures(issues)).toEqual([]);
    // Failed: the number may be tried again, this time with a SCAC.
    expect(
      h.post(
        '/v2/tracking_requests',
        trackingRequest({ request_type: type, request_number: number, scac: 'MSCU' }),
      ).status,
    ).toBe(201);
  });

  it('a SCAC given with it wins; without either the SCAC is still required', () => {
    const h = setup();
    const given = body(
      h.post('/v2/tracking_requests', autoDetect('bill_of_lading', 'MEDUAD0002', { scac: 'HLCU' })),
    ).data;
    expect(given.attributes.scac).toBe('HLCU');
    h.clock.advance(DELAYS.pendingMs);
    expect(read(h, given.id).data.attributes).toMatchObject({ scac: 'HLCU', status: 'created' });
    for (const flag of [false, undefined]) {
      const refused = h.post(
        '/v2/tracking_requests',
        trackingRequest({
          request_type: 'bill_of_lading',
          request_number: 'MEDUAD0003',
          auto_detect_vocc_scac: flag,
        }),
      );
      expect(body(refused).errors.map((e: { code: string }) => e.code)).toEqual([
        'blank',
        'not_recognized',
      ]);
    }
    const odd = h.post(
      '/v2/tracking_requests',
      autoDetect('bill_of_lading', 'MEDUAD0004', { auto_detect_vocc_scac: 'yes' }),
    );
    expect(body(odd).errors[0].source.pointer).toBe('/data/attributes/auto_detect_vocc_scac');
  });

  it('a pending auto-detect request is a duplicate for the number like any other', () => {
    const h = setup();
    expect(h.post('/v2/tracking_requests', autoDetect('bill_of_lading', 'MEDUAD0005')).status).toBe(
      201,
    );
    const again = h.post('/v2/tracking_requests', autoDetect('bill_of_lading', 'meduad0005'));
    expect(body(again).errors[0].code).toBe('duplicate');
  });
});
