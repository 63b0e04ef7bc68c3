// The key goes only to the API base URL's origin over https (or the local http hosts): pagination
// links and redirects elsewhere are refused before anything is sent. A 429's Retry-After is waited
// out when the client is allowed to and it fits.

import { ApiClient } from '../../src/api/client';
import { paginate } from '../../src/api/paginate';
import type { Transport, TransportRequest, TransportResponse } from '../../src/api/transport';
import { AppError } from '../../src/core/errors';
import { SharedRequestGate } from '../../src/engine/request-gate';
import { MemoryCache, MemoryLock, TestClock } from '../helpers/memory-ports';

type Reply = TransportResponse | Error | ((r: TransportRequest) => TransportResponse);

class ScriptedTransport implements Transport {
  readonly seen: TransportRequest[] = [];
  constructor(private readonly replies: Reply[]) {}
  fetchAll(requests: TransportRequest[]): (TransportResponse | Error)[] {
    this.seen.push(...requests);
    return requests.map((r) => {
      const next = this.replies.shift() ?? new Error('no more replies');
      return typeof next === 'function' ? next(r) : next;
    });
  }
}

const page = (next?: string): TransportResponse => ({
  status: 200,
  headers: {},
  body: JSON.stringify({ data: [], ...(next ? { links: { next } } : {}) }),
});
const redirect = (status: number, location: string): TransportResponse => ({
  status,
  headers: { Location: location },
  body: '',
});

function client(
  replies: Reply[],
  opts: { base?: string; maxWaitMs?: number; maxRetryAfterMs?: number } = {},
) {
  const clock = new TestClock(0);
  const transport = new ScriptedTransport(replies);
  const gate = new SharedRequestGate(new MemoryCache(clock), new MemoryLock(clock), clock);
  const api = new ApiClient({
    transport,
    gate,
    clock,
    apiKey: 'sekret-key-1234',
    apiBaseUrl: opts.base ?? 'https://api.example.com/v2',
    deadline: 60_000,
    maxWaitMs: opts.maxWaitMs ?? 10_000,
    ...(opts.maxRetryAfterMs ? { maxRetryAfterMs: opts.maxRetryAfterMs } : {}),
  });
  return { api, transport, clock };
}

describe('pagination links', () => {
  it.each([
    ['another host', 'https://evil.example/v2/x?page[number]=2'],
    ['plain http', 'http://api.example.com/v2/x?page[number]=2'],
    ['another port', 'https://api.example.com:8443/v2/x?page[number]=2'],
    ['a user name', 'https://api.example.com@evil.example/v2/x?page[number]=2'],
    ['a scheme-relative host', '//evil.example/v2/x?page[number]=2'],
  ])('to %s are not followed and send nothing', (_label, next) => {
    const { api, transport } = client([page(next), page()]);
    const pages: number[] = [];
    const error = paginate(api, { method: 'get', path: '/x' }, 10, ({ page: n }) => {
      pages.push(n);
      return true;
    });
    expect(pages).toEqual([1]);
    expect(transport.seen).toHaveLength(1);
    expect(error?.message).toMatch(
      /Not followed: the API key only goes to https:\/\/api\.example\.com/,
    );
  });

  it('within the origin are followed, absolute or relative', () => {
    const { api, transport } = client([
      page('https://API.example.com/v2/x?page[number]=2'),
      page('/v2/x?page[number]=3'),
      page(),
    ]);
    expect(paginate(api, { method: 'get', path: '/x' }, 10, () => true)).toBeNull();
    expect(transport.seen.map((r) => r.url)).toEqual([
      'https://api.example.com/v2/x',
      'https://api.example.com/v2/x?page[number]=2',
      'https://api.example.com/v2/x?page[number]=3',
    ]);
  });
});

describe('redirects', () => {
  it.each([301, 302, 303, 307, 308])('%i to another host is an error, not a request', (status) => {
    const { api, transport } = client([redirect(status, 'https://evil.example/v2/x'), page()]);
    expect(() => api.send({ method: 'get', path: '/x' })).toThrow(/evil\.example.*Not followed/);
    expect(transport.seen).toHaveLength(1);
  });

  it('to http on the same host is an error', () => {
    const { api, transport } = client([redirect(302, 'http://api.example.com/v2/x')]);
    expect(() => api.send({ method: 'get', path: '/x' })).toThrow(/Not followed/);
    expect(transport.seen).toHaveLength(1);
  });

  it('within the origin are followed; a 303 after a POST becomes a GET', () => {
    const { api, transport } = client([redirect(303, '/v2/done'), page()]);
    api.send({ method: 'post', path: '/x', body: { a: 1 } });
    expect(transport.seen.map((r) => [r.method, r.url, r.payload])).toEqual([
      ['post', 'https://api.example.com/v2/x', '{"a":1}'],
      ['get', 'https://api.example.com/v2/done', undefined],
    ]);
    expect(transport.seen[1]!.headers.Authorization).toBe('Token sekret-key-1234');
  });

  it('stop after a few hops', () => {
    const loop = Array.from({ length: 20 }, () => redirect(302, '/v2/x'));
    const { api, transport } = client(loop);
    expect(() => api.send({ method: 'get', path: '/x' })).toThrow(/redirected more than 5 times/);
    expect(transport.seen.length).toBe(6);
  });
});

describe('the base URL itself', () => {
  it.each(['http://api.example.com/v2', 'https://a@evil.example/v2', 'not a url'])(
    '%s gets no request',
    (base) => {
      const { api, transport } = client([page()], { base });
      expect(() => api.send({ method: 'get', path: '/x' })).toThrow(AppError);
      expect(transport.seen).toHaveLength(0);
    },
  );

  it('http to localhost is allowed for local development', () => {
    const { api, transport } = client([page()], { base: 'http://localhost:4949/v2' });
    api.send({ method: 'get', path: '/x' });
    expect(transport.seen).toHaveLength(1);
  });
});

describe('Retry-After', () => {
  const tooMany: TransportResponse = { status: 429, headers: { 'Retry-After': '20' }, body: '' };

  it('is waited out when the client may wait that long', () => {
    const { api, clock } = client([tooMany, page()], { maxRetryAfterMs: 60_000 });
    expect(api.send({ method: 'get', path: '/x' })).toEqual({ data: [] });
    expect(clock.now()).toBeGreaterThanOrEqual(20_000);
  });

  it('ends the call when it is longer than the client may wait (custom functions)', () => {
    const { api, transport } = client([tooMany, page()], { maxWaitMs: 3_000 });
    expect(() => api.send({ method: 'get', path: '/x' })).toThrow(/Try again in 20 s/);
    expect(transport.seen).toHaveLength(1);
  });
});
