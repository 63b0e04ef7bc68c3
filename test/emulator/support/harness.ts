// Helpers for driving the emulator in-process: requests with the demo key, parsed bodies.
import { ManualClock } from '../../../local/clock';
import type { HttpResponse } from '../../../local/http';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../../local/emulator';

export const ORIGIN = 'http://127.0.0.1:4949';
export const JSON_API = 'application/vnd.api+json';

export interface Harness {
  emulator: Emulator;
  clock: ManualClock;
  key: string;
  request(
    method: string,
    path: string,
    options?: {
      body?: unknown;
      headers?: Record<string, string>;
      key?: string | null;
      raw?: string | Uint8Array;
    },
  ): HttpResponse;
  get(path: string, key?: string | null): HttpResponse;
  post(path: string, body: unknown, key?: string | null): HttpResponse;
  patch(path: string, body: unknown, key?: string | null): HttpResponse;
}

export function harness(options: EmulatorOptions = {}): Harness {
  const clock = new ManualClock('2026-11-20T15:00:00Z');
  const emulator = createEmulator({ clock, ...options });
  const key = emulator.demoKey;
  const request: Harness['request'] = (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    const useKey = opts.key === undefined ? key : opts.key;
    if (useKey !== null) headers.Authorization = `Token ${useKey}`;
    let body: string | Uint8Array | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] ??= JSON_API;
    }
    return emulator.handle({
      method,
      url: path.startsWith('http') ? path : `${ORIGIN}${path}`,
      headers,
      body,
    });
  };
  return {
    emulator,
    clock: (options.clock as ManualClock | undefined) ?? clock,
    key,
    request,
    get: (path, k) => request('GET', path, { key: k }),
    post: (path, body, k) => request('POST', path, { body, key: k }),
    patch: (path, body, k) => request('PATCH', path, { body, key: k }),
  };
}

export function text(response: HttpResponse): string {
  return typeof response.body === 'string'
    ? response.body
    : new TextDecoder().decode(response.body);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test code inspects arbitrary JSON
export function body(response: HttpResponse): any {
  return JSON.parse(text(response));
}

export function contentType(response: HttpResponse): string {
  const entry = Object.entries(response.headers).find(([k]) => k.toLowerCase() === 'content-type');
  return entry?.[1] ?? '';
}

export function headerOf(response: HttpResponse, name: string): string | undefined {
  return Object.entries(response.headers).find(
    ([k]) => k.toLowerCase() === name.toLowerCase(),
  )?.[1];
}

export const trackingRequest = (attributes: Record<string, unknown>) => ({
  data: { type: 'tracking_request', attributes },
});

/** The JSON of a fetch() response, loosely typed like body(). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test code inspects arbitrary JSON
export async function readJson(response: Response): Promise<any> {
  return response.json();
}
