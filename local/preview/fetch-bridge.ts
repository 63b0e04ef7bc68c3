// UrlFetchApp is synchronous, so the preview's fetch handler must be too: synckit runs each
// request on a worker thread (fetch-worker.ts) and blocks this thread until it answers (≈1 ms a
// call). The server it calls must live in another process, or this wait would deadlock it.

import { createSyncFn } from 'synckit';
import type { HttpHandler, HttpRequest, HttpResponse } from '../http';

/** Longer than the worker's own 30 s request timeout, so that one reports first. */
const BRIDGE_TIMEOUT_MS = 45_000;

export function createHttpBridge(workerPath: string): HttpHandler {
  const send = createSyncFn<(req: HttpRequest) => Promise<HttpResponse>>(workerPath, {
    timeout: BRIDGE_TIMEOUT_MS,
  });
  return (request) => {
    // Only plain data crosses to the worker thread.
    const body =
      request.body === undefined || typeof request.body === 'string'
        ? request.body
        : new Uint8Array(request.body);
    return send({
      method: request.method,
      url: request.url,
      headers: { ...request.headers },
      ...(body === undefined ? {} : { body }),
    });
  };
}

/**
 * Sends requests for `from` (an origin no DNS resolves here, like the emulator's storage host) to
 * `to`, as a hosts-file entry would: the script and its UrlFetchApp log still see `from`.
 */
export function routeOrigin(handler: HttpHandler, from: string, to: string): HttpHandler {
  const source = new URL(from).origin;
  return (request) => {
    const url = new URL(request.url);
    if (url.origin !== source) return handler(request);
    return handler({ ...request, url: `${to}${url.pathname}${url.search}` });
  };
}
