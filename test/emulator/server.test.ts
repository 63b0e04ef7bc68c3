// The node:http adapter over real sockets (port 0): same answers as in-process, real delays,
// 413 before the body is buffered, clean shutdown.
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { ManualClock } from '../../local/clock';
import { createEmulator, type Emulator } from '../../local/emulator';
import { startEmulatorServer, type RunningServer } from '../../local/emulator/server';
import { readJson } from './support/harness';

let emulator: Emulator;
let server: RunningServer;
const auth = { Authorization: 'Token demo-key-0000' };

beforeAll(async () => {
  emulator = createEmulator({
    clock: new ManualClock('2026-11-20T15:00:00Z'),
    maxBodyBytes: 64 * 1024,
    // Storage on this server's own origin, which fetch can reach.
    storageOrigin: null,
  });
  server = await startEmulatorServer({ emulator, port: 0 });
});
afterAll(() => server.close());

describe('over real HTTP', () => {
  it('listens on 127.0.0.1 and answers /health', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ status: 'ok' });
  });

  it('serves JSON:API with links built from the address it was reached at', async () => {
    const response = await fetch(`${server.url}/v2/containers?page[size]=5`, { headers: auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.api+json');
    const json = await readJson(response);
    expect(json.data).toHaveLength(5);
    expect(json.links.next).toBe(`${server.url}/v2/containers?page[number]=2&page[size]=5`);
    const next = await fetch(json.links.next, { headers: auth });
    expect((await readJson(next)).data[0].id).not.toBe(json.data[0].id);
  });

  it('401 without a key and 404 HTML for unknown routes', async () => {
    const unauthorized = await fetch(`${server.url}/v2/shipments`);
    expect(unauthorized.status).toBe(401);
    expect((await readJson(unauthorized)).errors[0].title).toBe('Unauthorized');
    const missing = await fetch(`${server.url}/v2/nowhere`, { headers: auth });
    expect([missing.status, missing.headers.get('content-type')]).toEqual([
      404,
      'text/html; charset=utf-8',
    ]);
  });

  it('creates a tracking request and runs the upload flow', async () => {
    const created = await fetch(`${server.url}/v2/tracking_requests`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: {
          type: 'tracking_request',
          attributes: { request_type: 'bill_of_lading', request_number: 'HTTP-0001', scac: 'MAEU' },
        },
      }),
    });
    expect(created.status).toBe(201);

    const bytes = new TextEncoder().encode('%PDF over the wire');
    const checksum = createHash('md5').update(bytes).digest('base64');
    const blob = await readJson(
      await fetch(`${server.url}/rails/active_storage/direct_uploads`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          blob: {
            filename: 'a.pdf',
            content_type: 'application/pdf',
            byte_size: bytes.length,
            checksum,
          },
        }),
      }),
    );
    expect(blob.direct_upload.url.startsWith(`${server.url}/storage/`)).toBe(true);
    const put = await fetch(blob.direct_upload.url, {
      method: 'PUT',
      headers: blob.direct_upload.headers,
      body: bytes,
    });
    expect(put.status).toBe(200);
    const doc = await fetch(`${server.url}/v2/documents`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: { type: 'document', attributes: { name: 'a', attached_document: blob.signed_id } },
      }),
    });
    expect(doc.status).toBe(201);
  });

  it('redirects the deep link', async () => {
    const number = emulator.account()!.containers()[0]!.attributes.number;
    const response = await fetch(`${server.url}/shipments/find?q=${number}`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(
      new RegExp(`^${server.url}/shipments/[0-9a-f-]{36}\\?container=`),
    );
  });

  it('really waits for an injected delay', async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/v2/shipping_lines`, {
      headers: { ...auth, 'X-Emulator-Fault': 'delay=300' },
    });
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('answers 413 for an oversized body without reading it all', async () => {
    const big = new Uint8Array(200 * 1024);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${server.url}/v2/tracking_requests`,
        {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json', 'Content-Length': big.length },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
      );
      req.end(big);
    });
    expect(status).toBe(413);
    // Chunked, with no Content-Length declared: stopped once past the limit.
    const chunked = await fetch(`${server.url}/v2/tracking_requests`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(32 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('stops cleanly: close() resolves and the port no longer answers', async () => {
    const other = await startEmulatorServer({ emulator, port: 0 });
    await fetch(`${other.url}/health`);
    await other.close();
    await expect(fetch(`${other.url}/health`)).rejects.toThrow();
  });

  it('rejects a port that is taken', async () => {
    const port = Number(new URL(server.url).port);
    await expect(startEmulatorServer({ emulator, port })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });
});
