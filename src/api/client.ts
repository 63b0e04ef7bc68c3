// The JSON:API client. Every request passes the shared gate (so no execution can exceed the
// service's limit), carries `Authorization: Token <key>`, is retried only when that is safe, and
// stops retrying when the execution's time runs out.

import { AppError, toAppError } from '../core/errors';
import type { Clock } from '../engine/ports';
import type { RequestGate } from '../engine/request-gate';
import { badBodyError, errorFromResponse, isRetryable } from './errors';
import { parseDocument, type JsonApiDocument } from './jsonapi';
import type { HttpMethod, Transport, TransportRequest, TransportResponse } from './transport';

export const JSON_API = 'application/vnd.api+json';

export interface ApiRequest {
  method: HttpMethod;
  /** Path under the API base URL (`/containers`), or an absolute URL (pagination links). */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Retry on 429/5xx/network errors. Defaults to true for GET and PATCH (idempotent). */
  retry?: boolean;
  /** Body media type; JSON:API unless the endpoint is not a JSON:API one (direct uploads). */
  contentType?: string;
}

export interface ClientOptions {
  transport: Transport;
  gate: RequestGate;
  clock: Clock;
  apiKey: string;
  apiBaseUrl: string;
  /** Epoch ms after which no new request or wait starts (the execution's own time limit). */
  deadline: number;
  /** Longest single wait for a rate slot or a retry; custom functions keep this short. */
  maxWaitMs: number;
  maxAttempts?: number;
}

export function buildUrl(base: string, path: string, query?: ApiRequest['query']): string {
  const url = /^https?:\/\//i.test(path) ? path : `${base}${path}`;
  const pairs = Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined && v !== '')
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(String(v))}`,
    );
  if (pairs.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}

export class ApiClient {
  constructor(private readonly options: ClientOptions) {}

  get apiBaseUrl(): string {
    return this.options.apiBaseUrl;
  }

  private toTransport(req: ApiRequest): TransportRequest {
    const headers: Record<string, string> = {
      Authorization: `Token ${this.options.apiKey}`,
      Accept: JSON_API,
    };
    const out: TransportRequest = {
      url: buildUrl(this.options.apiBaseUrl, req.path, req.query),
      method: req.method,
      headers,
    };
    if (req.body !== undefined) {
      out.contentType = req.contentType ?? JSON_API;
      out.payload = JSON.stringify(req.body);
    }
    return out;
  }

  private interpret(response: TransportResponse | Error): JsonApiDocument | AppError {
    if (response instanceof Error) return toAppError(response);
    const now = this.options.clock.now();
    if (response.status >= 400) return errorFromResponse(response, now);
    if (response.status === 204) return {};
    const parsed = parseDocument(response.body);
    if ('problem' in parsed) return badBodyError(parsed.problem, response.status);
    return parsed.doc;
  }

  send(req: ApiRequest): JsonApiDocument {
    const [result] = this.sendAll([req]);
    if (result instanceof AppError) throw result;
    return result as JsonApiDocument;
  }

  /**
   * Sends in parallel, as many at a time as the gate grants. Each result is a document or the
   * AppError for that request; nothing throws for one bad answer.
   */
  sendAll(requests: ApiRequest[]): (JsonApiDocument | AppError)[] {
    const { gate, clock, transport, deadline, maxWaitMs } = this.options;
    const maxAttempts = this.options.maxAttempts ?? 3;
    // Not `new Array(n)`: its holes would be skipped by map() below, losing the unsent requests.
    const results: (JsonApiDocument | AppError | undefined)[] = requests.map(() => undefined);
    const attempts = new Array<number>(requests.length).fill(0);
    let queue = requests.map((_, i) => i);
    let backoffMs = 0;

    while (queue.length > 0) {
      const timeLeft = deadline - clock.now();
      if (backoffMs > 0) {
        if (backoffMs > Math.min(maxWaitMs, timeLeft)) break;
        clock.sleep(backoffMs);
        backoffMs = 0;
      }
      const granted =
        timeLeft > 0 ? gate.acquire(queue.length, Math.min(maxWaitMs, deadline - clock.now())) : 0;
      if (granted === 0) break;
      const batch = queue.slice(0, granted);
      queue = queue.slice(granted);
      const responses = transport.fetchAll(batch.map((i) => this.toTransport(requests[i]!)));
      const retry: number[] = [];
      batch.forEach((index, k) => {
        const outcome = this.interpret(responses[k] ?? new Error('no response'));
        attempts[index]! += 1;
        if (outcome instanceof AppError) {
          if (outcome.kind === 'rate-limit' && outcome.retryAfterSeconds) {
            const until = clock.now() + outcome.retryAfterSeconds * 1000;
            gate.blockUntil(until);
            backoffMs = Math.max(backoffMs, outcome.retryAfterSeconds * 1000);
          } else if (isRetryable(outcome)) {
            backoffMs = Math.max(backoffMs, 1000 * 2 ** (attempts[index]! - 1));
          }
          const req = requests[index]!;
          const retryable = req.retry ?? (req.method === 'get' || req.method === 'patch');
          if (retryable && isRetryable(outcome) && attempts[index]! < maxAttempts) {
            retry.push(index);
            results[index] = outcome; // kept in case we run out of time before the retry
            return;
          }
        }
        results[index] = outcome;
      });
      queue = [...retry, ...queue];
      if (retry.length === 0) backoffMs = 0;
    }

    const busy = new AppError(
      'rate-limit',
      'Waiting for the rate limit (100 requests a minute, shared by all cells, the sidebar and the refresh). Data will fill in at the next refresh.',
    );
    return results.map((r) => r ?? busy);
  }
}
