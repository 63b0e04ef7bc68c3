import { body, harness, trackingRequest } from './support/harness';

const DELAYS = { pendingMs: 10_000, awaitingManifestMs: 3_600_000, retryIntervalMs: 60_000 };
const setup = () =>
  harness({ trackingDelays: DELAYS, rateLimit: { limit: 10_000, windowMs: 60_000 } });
const bol = (request_number: string, extra: Record<string, unknown> = {}) =>
  trackingRequest({ request_type: 'bill_of_lading', request_number, scac: 'MAEU', ...extra });

describe('POST /tracking_requests: validation', () => {
  const h = setup();
  const pointers = (response: ReturnType<typeof h.get>) =>
    body(response).errors.map(
      (e: { source: { pointer: string }; code: string }) => `${e.source.pointer} ${e.code}`,
    );

  it('creates a pending request (201)', () => {
    const response = h.post(
      '/v2/tracking_requests',
      bol('254000001', { ref_numbers: ['PO-1'], shipment_tags: ['t'] }),
    );
    expect(response.status).toBe(201);
    const data = body(response).data;
    expect(data).toMatchObject({
      type: 'tracking_request',
      attributes: {
        request_number: '254000001',
        request_type: 'bill_of_lading',
        scac: 'MAEU',
        status: 'pending',
        failed_reason: null,
        ref_numbers: ['PO-1'],
        shipment_tags: ['t'],
      },
      relationships: { tracked_object: { data: null } },
    });
    expect(data.attributes.created_at).toBe('2026-11-20T15:00:00Z');
  });

  it('reports every problem at once with pointers', () => {
    const response = h.post(
      '/v2/tracking_requests',
      trackingRequest({ request_type: 'bol', request_number: '  ', scac: '' }),
    );
    expect(response.status).toBe(422);
    // As recorded (captured-2025-07.tracking-requests.create.422-blank-scac-request-type.json).
    expect(pointers(response).sort()).toEqual([
      '/data/attributes/request_number blank',
      '/data/attributes/request_number too_short',
      '/data/attributes/request_type invalid_request_type',
      '/data/attributes/scac blank',
      '/data/attributes/scac not_recognized',
    ]);
    expect(
      body(response).errors.find(
        (e: { code: string; detail: string }) => e.detail === "Scac can't be blank",
      ),
    ).toBeDefined();
  });

  it('rejects an unknown SCAC, accepts an alternative one, and refuses unsupported request types', () => {
    const unknown = h.post('/v2/tracking_requests', bol('X1X1X1', { scac: 'XXXX' }));
    expect(body(unknown).errors[0]).toMatchObject({
      detail: "Scac 'XXXX' is not recognized",
      code: 'not_recognized',
      source: { pointer: '/data/attributes/scac' },
    });
    expect(h.post('/v2/tracking_requests', bol('MEDUALT001', { scac: 'medu' })).status).toBe(201);
    const matson = h.post(
      '/v2/tracking_requests',
      trackingRequest({ request_type: 'container', request_number: 'MATU1234565', scac: 'MATS' }),
    );
    expect(matson.status).toBe(422);
    expect(body(matson).errors[0].source.pointer).toBe('/data/attributes/request_type');
  });

  it('rejects bad ref_numbers, a wrong resource type and a missing document', () => {
    expect(pointers(h.post('/v2/tracking_requests', bol('X2X2X2', { ref_numbers: 'PO' })))).toEqual(
      ['/data/attributes/ref_numbers invalid'],
    );
    expect(
      h.post('/v2/tracking_requests', { data: { type: 'shipment', attributes: {} } }).status,
    ).toBe(409);
    expect(h.post('/v2/tracking_requests', {}).status).toBe(400);
    expect(h.request('POST', '/v2/tracking_requests').status).toBe(400);
  });

  it('422 duplicate for a number pending, tracked (seeded or by container), but not for a failed one', () => {
    expect(h.post('/v2/tracking_requests', bol('DUP-000001')).status).toBe(201);
    const pending = h.post('/v2/tracking_requests', bol('dup-000001'));
    expect(pending.status).toBe(422);
    expect(body(pending).errors[0]).toMatchObject({
      code: 'duplicate',
      source: { pointer: '/data/attributes/request_number' },
    });
    expect(body(pending).errors[0].detail).toMatch(/already requested \(status pending\)/);

    const seeded = h.emulator.account()!.shipments()[0]!.attributes.bill_of_lading_number;
    const tracked = h.post('/v2/tracking_requests', bol(seeded));
    expect(body(tracked).errors[0]).toMatchObject({ code: 'duplicate' });
    expect(body(tracked).errors[0].detail).toMatch(/already tracked/);

    const container = h.emulator.account()!.containers()[3]!.attributes.number;
    const spaced = `${container.slice(0, 4)} ${container.slice(4)}`;
    const byContainer = h.post(
      '/v2/tracking_requests',
      trackingRequest({ request_type: 'container', request_number: spaced, scac: 'MAEU' }),
    );
    expect(body(byContainer).errors[0].code).toBe('duplicate');

    // The seeded failed request may be tried again.
    expect(h.post('/v2/tracking_requests', bol('MEDUNOTFOUND1', { scac: 'MSCU' })).status).toBe(
      201,
    );
  });
});

describe('lifecycle on the emulator clock (lazy: computed when read)', () => {
  it('pending → created: the shipment and its containers appear, with the ref numbers and tags', () => {
    const h = setup();
    const created = body(
      h.post(
        '/v2/tracking_requests',
        bol('254123456', { ref_numbers: ['PO-9', 'SO-9'], shipment_tags: ['vip'] }),
      ),
    ).data;
    const before = h.emulator.account()!.containers().length;
    h.clock.advance(9_999);
    expect(body(h.get(`/v2/tracking_requests/${created.id}`)).data.attributes.status).toBe(
      'pending',
    );
    h.clock.advance(60_000); // nobody looked at the moment it was due
    const json = body(h.get(`/v2/tracking_requests/${created.id}?include=tracked_object`));
    expect(json.data.attributes.status).toBe('created');
    expect(json.data.attributes.updated_at).toBe('2026-11-20T15:00:10Z');
    const shipment = json.included[0];
    expect(shipment.type).toBe('shipment');
    expect(shipment.attributes).toMatchObject({
      bill_of_lading_number: '254123456',
      shipping_line_scac: 'MAEU',
      ref_numbers: ['PO-9', 'SO-9'],
      tags: ['vip'],
    });
    expect(shipment.attributes.created_at).toBe('2026-11-20T15:00:10Z');
    const containers = h.emulator
      .account()!
      .containersOf(h.emulator.account()!.shipment(shipment.id)!);
    expect(containers.length).toBeGreaterThanOrEqual(1);
    for (const c of containers) expect(c.attributes.ref_numbers).toEqual(['PO-9', 'SO-9']);
    expect(h.emulator.account()!.containers().length).toBe(before + containers.length);
    // Newest first: the new containers lead the list.
    expect(body(h.get('/v2/containers?page[size]=1')).data[0].relationships.shipment.data.id).toBe(
      shipment.id,
    );
    // And the number is now a duplicate.
    expect(body(h.post('/v2/tracking_requests', bol('254123456'))).errors[0].code).toBe(
      'duplicate',
    );
    expect(body(h.get('/v2/shipments?number=254123456')).data).toHaveLength(1);
  });

  it('a container request tracks that very container', () => {
    const h = setup();
    const r = body(
      h.post(
        '/v2/tracking_requests',
        trackingRequest({
          request_type: 'container',
          request_number: 'msku 907032-3',
          scac: 'MAEU',
        }),
      ),
    ).data;
    h.clock.advance(DELAYS.pendingMs);
    expect(body(h.get(`/v2/tracking_requests/${r.id}`)).data.attributes.status).toBe('created');
    expect(h.emulator.findContainer('MSKU9070323')?.attributes.current_status).toBeDefined();
  });

  it.each([
    ['TEST-TR-SUCCEEDED', 'TEST', 'created', null],
    ['TEST-TR-FAILED', 'TEST', 'failed', 'not_found'],
    ['MAEUFAIL01', 'MAEU', 'failed', 'not_found'],
    ['MAEUNOTFOUND', 'MAEU', 'failed', 'not_found'],
    ['MAEUINVALID', 'MAEU', 'failed', 'invalid_number'],
    ['BKGCANCEL7', 'MAEU', 'failed', 'booking_cancelled'],
    ['MAEUAWAIT01', 'MAEU', 'awaiting_manifest', null],
    ['MAEURETRY01', 'MAEU', 'pending', 'shipping_line_unreachable'],
  ])('%s (%s) → %s after the pending delay', (number, scac, status, reason) => {
    const h = setup();
    const r = body(h.post('/v2/tracking_requests', bol(number, { scac }))).data;
    expect(r.attributes.status).toBe('pending');
    h.clock.advance(DELAYS.pendingMs);
    const attributes = body(h.get(`/v2/tracking_requests/${r.id}`)).data.attributes;
    expect([attributes.status, attributes.failed_reason]).toEqual([status, reason]);
    const tracked = body(h.get(`/v2/tracking_requests/${r.id}`)).data.relationships.tracked_object
      .data;
    expect(tracked === null).toBe(status !== 'created');
  });

  it('TEST-TR-SUCCEEDED creates a shipment with the test carrier', () => {
    const h = setup();
    const r = body(
      h.post('/v2/tracking_requests', bol('TEST-TR-SUCCEEDED', { scac: 'TEST' })),
    ).data;
    h.clock.advance(DELAYS.pendingMs);
    const shipment = body(h.get(`/v2/tracking_requests/${r.id}?include=tracked_object`))
      .included[0];
    expect(shipment.attributes).toMatchObject({
      bill_of_lading_number: 'TEST-TR-SUCCEEDED',
      shipping_line_scac: 'TEST',
      shipping_line_name: 'T49 Test Carrier',
    });
  });

  it('awaiting_manifest becomes created once the manifest arrives; EXPIRE numbers fail with expired', () => {
    const h = setup();
    const awaiting = body(h.post('/v2/tracking_requests', bol('MAEUAWAIT02'))).data;
    const expiring = body(h.post('/v2/tracking_requests', bol('MAEUEXPIRE02'))).data;
    h.clock.advance(DELAYS.pendingMs + DELAYS.awaitingManifestMs - 1);
    expect(body(h.get(`/v2/tracking_requests/${awaiting.id}`)).data.attributes.status).toBe(
      'awaiting_manifest',
    );
    h.clock.advance(1);
    expect(body(h.get(`/v2/tracking_requests/${awaiting.id}`)).data.attributes.status).toBe(
      'created',
    );
    expect(body(h.get(`/v2/tracking_requests/${expiring.id}`)).data.attributes).toMatchObject({
      status: 'failed',
      failed_reason: 'expired',
    });
  });

  it('RETRY numbers retry three times, then fail with retries_exhausted', () => {
    const h = setup();
    const r = body(h.post('/v2/tracking_requests', bol('MAEURETRY02'))).data;
    const seen: unknown[] = [];
    h.clock.advance(DELAYS.pendingMs);
    for (let i = 0; i < 4; i++) {
      const a = body(h.get(`/v2/tracking_requests/${r.id}`)).data.attributes;
      seen.push([a.status, a.is_retrying, a.retry_count, a.failed_reason]);
      h.clock.advance(DELAYS.retryIntervalMs);
    }
    expect(seen).toEqual([
      ['pending', true, 1, 'shipping_line_unreachable'],
      ['pending', true, 2, 'shipping_line_unreachable'],
      ['pending', true, 3, 'shipping_line_unreachable'],
      ['failed', false, 3, 'retries_exhausted'],
    ]);
  });

  it('the seeded awaiting_manifest request is created once its manifest arrives', () => {
    const h = harness({ trackingDelays: { pendingMs: 0, awaitingManifestMs: 3 * 3_600_000 } });
    const seeded = h.emulator
      .account()!
      .trackingRequests()
      .find((r) => r.status === 'awaiting_manifest')!;
    expect(seeded.requestNumber).toBe('254AWAIT81');
    const shipments = h.emulator.account()!.shipments().length;
    h.clock.advance(3_600_000);
    expect(h.emulator.account()!.trackingRequest(seeded.id)!.status).toBe('created');
    expect(h.emulator.account()!.shipments().length).toBe(shipments + 1);
  });
});

describe('GET /tracking_requests', () => {
  const h = setup();
  h.post('/v2/tracking_requests', bol('LIST-FAIL-1'));
  h.post('/v2/tracking_requests', bol('LIST-OK-1', { scac: 'MSCU' }));
  h.clock.advance(DELAYS.pendingMs);

  it('lists newest first with filters on number, status and scac', () => {
    const all = body(h.get('/v2/tracking_requests?page[size]=100')).data;
    expect(all[0].attributes.request_number).toBe('LIST-OK-1');
    expect(all).toHaveLength(h.emulator.account()!.trackingRequests().length);
    expect(
      body(h.get('/v2/tracking_requests?filter[request_number]=list-fail-1')).data.map(
        (r: { attributes: { status: string } }) => r.attributes.status,
      ),
    ).toEqual(['failed']);
    const failed = body(h.get('/v2/tracking_requests?filter[status]=failed&page[size]=100')).data;
    expect(
      failed
        .map((r: { attributes: { request_number: string } }) => r.attributes.request_number)
        .sort(),
    ).toEqual(['LIST-FAIL-1', 'MEDUNOTFOUND1', 'MSKU1234567']);
    expect(
      body(h.get('/v2/tracking_requests?filter[scac]=MSCU&filter[status]=created')).data.some(
        (r: { attributes: { request_number: string } }) =>
          r.attributes.request_number === 'LIST-OK-1',
      ),
    ).toBe(true);
  });

  it('pages with links and meta.pagination, includes tracked shipments on request', () => {
    const json = body(h.get('/v2/tracking_requests?page[size]=5&include=tracked_object'));
    expect(json.data).toHaveLength(5);
    expect(json.meta.pagination).toMatchObject({ current: 1, next: 2, records: json.meta.total });
    expect(json.links.next).toContain('page[number]=2&page[size]=5');
    expect(json.included.every((r: { type: string }) => r.type === 'shipment')).toBe(true);
    expect(h.get('/v2/tracking_requests?include=customer').status).toBe(200);
    expect(h.get('/v2/tracking_requests?include=shipment').status).toBe(400);
  });

  it('404 for an unknown id', () => {
    expect(body(h.get('/v2/tracking_requests/unknown'))).toEqual({
      errors: [{ status: '404', source: null, title: 'Not Found', detail: null }],
    });
  });
});
