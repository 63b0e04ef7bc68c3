// The synckit worker behind the preview's UrlFetchApp: one real HTTP request per call, made on
// this worker thread while the main thread (running the Apps Script execution) waits for it.
// node:http rather than fetch: it sends the headers the script set as they are (Content-Length
// included) and never follows redirects, which UrlFetchApp's fake does itself.

import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { runAsWorker } from 'synckit';
import type { HttpRequest, HttpResponse } from '../http';

const TIMEOUT_MS = 30_000;

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function send(req: HttpRequest): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(req.url);
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method: req.method, headers: req.headers, timeout: TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: flatten(res.headers),
            body: new Uint8Array(Buffer.concat(chunks)),
          }),
        );
        res.on('error', reject);
      },
    );
    // The messages carry the error code, which the UrlFetchApp fake maps to Apps Script's
    // "Timeout: …", "DNS error: …" or "Address unavailable: …".
    request.on('timeout', () =>
      request.destroy(new Error(`ETIMEDOUT: timed out after ${TIMEOUT_MS} ms`)),
    );
    request.on('error', (e: NodeJS.ErrnoException) =>
      reject(new Error(`${e.code ?? 'ERROR'}: ${e.message}`)),
    );
    if (req.body !== undefined) request.write(req.body);
    request.end();
  });
}

runAsWorker(send);
