// Thin node:http adapter over the synchronous core: read the body (413 past the limit, without
// buffering the rest), call handle(), honour an injected delay for real, write the response.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpRequest, HttpResponse } from '../http';
import { tooLarge } from './http/area-errors';
import { areaOf } from './pipeline';
import { DELAY_HEADER } from './policy/fault-response';
import type { Emulator } from './types';
import { startWebhookSender } from './webhook-sender';

export interface ServerOptions {
  emulator: Emulator;
  port?: number;
  host?: string;
  /** Default: the emulator's own limit. */
  maxBodyBytes?: number;
  /** How often due webhook deliveries are sent over HTTP (ms); 0 sends none. Default 200. */
  webhookIntervalMs?: number;
}

export interface RunningServer {
  /** `http://host:port`, the emulator's origin as reached over the network. */
  url: string;
  close(): Promise<void>;
}

export function startEmulatorServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const limit = options.maxBodyBytes ?? options.emulator.maxBodyBytes;
  const server = createServer((req, res) => {
    serve(options.emulator, host, limit, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`emulator server error: ${String(error)}`);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const interval = options.webhookIntervalMs ?? 200;
      const sender = interval > 0 ? startWebhookSender(options.emulator, interval) : null;
      resolve({
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            sender?.stop();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

async function serve(
  emulator: Emulator,
  host: string,
  limit: number,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const declared = Number(req.headers['content-length'] ?? '0');
  const body = declared > limit ? null : await readBody(req, limit);
  if (body === null) {
    // Answer without reading the rest, and close: the client may still be sending.
    res.setHeader('Connection', 'close');
    write(res, tooLarge(areaOf(path), limit));
    req.destroy();
    return;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const request: HttpRequest = {
    method: req.method ?? 'GET',
    url: `http://${req.headers.host ?? host}${req.url ?? '/'}`,
    headers,
    body: body.length > 0 ? body : undefined,
  };
  const response = await emulator.handleAsync(request);
  const delay = Number(response.headers[DELAY_HEADER] ?? 0);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  write(res, response);
}

function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

function write(res: ServerResponse, response: HttpResponse): void {
  const body =
    typeof response.body === 'string'
      ? Buffer.from(response.body, 'utf8')
      : Buffer.from(response.body);
  res.writeHead(response.status, { ...response.headers, 'Content-Length': String(body.length) });
  res.end(body);
}
