import { body, harness, headerOf, trackingRequest } from './support/harness';

describe('authentication', () => {
  const h = harness();
  const UNAUTHORIZED = {
    errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid or missing API token.' }],
  };

  it.each([
    ['no header', {}],
    ['an unknown key', { Authorization: 'Token nope' }],
    ['another scheme', { Authorization: `Basic ${'demo-key-0000'}` }],
    ['no scheme', { Authorization: 'demo-key-0000' }],
  ])('401 with the real body for %s', (_, headers) => {
    const response = h.request('GET', '/v2/containers', { key: null, headers });
    expect(response.status).toBe(401);
    expect(body(response)).toEqual(UNAUTHORIZED);
    expect(headerOf(response, 'content-type')).toMatch(/^application\/vnd\.api\+json/);
  });

  it('accepts the header in any case of its name', () => {
    expect(
      h.request('GET', '/v2/containers', {
        key: null,
        headers: { authorization: 'Token demo-key-0000' },
      }).status,
    ).toBe(200);
  });

  it('keeps data per account: a second account starts empty and sees nothing of the demo one', () => {
    const second = h.emulator.addAccount('second-key');
    expect(h.emulator.addAccount('second-key')).toBe(second);
    expect(body(h.get('/v2/containers', 'second-key'))).toMatchObject({
      data: [],
      meta: { total: 0 },
    });
    const created = h.post(
      '/v2/tracking_requests',
      trackingRequest({
        request_type: 'bill_of_lading',
        request_number: h.emulator.account()!.shipments()[0]!.attributes.bill_of_lading_number,
        scac: 'MAEU',
      }),
      'second-key',
    );
    // Tracked in the demo account, but not in this one: no duplicate.
    expect(created.status).toBe(201);
    expect(body(h.get(`/v2/tracking_requests/${body(created).data.id}`)).errors[0].status).toBe(
      '404',
    );
  });
});

describe('rate limit: rolling window per key', () => {
  it('allows `limit` requests per window, then 429 with Retry-After until the oldest leaves the window', () => {
    const h = harness({ rateLimit: { limit: 5, windowMs: 60_000 } });
    for (let i = 0; i < 5; i++) {
      expect(h.get('/v2/containers?page[size]=1').status).toBe(200);
      h.clock.advance(10_000); // requests at 0, 10, 20, 30, 40 s
    }
    // Now 50 s: the first request (0 s) frees its slot at 60 s.
    const limited = h.get('/v2/containers');
    expect(limited.status).toBe(429);
    expect(headerOf(limited, 'retry-after')).toBe('10');
    expect(body(limited).errors[0]).toMatchObject({ status: '429', title: 'Too Many Requests' });
    h.clock.advance(4_500);
    expect(headerOf(h.get('/v2/containers'), 'retry-after')).toBe('6'); // 5.5 s rounds up
    h.clock.advance(5_000);
    expect(headerOf(h.get('/v2/containers'), 'retry-after')).toBe('1'); // 0.5 s rounds up, never 0
    h.clock.advance(500);
    expect(h.get('/v2/containers').status).toBe(200);
    // Rolling, not fixed: the next slot frees when the 10 s request ages out.
    expect(h.get('/v2/containers').status).toBe(429);
    h.clock.advance(10_000);
    expect(h.get('/v2/containers').status).toBe(200);
  });

  it('rejected requests do not take a slot, and keys are independent', () => {
    const h = harness({ rateLimit: { limit: 2, windowMs: 1_000 } });
    h.emulator.addAccount('other');
    h.get('/v2/containers');
    h.get('/v2/containers');
    for (let i = 0; i < 10; i++) expect(h.get('/v2/containers').status).toBe(429);
    expect(h.get('/v2/containers', 'other').status).toBe(200);
    h.clock.advance(1_000);
    expect(h.get('/v2/containers').status).toBe(200);
    expect(h.get('/v2/containers').status).toBe(200);
  });

  it('POST /tracking_requests has its own bucket with the real service’s message', () => {
    const h = harness({ rateLimit: { limit: 2, windowMs: 60_000 } });
    const create = (n: number) =>
      h.post(
        '/v2/tracking_requests',
        trackingRequest({
          request_type: 'bill_of_lading',
          request_number: `OWN-00000${n}`,
          scac: 'MAEU',
        }),
      );
    expect(create(1).status).toBe(201);
    expect(create(2).status).toBe(201);
    const limited = create(3);
    expect(limited.status).toBe(429);
    expect(body(limited).errors[0].detail).toBe(
      "You've hit the create tracking requests limit. Please try again in a minute.",
    );
    expect(headerOf(limited, 'retry-after')).toBe('60');
    // The general bucket is untouched by the two creations.
    expect(h.get('/v2/containers').status).toBe(200);
    expect(h.get('/v2/containers').status).toBe(200);
    expect(h.get('/v2/containers').status).toBe(429);
  });

  it('the request log shows the peak a client reached in any rolling window', () => {
    const h = harness({ rateLimit: { limit: 100, windowMs: 60_000 } });
    for (let i = 0; i < 150; i++) {
      h.get('/v2/containers?page[size]=1');
      h.clock.advance(500);
    }
    const log = h.emulator.requestLog;
    expect(log.count()).toBe(150);
    expect(log.peakInWindow(60_000)).toBe(120);
    expect(log.count((e) => e.status === 429)).toBe(20);
    expect(log.entries[0]).toMatchObject({
      method: 'GET',
      path: '/v2/containers',
      status: 200,
      key: 'demo-key-0000',
      faulted: false,
      time: Date.parse('2026-11-20T15:00:00Z'),
    });
  });
});
