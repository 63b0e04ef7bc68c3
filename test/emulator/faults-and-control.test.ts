import { ScaledClock } from '../../local/clock';
import { createEmulator, DELAY_HEADER, parseFaultSpec } from '../../local/emulator';
import { body, contentType, harness, headerOf, text, trackingRequest } from './support/harness';

describe('fault syntax', () => {
  it('parses prism-style specs', () => {
    expect(parseFaultSpec('status=500')).toEqual({ status: 500 });
    expect(parseFaultSpec('status=429; retry-after=7')).toEqual({ status: 429, retryAfter: 7 });
    expect(parseFaultSpec('body=html,delay=2000')).toEqual({ body: 'html', delayMs: 2000 });
    expect(parseFaultSpec('BODY=malformed-json')).toEqual({ body: 'malformed-json' });
  });

  it.each(['', 'status=abc', 'status=99', 'body=xml', 'colour=red', 'delay=-1'])(
    'rejects %j',
    (spec) => {
      expect(() => parseFaultSpec(spec)).toThrow();
    },
  );
});

describe('faults by header and query parameter', () => {
  const h = harness();
  const withFault = (fault: string, path = '/v2/containers') =>
    h.request('GET', path, { headers: { 'X-Emulator-Fault': fault } });

  it('forces a status with a JSON:API error body', () => {
    const response = withFault('status=500');
    expect(response.status).toBe(500);
    expect(body(response).errors[0]).toMatchObject({
      status: '500',
      title: 'Internal Server Error',
    });
  });

  it('forces 429 with Retry-After (retry-after alone implies 429)', () => {
    const response = withFault('retry-after=7');
    expect(response.status).toBe(429);
    expect(headerOf(response, 'retry-after')).toBe('7');
    expect(headerOf(withFault('status=503;retry-after=3'), 'retry-after')).toBe('3');
  });

  it('serves an HTML page or cut-off JSON', () => {
    const page = withFault('body=html');
    expect(page.status).toBe(200);
    expect(contentType(page)).toMatch(/^text\/html/);
    const gateway = withFault('status=502;body=html');
    expect([gateway.status, text(gateway)]).toEqual([
      502,
      expect.stringContaining('502 Bad Gateway'),
    ]);
    const cut = withFault('body=malformed-json');
    expect(contentType(cut)).toMatch(/vnd\.api\+json/);
    expect(() => JSON.parse(text(cut))).toThrow();
  });

  it('a delay lets the request through and reports the delay in a header (the clock does not move)', () => {
    const before = h.clock.now();
    const response = withFault('delay=2000');
    expect(response.status).toBe(200);
    expect(headerOf(response, DELAY_HEADER)).toBe('2000');
    expect(h.clock.now()).toBe(before);
  });

  it('the __fault query parameter works the same, and a bad spec is a 400', () => {
    expect(h.get('/v2/containers?__fault=status%3D503').status).toBe(503);
    const bad = withFault('status=nope');
    expect(bad.status).toBe(400);
    expect(body(bad).errors[0].detail).toMatch(/X-Emulator-Fault/);
  });

  it('changes no data: a faulted POST creates nothing', () => {
    const before = h.emulator.account()!.trackingRequests().length;
    const response = h.request('POST', '/v2/tracking_requests', {
      body: trackingRequest({
        request_type: 'bill_of_lading',
        request_number: 'FAULTED-1',
        scac: 'MAEU',
      }),
      headers: { 'X-Emulator-Fault': 'status=500' },
    });
    expect(response.status).toBe(500);
    expect(h.emulator.account()!.trackingRequests().length).toBe(before);
    expect(h.emulator.requestLog.entries.at(-1)).toMatchObject({ status: 500, faulted: true });
  });
});

describe('programmatic faults', () => {
  it('apply to the next matching requests, `times` of them, then stop', () => {
    const h = harness();
    h.emulator.faults.enqueue({
      status: 503,
      times: 2,
      match: { method: 'GET', path: '/v2/shipments' },
    });
    expect(h.get('/v2/containers').status).toBe(200);
    expect(h.get('/v2/shipments').status).toBe(503);
    expect(h.emulator.faults.pending()).toEqual([
      { status: 503, times: 1, match: { method: 'GET', path: '/v2/shipments' } },
    ]);
    expect(h.get('/v2/shipments').status).toBe(503);
    expect(h.get('/v2/shipments').status).toBe(200);
  });

  it('match paths by regular expression, and clear', () => {
    const h = harness();
    h.emulator.faults.enqueue({ body: 'html', times: 5, match: { path: /^\/v2\/containers\// } });
    const id = h.emulator.account()!.containers()[0]!.id;
    expect(contentType(h.get(`/v2/containers/${id}`))).toMatch(/html/);
    expect(h.get('/v2/containers').status).toBe(200);
    h.emulator.faults.clear();
    expect(contentType(h.get(`/v2/containers/${id}`))).toMatch(/vnd\.api/);
  });

  it('a header fault takes precedence and does not use up the queue', () => {
    const h = harness();
    h.emulator.faults.enqueue({ status: 500 });
    expect(
      h.request('GET', '/v2/containers', { headers: { 'X-Emulator-Fault': 'status=418' } }).status,
    ).toBe(418);
    expect(h.get('/v2/containers').status).toBe(500);
  });

  it('faulted requests do not take rate-limit slots', () => {
    const h = harness({ rateLimit: { limit: 1, windowMs: 60_000 } });
    h.emulator.faults.enqueue({ status: 500, times: 3 });
    for (let i = 0; i < 3; i++) expect(h.get('/v2/containers').status).toBe(500);
    expect(h.get('/v2/containers').status).toBe(200);
  });
});

describe('control surface /__emulator/*', () => {
  const control = (
    h: ReturnType<typeof harness>,
    method: string,
    path: string,
    payload?: unknown,
  ) =>
    h.request(method, `/__emulator/${path}`, {
      key: null,
      raw: payload === undefined ? undefined : JSON.stringify(payload),
      headers: { 'Content-Type': 'text/plain' },
    });

  it('GET state needs no key and describes accounts, clock and faults', () => {
    const h = harness();
    const response = control(h, 'GET', 'state');
    expect(response.status).toBe(200);
    expect(headerOf(response, 'access-control-allow-origin')).toBe('*');
    expect(body(response)).toMatchObject({
      now: '2026-11-20T15:00:00.000Z',
      apiBase: 'http://127.0.0.1:4949/v2',
      appUrl: 'http://127.0.0.1:4949',
      demoKey: 'demo-key-0000',
      clock: { advanceable: true, scalable: false },
      accounts: [
        {
          key: 'demo-key-0000',
          containers: 63,
          shipments: 25,
          trackingRequests: {
            total: 28,
            created: 24,
            tracking_stopped: 1,
            failed: 2,
            awaiting_manifest: 1,
          },
        },
      ],
      rateLimit: { limit: 100, windowMs: 60000 },
    });
    expect(control(h, 'OPTIONS', 'state').status).toBe(204);
  });

  it('POST clock advances a manual clock; a factor needs a scaled clock', () => {
    const h = harness();
    expect(body(control(h, 'POST', 'clock', { advanceMs: 3_600_000 })).now).toBe(
      '2026-11-20T16:00:00.000Z',
    );
    expect(control(h, 'POST', 'clock', { factor: 60 }).status).toBe(400);
    expect(control(h, 'POST', 'clock', { advanceMs: -5 }).status).toBe(400);
    expect(control(h, 'POST', 'clock', 'nope').status).toBe(400);

    const scaled = new ScaledClock();
    const emulator = createEmulator({ clock: scaled });
    const state = body(
      emulator.handle({
        method: 'POST',
        url: 'http://127.0.0.1:4949/__emulator/clock',
        headers: {},
        body: '{"factor":60}',
      }),
    );
    expect(state.clock).toEqual({ advanceable: true, scalable: true, factor: 60 });
  });

  it('POST faults queues faults (one, several, or clear), DELETE clears them', () => {
    const h = harness();
    const queued = body(
      control(h, 'POST', 'faults', {
        status: 502,
        times: 2,
        match: { pathPattern: '^/v2/search' },
      }),
    );
    expect(queued.faults).toEqual([
      { status: 502, times: 2, match: { pathPattern: new RegExp('^/v2/search').source } },
    ]);
    expect(h.get('/v2/search?query=x').status).toBe(502);
    control(h, 'POST', 'faults', {
      clear: true,
      faults: [{ retryAfter: 3 }, { body: 'malformed-json' }],
    });
    expect(h.emulator.faults.pending()).toHaveLength(2);
    expect(control(h, 'POST', 'faults', { status: 'x' }).status).toBe(400);
    expect(body(control(h, 'DELETE', 'faults')).faults).toEqual([]);
    expect(h.get('/v2/containers').status).toBe(200);
  });

  it('POST reset re-seeds the demo account, empties the others, forgets faults, limits and the log', () => {
    const h = harness({ rateLimit: { limit: 1, windowMs: 60_000 } });
    h.emulator.addAccount('second');
    h.post(
      '/v2/tracking_requests',
      trackingRequest({ request_type: 'bill_of_lading', request_number: 'RESET-1', scac: 'MAEU' }),
    );
    h.get('/v2/containers');
    expect(h.get('/v2/containers').status).toBe(429);
    h.emulator.faults.enqueue({ status: 500 });
    const state = body(control(h, 'POST', 'reset', {}));
    expect(
      state.accounts.map((a: { key: string; containers: number }) => [a.key, a.containers]),
    ).toEqual([
      ['demo-key-0000', 63],
      ['second', 0],
    ]);
    expect(state.faults).toEqual([]);
    expect(h.emulator.requestLog.entries).toHaveLength(0);
    expect(h.get('/v2/containers').status).toBe(200);
    expect(
      h.emulator
        .account()!
        .trackingRequests()
        .some((r) => r.requestNumber === 'RESET-1'),
    ).toBe(false);
  });

  it('unknown control routes are 404; /health is 200; neither is logged', () => {
    const h = harness();
    expect(control(h, 'GET', 'nothing').status).toBe(404);
    expect(h.request('GET', '/health', { key: null }).status).toBe(200);
    expect(h.emulator.requestLog.entries).toHaveLength(0);
  });
});
