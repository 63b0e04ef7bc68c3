import { ApiClient, buildUrl } from '../../src/api/client';
import type { Transport, TransportRequest, TransportResponse } from '../../src/api/transport';
import { AppError } from '../../src/core/errors';
import { SharedRequestGate } from '../../src/engine/request-gate';
import { MemoryCache, MemoryLock, TestClock } from '../helpers/memory-ports';

type Reply = TransportResponse | Error;

class ScriptedTransport implements Transport {
  readonly seen: TransportRequest[] = [];
  constructor(private readonly replies: Reply[]) {}
  fetchAll(requests: TransportRequest[]): Reply[] {
    this.seen.push(...requests);
    return requests.map(() => this.replies.shift() ?? new Error('no more replies'));
  }
}

const ok = (body: unknown): TransportResponse => ({
  status: 200,
  headers: {},
  body: JSON.stringify(body),
});

function client(replies: Reply[], opts: { maxWaitMs?: number; deadlineMs?: number } = {}) {
  const clock = new TestClock(0);
  const transport = new ScriptedTransport(replies);
  const gate = new SharedRequestGate(new MemoryCache(clock), new MemoryLock(clock), clock);
  const api = new ApiClient({
    transport,
    gate,
    clock,
    apiKey: 'sekret-key-1234',
    apiBaseUrl: 'https://api.example.com/v2',
    deadline: opts.deadlineMs ?? 25_000,
    maxWaitMs: opts.maxWaitMs ?? 10_000,
  });
  return { api, transport, clock };
}

describe('API client', () => {
  it('sends the token, JSON:API headers and bracketed query parameters', () => {
    const { api, transport } = client([ok({ data: [] })]);
    api.send({
      method: 'get',
      path: '/containers',
      query: { 'page[size]': 100, include: 'shipment' },
    });
    expect(transport.seen[0]!.url).toBe(
      'https://api.example.com/v2/containers?page[size]=100&include=shipment',
    );
    expect(transport.seen[0]!.headers.Authorization).toBe('Token sekret-key-1234');
  });

  it('keeps the JSON:API errors and never puts the key in a message', () => {
    const body = {
      errors: [
        {
          status: '422',
          title: 'Unprocessable Entity',
          detail: "Scac 'XXXX' is not recognized",
          source: { pointer: '/data/attributes/scac' },
        },
      ],
    };
    const { api } = client([{ status: 422, headers: {}, body: JSON.stringify(body) }]);
    let error: AppError | undefined;
    try {
      api.send({ method: 'post', path: '/tracking_requests', body: {} });
    } catch (e) {
      error = e as AppError;
    }
    expect(error?.kind).toBe('validation');
    expect(error?.message).toBe("Scac 'XXXX' is not recognized");
    expect(error?.errors[0]?.source?.pointer).toBe('/data/attributes/scac');
  });

  it.each([
    [401, 'auth', /rejected the API key/],
    [403, 'auth', /rejected the API key/],
    [500, 'upstream', /had a problem \(500\)/],
  ])('maps %s to %s', (status, kind, message) => {
    const { api } = client([{ status, headers: {}, body: '{"errors":[{"title":"x"}]}' }], {
      maxWaitMs: 0,
    });
    try {
      api.send({ method: 'post', path: '/x' });
      throw new Error('should have failed');
    } catch (e) {
      expect((e as AppError).kind).toBe(kind);
      expect((e as AppError).message).toMatch(message);
      expect((e as AppError).message).not.toContain('sekret');
    }
  });

  it('survives HTML pages and broken JSON', () => {
    const { api } = client([
      { status: 200, headers: {}, body: '<html><body>Maintenance</body></html>' },
      { status: 200, headers: {}, body: '{"data": [' },
    ]);
    const [a, b] = api.sendAll([
      { method: 'post', path: '/a' },
      { method: 'post', path: '/b' },
    ]);
    expect((a as AppError).message).toMatch(/a web page instead of data/);
    expect((b as AppError).message).toMatch(/broken data/);
  });

  it('retries a GET after a 429 for Retry-After seconds, and tells everyone to wait', () => {
    const { api, clock, transport } = client([
      { status: 429, headers: { 'retry-after': '7' }, body: '{"errors":[{"status":"429"}]}' },
      ok({ data: [] }),
    ]);
    const doc = api.send({ method: 'get', path: '/containers' });
    expect(doc).toEqual({ data: [] });
    expect(transport.seen).toHaveLength(2);
    expect(clock.now()).toBeGreaterThanOrEqual(7_000);
  });

  it('does not sleep past its wait limit: a custom function gets a clear rate-limit error', () => {
    const { api, transport } = client(
      [{ status: 429, headers: { 'Retry-After': '45' }, body: '' }],
      { maxWaitMs: 3_000 },
    );
    expect(() => api.send({ method: 'get', path: '/containers' })).toThrow(/Try again in 45 s/);
    expect(transport.seen).toHaveLength(1);
  });

  it('does not retry a POST after a server error (it may have been created)', () => {
    const { api, transport } = client([{ status: 502, headers: {}, body: '' }, ok({})]);
    expect(() => api.send({ method: 'post', path: '/tracking_requests', body: {} })).toThrow(
      /had a problem \(502\)/,
    );
    expect(transport.seen).toHaveLength(1);
  });

  it('maps Apps Script network and quota errors', () => {
    const { api } = client(
      [
        new Error('Timeout: https://api.example.com/v2/x'),
        new Error('Service invoked too many times for one day: urlfetch.'),
      ],
      { maxWaitMs: 0 },
    );
    const [a, b] = api.sendAll([
      { method: 'post', path: '/x' },
      { method: 'post', path: '/y' },
    ]);
    expect((a as AppError).kind).toBe('connection');
    expect((b as AppError).kind).toBe('quota');
  });

  it('builds URLs onto absolute pagination links', () => {
    expect(buildUrl('https://a/v2', 'https://a/v2/containers?page[number]=2', { x: 1 })).toBe(
      'https://a/v2/containers?page[number]=2&x=1',
    );
  });
});

describe('API client under a spent rate budget', () => {
  it('returns an answer for every request, including the ones it could not send', () => {
    const clock = new TestClock(0);
    const transport = new ScriptedTransport(Array.from({ length: 3 }, () => ok({ data: [] })));
    const gate = new SharedRequestGate(new MemoryCache(clock), new MemoryLock(clock), clock, 3);
    const api = new ApiClient({
      transport,
      gate,
      clock,
      apiKey: 'k',
      apiBaseUrl: 'https://a/v2',
      deadline: 1_000,
      maxWaitMs: 0,
    });
    const results = api.sendAll(
      Array.from({ length: 5 }, () => ({ method: 'post' as const, path: '/x' })),
    );
    expect(results).toHaveLength(5);
    expect(results.filter((r) => r instanceof AppError).map((r) => (r as AppError).kind)).toEqual([
      'rate-limit',
      'rate-limit',
    ]);
    expect(results.every((r) => r !== undefined)).toBe(true);
    expect(Object.keys(results)).toHaveLength(5); // no holes for forEach/map to skip
  });
});

describe('a long wait the service asked for (issue 27)', () => {
  function gated(ceiling: number) {
    const clock = new TestClock(Date.parse('2026-11-20T15:20:00Z'));
    const transport = new ScriptedTransport(Array.from({ length: 10 }, () => ok({ data: [] })));
    const gate = new SharedRequestGate(
      new MemoryCache(clock),
      new MemoryLock(clock),
      clock,
      ceiling,
    );
    const api = new ApiClient({
      transport,
      gate,
      clock,
      apiKey: 'sekret-key-1234',
      apiBaseUrl: 'https://a/v2',
      deadline: clock.now() + 20_000,
      maxWaitMs: 0,
      timeZone: () => 'America/New_York',
    });
    return { api, gate, clock };
  }
  const five = () => Array.from({ length: 5 }, () => ({ method: 'post' as const, path: '/x' }));
  const messages = (results: unknown[]) =>
    results.filter((r): r is AppError => r instanceof AppError).map((r) => r.message);

  it('our own rolling minute being full is never said as the service asking', () => {
    const { api } = gated(3);
    expect(messages(api.sendAll(five()))).toEqual([
      expect.stringMatching(/^Waiting for the rate limit/),
      expect.stringMatching(/^Waiting for the rate limit/),
    ]);
  });

  it('a block the service asked for is said with its end, in the spreadsheet zone', () => {
    const { api, gate, clock } = gated(95);
    gate.blockUntil(clock.now() + 3_600_000);
    expect(messages(api.sendAll(five()))).toEqual(
      Array(5).fill('The service asked to wait until 11:20'),
    );
  });
});
