import { NetworkFailure } from '../../local/gas';
import { URL_FETCH_RESPONSE_LIMIT_BYTES } from '../../local/gas/url-fetch';
import type { HttpRequest, HttpResponse } from '../../local/http';
import { makeRuntime, START, thrown } from './harness';

const CODE = `
function get(url, params) {
  var res = UrlFetchApp.fetch(url, params);
  return { code: res.getResponseCode(), text: res.getContentText(), headers: res.getHeaders() };
}
function bytes(url) { return UrlFetchApp.fetch(url).getContent(); }
function post() {
  UrlFetchApp.fetch('https://api.test/json', { method: 'post', contentType: 'application/json', payload: JSON.stringify({ a: 1 }), headers: { Authorization: 'Token k' } });
  UrlFetchApp.fetch('https://api.test/form', { method: 'POST', payload: { q: 'a b', n: 2 } });
  UrlFetchApp.fetch('https://api.test/bytes', { method: 'put', payload: [1, -1, 127] });
  UrlFetchApp.fetch('https://api.test/blob', { method: 'put', payload: Utilities.newBlob('hi', 'text/plain', 'h.txt') });
}
function all(mute) {
  return UrlFetchApp.fetchAll([
    'https://api.test/a',
    { url: 'https://api.test/b', muteHttpExceptions: mute },
  ]).map(function (r) { return r.getResponseCode(); });
}
function caught(url) {
  try { UrlFetchApp.fetch(url); return 'no error'; } catch (e) { return e.name + ': ' + e.message; }
}
`;

function respond(r: HttpRequest): HttpResponse {
  const path = new URL(r.url).pathname;
  if (path === '/limited') {
    return {
      status: 429,
      headers: { 'Retry-After': '7' },
      body: '{"errors":[{"status":"429","title":"Too many requests"}]}',
    };
  }
  if (path === '/b') return { status: 500, headers: {}, body: 'x'.repeat(300) };
  if (path === '/slow')
    return { status: 200, headers: { 'X-Emulator-Delay-Ms': '2500' }, body: 'slow' };
  if (path === '/bin') return { status: 200, headers: {}, body: new Uint8Array([0, 128, 255]) };
  if (path === '/moved') return { status: 302, headers: { Location: '/final' }, body: '' };
  if (path === '/timeout') throw new NetworkFailure('timeout', 60_000);
  if (path === '/refused') throw new Error('connect ECONNREFUSED 127.0.0.1:1');
  return {
    status: 200,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    body: `ok ${r.method} ${path}`,
  };
}

describe('UrlFetchApp', () => {
  it('throws on status >= 400 unless muteHttpExceptions, which keeps the response', () => {
    const { rt } = makeRuntime(CODE, { respond });
    expect(thrown(() => rt.run('get', ['https://api.test/limited?x=1']))).toBe(
      'Request failed for https://api.test returned code 429. Truncated server response: ' +
        '{"errors":[{"status":"429","title":"Too many requests"}]} (use muteHttpExceptions option to examine full response)',
    );
    expect(rt.run('get', ['https://api.test/limited', { muteHttpExceptions: true }])).toEqual({
      code: 429,
      text: '{"errors":[{"status":"429","title":"Too many requests"}]}',
      headers: { 'Retry-After': '7' },
    });
    const long = thrown(() => rt.run('get', ['https://api.test/b']));
    expect(long).toContain(
      `Truncated server response: ${'x'.repeat(150)}... (use muteHttpExceptions`,
    );
  });

  it('builds requests from params: method, headers, contentType and payload kinds', () => {
    const { rt, requests } = makeRuntime(CODE, { respond });
    rt.run('post');
    const [json, form, bin, blob] = requests;
    expect(json).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { Authorization: 'Token k', 'Content-Type': 'application/json' },
    });
    expect(form).toMatchObject({
      body: 'q=a%20b&n=2',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(bin?.method).toBe('PUT');
    expect(Array.from(bin?.body as Uint8Array)).toEqual([1, 255, 127]);
    expect(Buffer.from(blob?.body as Uint8Array).toString()).toBe('hi');
    expect(blob?.headers['Content-Type']).toBe('text/plain');
    expect(rt.run('get', ['https://api.test/x'])).toMatchObject({ code: 200, text: 'ok GET /x' });
  });

  it('fetchAll is one call, N requests, and honours each request’s muteHttpExceptions', () => {
    const { rt, requests } = makeRuntime(CODE, { respond });
    expect(rt.run('all', [true])).toEqual([200, 500]);
    expect(thrown(() => rt.run('all', [false]))).toMatch(
      /^Request failed for https:\/\/api.test returned code 500/,
    );
    expect(requests).toHaveLength(4);
    expect(rt.counters.snapshot().calls.UrlFetch).toEqual({ 'UrlFetchApp.fetchAll': 2 });
  });

  it('returns signed bytes, follows redirects and maps transport failures to Apps Script messages', () => {
    const { rt, requests } = makeRuntime(CODE, { respond });
    expect(rt.run('bytes', ['https://api.test/bin'])).toEqual([0, -128, -1]);
    expect(rt.run('get', ['https://api.test/moved'])).toMatchObject({ text: 'ok GET /final' });
    expect(requests.map((r) => r.url).slice(-2)).toEqual([
      'https://api.test/moved',
      'https://api.test/final',
    ]);
    expect(rt.run('get', ['https://api.test/moved', { followRedirects: false }])).toMatchObject({
      code: 302,
    });
    expect(rt.run('caught', ['https://api.test/timeout'])).toBe(
      'Exception: Timeout: https://api.test/timeout',
    );
    expect(rt.run('caught', ['https://api.test/refused'])).toBe(
      'Exception: Address unavailable: https://api.test/refused',
    );
    expect(thrown(() => rt.run('get', ['api.test/x']))).toBe('Invalid argument: api.test/x');
  });

  it('advances virtual time by X-Emulator-Delay-Ms, overlapping within fetchAll, and logs requests', () => {
    const code = `${CODE}
      function slowTwice() { UrlFetchApp.fetch('https://api.test/slow'); UrlFetchApp.fetch('https://api.test/slow'); }
      function slowAll() { UrlFetchApp.fetchAll(['https://api.test/slow', 'https://api.test/slow', 'https://api.test/x']); }`;
    const { rt, clock } = makeRuntime(code, { respond });
    const t0 = Date.parse(START);
    rt.run('slowTwice');
    expect(clock.now()).toBe(t0 + 5000);
    rt.run('slowAll');
    expect(clock.now()).toBe(t0 + 7500);
    expect(rt.urlFetchLog.map((e) => e.time - t0)).toEqual([0, 2500, 5000, 5000, 5000]);
    expect(rt.urlFetchLog[0]).toMatchObject({ method: 'GET', status: 200, kind: 'menu' });
  });

  it('throws the daily quota error once the urlfetch quota is spent', () => {
    const { rt, requests } = makeRuntime(CODE, { respond, quotas: { urlFetchPerDay: 3 } });
    rt.run('all', [true]);
    rt.run('get', ['https://api.test/x']);
    expect(thrown(() => rt.run('get', ['https://api.test/x']))).toBe(
      'Service invoked too many times for one day: urlfetch.',
    );
    expect(requests).toHaveLength(3);
  });
});

describe('the response size limit (quotas page: 50 MB a call)', () => {
  it('refuses a response over 50,000,000 bytes, muted or not', () => {
    const big = new Uint8Array(URL_FETCH_RESPONSE_LIMIT_BYTES + 1);
    const fits = new Uint8Array(URL_FETCH_RESPONSE_LIMIT_BYTES);
    const { rt } = makeRuntime(
      `function size(u) { return UrlFetchApp.fetch(u, { muteHttpExceptions: true }).getContent().length; }`,
      {
        respond: (req) => ({
          status: 200,
          headers: { 'Content-Type': 'application/octet-stream' },
          body: req.url.endsWith('/big') ? big : fits,
        }),
      },
    );
    expect(() => rt.run('size', ['https://files.example.com/big'])).toThrow(
      /Limit Exceeded: URLFetch response size/,
    );
    expect(rt.run('size', ['https://files.example.com/fits'])).toBe(URL_FETCH_RESPONSE_LIMIT_BYTES);
  });
});
