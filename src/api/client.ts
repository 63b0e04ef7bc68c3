// The JSON:API client. Every request passes the shared gate (so no execution can exceed the
// service's limit), carries `Authorization: Token <key>`, is retried only when that is safe, and
// stops retrying when the execution's time runs out. The key goes only to the API base URL's own
// origin (https, or the local http hosts): a link or redirect to anywhere else is refused before
// anything is sent, and redirects are followed here, not by UrlFetchApp (which would carry the
// Authorization header to wherever the Location points).

import { AppError, toAppError } from '../core/errors';
import { rememberSecret } from '../core/redact';
import { keyMayGoTo, parseHttpUrl, resolveReference, formatUrl, type HttpUrl } from '../core/url';
import { clockTimeText } from '../core/local-time';
import type { Clock, RequestGate } from '../core/ports';
import { badBodyError, errorFromResponse, isRetryable } from './errors';
import { parseDocument, type JsonApiDocument } from './jsonapi';
import {
  headerValue,
  type HttpMethod,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './transport';
import { PRODUCT_NAME } from '../core/product';

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
  /**
   * Longest wait the service may ask for with Retry-After (still within `deadline`); defaults to
   * `maxWaitMs`. An interactive refresh waits out a 20 s Retry-After rather than stop.
   */
  maxRetryAfterMs?: number;
  maxAttempts?: number;
  /**
   * The spreadsheet's zone, asked only to say until when the service asked to wait; UTC when it
   * cannot be told (a web app run has no spreadsheet).
   */
  timeZone?: () => string;
}

/**
 * A wait the service asked for that is longer than this is said with its end time (docs/reference.md#long-waits,
 * "A long wait is said, not suffered"); a shorter one is our own rolling minute's business.
 */
const LONG_WAIT_MS = 60_000;

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

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

type Outcome = JsonApiDocument | AppError | { redirect: string };

function isRedirect(outcome: Outcome): outcome is { redirect: string } {
  return typeof (outcome as { redirect?: unknown }).redirect === 'string';
}

export class ApiClient {
  /** The API base URL parsed once; null when it is not an address the key may go to. */
  private readonly base: HttpUrl | null;

  constructor(private readonly options: ClientOptions) {
    rememberSecret(options.apiKey);
    const parsed = parseHttpUrl(options.apiBaseUrl);
    this.base = parsed.url && keyMayGoTo(parsed.url) ? parsed.url : null;
  }

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

  /** The request's URL when the key may go there: the API base URL's origin, nowhere else. */
  private checkTarget(req: ApiRequest): AppError | null {
    if (!this.base) {
      return new AppError(
        'config',
        `The API base URL in Settings is not an https address of the tracking service. Open Extensions → ${PRODUCT_NAME} → Settings and correct it.`,
      );
    }
    const parsed = parseHttpUrl(buildUrl(this.options.apiBaseUrl, req.path, req.query), {
      allowQuery: true,
    });
    if (parsed.url && parsed.url.origin === this.base.origin) return null;
    const where = parsed.url ? parsed.url.origin : 'an invalid address';
    return new AppError(
      'config',
      `The tracking service pointed to ${where}, which is not the API base URL's ${this.base.origin}. Not followed: the API key only goes to ${this.base.origin}.`,
    );
  }

  private interpret(response: TransportResponse | Error, sentTo: string): Outcome {
    if (response instanceof Error) return toAppError(response);
    const now = this.options.clock.now();
    if (REDIRECTS.has(response.status)) return this.redirectTarget(response, sentTo);
    if (response.status >= 400) return errorFromResponse(response, now);
    if (response.status === 204) return {};
    const parsed = parseDocument(response.body);
    if ('problem' in parsed) return badBodyError(parsed.problem, response.status);
    return parsed.doc;
  }

  /** A redirect is followed only within the API's origin; anything else is an error. */
  private redirectTarget(response: TransportResponse, sentTo: string): Outcome {
    const location = headerValue(response.headers, 'Location');
    const from = parseHttpUrl(sentTo, { allowQuery: true }).url;
    const to = from && location ? resolveReference(from, location, { allowQuery: true }).url : null;
    if (to && this.base && to.origin === this.base.origin) return { redirect: formatUrl(to) };
    return new AppError(
      'config',
      `The tracking service redirected to ${to ? to.origin : 'an invalid address'} (${response.status}). Not followed: the API key only goes to ${this.base?.origin ?? 'the API base URL'}. Check the API base URL in Settings.`,
      { status: response.status },
    );
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
    const maxRetryAfterMs = this.options.maxRetryAfterMs ?? maxWaitMs;
    requests = requests.slice(); // a followed redirect replaces its request's URL here
    const redirects = new Array<number>(requests.length).fill(0);
    // Not `new Array(n)`: its holes would be skipped by map() below, losing the unsent requests.
    const results: (JsonApiDocument | AppError | undefined)[] = requests.map(() => undefined);
    const attempts = new Array<number>(requests.length).fill(0);
    let queue: number[] = [];
    requests.forEach((req, i) => {
      const refused = this.checkTarget(req);
      if (refused) results[i] = refused;
      else queue.push(i);
    });
    let backoffMs = 0;
    /** The wait was asked for by the service (Retry-After), not chosen by us. */
    let serverAsked = false;
    /** Until when the service asked this run to wait (0: it did not). */
    let askedUntil = 0;

    while (queue.length > 0) {
      const timeLeft = deadline - clock.now();
      if (backoffMs > 0) {
        if (backoffMs > Math.min(serverAsked ? maxRetryAfterMs : maxWaitMs, timeLeft)) break;
        clock.sleep(backoffMs);
        backoffMs = 0;
        serverAsked = false;
      }
      const granted =
        timeLeft > 0 ? gate.acquire(queue.length, Math.min(maxWaitMs, deadline - clock.now())) : 0;
      if (granted === 0) break;
      const batch = queue.slice(0, granted);
      queue = queue.slice(granted);
      const sent = batch.map((i) => this.toTransport(requests[i]!));
      const responses = transport.fetchAll(sent);
      const retry: number[] = [];
      const followed: number[] = [];
      batch.forEach((index, k) => {
        const outcome = this.interpret(responses[k] ?? new Error('no response'), sent[k]!.url);
        if (isRedirect(outcome)) {
          const req = requests[index]!;
          const status = (responses[k] as TransportResponse).status;
          // 307/308 repeat the request as it was; 301/302/303 become a GET (as HTTP clients do).
          const keepMethod = req.method === 'get' || status === 307 || status === 308;
          requests[index] = keepMethod
            ? { ...req, path: outcome.redirect, query: undefined }
            : { method: 'get', path: outcome.redirect, retry: req.retry };
          redirects[index]! += 1;
          if (redirects[index]! <= MAX_REDIRECTS) {
            followed.push(index);
            return;
          }
          results[index] = new AppError(
            'upstream',
            `The tracking service redirected more than ${MAX_REDIRECTS} times. Check the API base URL in Settings.`,
          );
          return;
        }
        attempts[index]! += 1;
        if (outcome instanceof AppError) {
          if (outcome.kind === 'rate-limit' && outcome.retryAfterSeconds) {
            const until = clock.now() + outcome.retryAfterSeconds * 1000;
            gate.blockUntil(until);
            askedUntil = Math.max(askedUntil, until);
            backoffMs = Math.max(backoffMs, outcome.retryAfterSeconds * 1000);
            serverAsked = true;
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
      queue = [...followed, ...retry, ...queue];
      if (retry.length === 0) {
        backoffMs = 0;
        serverAsked = false;
      }
    }

    const busy = new AppError(
      'rate-limit',
      'Waiting for the rate limit (100 requests a minute, shared by all cells, the sidebar and the refresh). Data will fill in at the next refresh.',
    );
    if (results.every((r) => r !== undefined && !(r instanceof AppError && r.status === 429)))
      return results as (JsonApiDocument | AppError)[];
    // A long wait asked by the service (now, or earlier: the gate's block) is said with its end.
    const until = askedUntil || this.blockedUntil(results.some((r) => r === undefined));
    const long = until - clock.now() > LONG_WAIT_MS;
    return results.map((r) => {
      if (long && r === undefined) return this.waitError(until);
      if (long && r instanceof AppError && r.status === 429) return this.waitError(until, 429);
      return r ?? busy;
    });
  }

  /** Until when the service asked to wait, as the gate's last refusal saw it (no service call). */
  private blockedUntil(unsent: boolean): number {
    return unsent ? (this.options.gate.serviceBlockSeen?.() ?? 0) : 0;
  }

  /** `The service asked to wait until HH:MM` (the spreadsheet's zone); unsent: no status. */
  private waitError(until: number, status?: number): AppError {
    let zone = 'UTC';
    try {
      zone = this.options.timeZone?.() || 'UTC';
    } catch {
      // No spreadsheet to ask (a web app run): the time is said in UTC.
    }
    return new AppError(
      'rate-limit',
      `The service asked to wait until ${clockTimeText(until, zone)}`,
      {
        ...(status ? { status } : {}),
        waitUntil: until,
      },
    );
  }
}
