import type { HttpRequest } from '../../local/http';
import { body, contentType, harness, headerOf, text } from './support/harness';

const h = harness({ maxBodyBytes: 1024 });

describe('routing errors', () => {
  it.each([
    '/v2/unknown',
    '/v2',
    '/v2/containers/x/y',
    '/nothing-here',
    '/rails/active_storage/other',
  ])('unknown route %s → 404 HTML page, key or not', (path) => {
    for (const key of [h.key, null]) {
      const response = h.request('GET', path, { key });
      expect(response.status).toBe(404);
      expect(contentType(response)).toMatch(/^text\/html/);
      expect(text(response)).toContain("The page you were looking for doesn't exist");
    }
  });

  it('wrong method → 405 with Allow, in the dialect of the place', () => {
    const api = h.request('DELETE', '/v2/containers');
    expect([api.status, headerOf(api, 'allow')]).toEqual([405, 'GET']);
    expect(body(api).errors[0]).toMatchObject({ status: '405', title: 'Method Not Allowed' });
    const id = h.emulator.account()!.containers()[0]!.id;
    expect(headerOf(h.request('PUT', `/v2/containers/${id}`), 'allow')).toBe('GET, PATCH');
    expect(headerOf(h.request('POST', '/v2/search'), 'allow')).toBe('GET');
    const app = h.request('POST', '/shipments/find', { key: null });
    expect([app.status, contentType(app)]).toEqual([405, expect.stringMatching(/^text\/html/)]);
    const storage = h.request('GET', '/storage/abc', { key: null });
    expect([storage.status, text(storage)]).toEqual([
      405,
      expect.stringContaining('<Code>MethodNotAllowed</Code>'),
    ]);
  });

  it('HEAD is answered like GET without a body; a trailing slash is ignored', () => {
    const head = h.request('HEAD', '/v2/containers');
    expect([head.status, head.body]).toEqual([200, '']);
    expect(h.get('/v2/containers/').status).toBe(200);
  });

  it('an unparsable URL is a 400', () => {
    expect(h.emulator.handle({ method: 'GET', url: 'not a url', headers: {} }).status).toBe(400);
  });
});

describe('request bodies', () => {
  it('413 above maxBodyBytes, before anything else', () => {
    const big = 'x'.repeat(1025);
    const api = h.request('POST', '/v2/tracking_requests', {
      raw: big,
      headers: { 'Content-Type': 'application/vnd.api+json' },
    });
    expect(api.status).toBe(413);
    expect(body(api).errors[0]).toMatchObject({ status: '413', title: 'Payload Too Large' });
    expect(text(h.request('PUT', '/storage/abc', { key: null, raw: big }))).toContain(
      'EntityTooLarge',
    );
    expect(h.request('POST', '/v2/tracking_requests', { raw: big, key: null }).status).toBe(413);
    // Multi-byte characters count as bytes.
    expect(
      h.request('POST', '/v2/tracking_requests', {
        raw: 'é'.repeat(513),
        headers: { 'Content-Type': 'application/json' },
      }).status,
    ).toBe(413);
  });

  it('415 for a body in another media type, or none; 400 for invalid JSON or UTF-8', () => {
    const post = (raw: string | Uint8Array, type?: string) =>
      h.request('POST', '/v2/tracking_requests', {
        raw,
        headers: type ? { 'Content-Type': type } : {},
      });
    expect(post('{}', 'application/x-www-form-urlencoded').status).toBe(415);
    expect(post('{}').status).toBe(415);
    expect(post('{"data": [}', 'application/vnd.api+json').status).toBe(400);
    expect(post(new Uint8Array([0x7b, 0xff, 0x7d]), 'application/json').status).toBe(400);
    expect(body(post('null', 'application/json')).errors[0].detail).toMatch(/param is missing/);
    expect(body(post('[1,2]', 'application/json')).errors[0].status).toBe('400');
  });

  it('GET ignores a body', () => {
    expect(h.request('GET', '/v2/containers', { raw: 'garbage' }).status).toBe(200);
  });
});

describe('handle() never throws', () => {
  it('turns odd request objects into responses', () => {
    const odd = [
      { method: undefined, url: 'http://127.0.0.1:4949/v2/containers', headers: {} },
      { method: 'GET', url: 'http://127.0.0.1:4949/v2/containers', headers: undefined },
      { method: 'GET', url: 42, headers: {} },
      {
        method: 'POST',
        url: 'http://127.0.0.1:4949/v2/tracking_requests',
        headers: { 'Content-Type': 'application/json' },
        body: {},
      },
    ] as unknown as HttpRequest[];
    for (const request of odd) {
      const response = h.emulator.handle(request);
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(600);
    }
  });

  it('reports a failure inside the pipeline as a 500 JSON:API error naming it', () => {
    const exploding = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('boom');
        },
      },
    );
    const response = h.emulator.handle({
      method: 'GET',
      url: 'http://127.0.0.1:4949/v2/containers',
      headers: exploding as Record<string, string>,
    });
    expect(response.status).toBe(500);
    expect(body(response).errors[0].detail).toBe('Emulator bug: Error: boom');
  });
});
