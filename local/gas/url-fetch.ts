// UrlFetchApp over a synchronous HttpHandler (the emulator core, or a test's function).
// Real-style failures: a status >= 400 without muteHttpExceptions throws "Request failed for
// <origin> returned code N. Truncated server response: … (use muteHttpExceptions option to
// examine full response)"; a transport failure throws "Timeout: <url>", "DNS error: <url>" or
// "Address unavailable: <url>"; past the daily quota "Service invoked too many times for one
// day: urlfetch.". fetchAll sends its requests in parallel, so injected delays overlap. A URL the
// manifest's urlFetchWhitelist does not cover is refused before anything is sent
// (url-fetch-allowlist.ts).

import { header, type HttpHandler, type HttpRequest, type HttpResponse } from '../http';
import { fail } from './errors';
import type { Execution } from './execution';
import { bodyBytes, FakeHttpResponse } from './http-response';
import type { ExecutionKind } from './policy';
import type { DailyQuota } from './quota';
import { notAllowlisted, type UrlFetchAllowlist } from './url-fetch-allowlist';
import { registerFake } from './registry';
import { prepareRequest, type FetchParams, type PreparedRequest } from './url-fetch-request';

export const DELAY_HEADER = 'X-Emulator-Delay-Ms';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 10;
/** Observed messages cut the body near 150 characters; the exact cut is an assumption. */
const TRUNCATE_AT = 150;

/**
 * "URL Fetch response size: 50 MB / call" (Apps Script quotas page), read as 50,000,000 bytes,
 * the stricter reading; past it "scripts will throw an exception" (justin.poehnelt.com, The
 * Definitive Guide to UrlFetchApp). The message is assumed, by analogy with the URL-length one
 * users quote ("Limit Exceeded: URLFetch URL Length.", airhadoken/twitter-lib#34).
 */
export const URL_FETCH_RESPONSE_LIMIT_BYTES = 50_000_000;
const RESPONSE_TOO_LARGE = 'Limit Exceeded: URLFetch response size.';

export type NetworkFailureKind = 'timeout' | 'dns' | 'address-unavailable';

/** What a handler throws to simulate a transport failure; `delayMs` is virtual time spent. */
export class NetworkFailure extends Error {
  constructor(
    readonly kind: NetworkFailureKind,
    readonly delayMs = 0,
  ) {
    super(`network failure: ${kind}`);
  }
}

export interface UrlFetchLogEntry {
  /** Virtual time the request was sent. */
  time: number;
  method: string;
  url: string;
  status: number | null;
  error?: string;
  executionId: number;
  kind: ExecutionKind;
}

export interface UrlFetchShared {
  handler: HttpHandler;
  quota: DailyQuota;
  log: UrlFetchLogEntry[];
  /** The manifest's urlFetchWhitelist; undefined when it has none (every URL allowed). */
  allowlist?: UrlFetchAllowlist;
}

function transportMessage(error: unknown, url: string): string {
  const kind =
    error instanceof NetworkFailure
      ? error.kind
      : /timed? ?out|ETIMEDOUT/i.test(String((error as Error)?.message ?? error))
        ? 'timeout'
        : /ENOTFOUND|EAI_AGAIN/.test(String((error as Error)?.message ?? error))
          ? 'dns'
          : 'address-unavailable';
  if (kind === 'timeout') return `Timeout: ${url}`;
  if (kind === 'dns') return `DNS error: ${url}`;
  return `Address unavailable: ${url}`;
}

interface Outcome {
  response?: HttpResponse;
  failure?: string;
  delayMs: number;
}

export class FakeUrlFetchApp {
  constructor(
    private readonly shared: UrlFetchShared,
    private readonly exec: Execution,
  ) {}

  fetch(url: string, params?: FetchParams): FakeHttpResponse {
    const prepared = prepareRequest(url, params);
    this.#checkAllowed([prepared]);
    this.shared.quota.spend(this.exec.now());
    this.exec.countRequests(1);
    const outcome = this.#send(prepared);
    this.exec.advance(outcome.delayMs);
    return this.#finish(prepared, outcome);
  }

  fetchAll(requests: (string | (FetchParams & { url: string }))[]): FakeHttpResponse[] {
    const prepared = requests.map((r) =>
      typeof r === 'string' ? prepareRequest(r, {}) : prepareRequest(r?.url, r),
    );
    this.#checkAllowed(prepared);
    this.shared.quota.spend(this.exec.now(), prepared.length);
    this.exec.countRequests(prepared.length);
    const outcomes = prepared.map((p) => this.#send(p));
    this.exec.advance(Math.max(0, ...outcomes.map((o) => o.delayMs)));
    return prepared.map((p, i) => this.#finish(p, outcomes[i] as Outcome));
  }

  /**
   * The request as the script described it: its own headers only (what the transport adds, such
   * as Content-Length, is not shown), and a POST without a contentType reports the default form
   * type. Source: gas-fakes test/testfetch.js "urlfetchapp getRequest".
   */
  getRequest(url: string, params?: FetchParams): Record<string, unknown> {
    const { request, params: p } = prepareRequest(url, params);
    const scriptHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(p.headers ?? {})) scriptHeaders[k] = String(v);
    const sent = header(request.headers, 'content-type');
    return {
      url: request.url,
      method: request.method.toLowerCase(),
      headers: scriptHeaders,
      contentType:
        p.contentType ??
        sent ??
        (request.method === 'GET' ? undefined : 'application/x-www-form-urlencoded'),
      payload: typeof request.body === 'string' ? request.body : undefined,
      muteHttpExceptions: Boolean(p.muteHttpExceptions),
      followRedirects: p.followRedirects !== false,
      validateHttpsCertificates: p.validateHttpsCertificates !== false,
    };
  }

  #checkAllowed(prepared: PreparedRequest[]): void {
    const allowlist = this.shared.allowlist;
    const refused = allowlist && prepared.find((p) => !allowlist.allows(p.request.url));
    if (refused) fail(notAllowlisted(refused.request.url));
  }

  #call(request: HttpRequest): Outcome {
    const entry: UrlFetchLogEntry = {
      time: this.exec.now(),
      method: request.method,
      url: request.url,
      status: null,
      executionId: this.exec.id,
      kind: this.exec.kind,
    };
    this.shared.log.push(entry);
    try {
      const response = this.shared.handler(request);
      entry.status = response.status;
      const delayMs = Number(header(response.headers, DELAY_HEADER) ?? 0) || 0;
      return { response, delayMs };
    } catch (error) {
      const failure = transportMessage(error, request.url);
      entry.error = failure;
      return { failure, delayMs: error instanceof NetworkFailure ? error.delayMs : 0 };
    }
  }

  #send({ request, params }: PreparedRequest): Outcome {
    let outcome = this.#call(request);
    let current = request;
    let delayMs = outcome.delayMs;
    for (let hop = 0; hop < MAX_REDIRECTS && params.followRedirects !== false; hop += 1) {
      const res = outcome.response;
      const location =
        res && REDIRECTS.has(res.status) ? header(res.headers, 'location') : undefined;
      if (!res || location === undefined) break;
      const keepBody = res.status === 307 || res.status === 308;
      current = {
        method: keepBody ? current.method : 'GET',
        url: new URL(location, current.url).toString(),
        headers: current.headers,
        ...(keepBody && current.body !== undefined ? { body: current.body } : {}),
      };
      outcome = this.#call(current);
      delayMs += outcome.delayMs;
    }
    return { ...outcome, delayMs };
  }

  #finish({ request, params }: PreparedRequest, outcome: Outcome): FakeHttpResponse {
    if (outcome.failure !== undefined) fail(outcome.failure);
    const response = outcome.response as HttpResponse;
    const size =
      typeof response.body === 'string' ? Buffer.byteLength(response.body) : response.body.length;
    if (size > URL_FETCH_RESPONSE_LIMIT_BYTES) fail(RESPONSE_TOO_LARGE);
    if (response.status >= 400 && !params.muteHttpExceptions) {
      const text = Buffer.from(bodyBytes(response.body)).toString('utf8');
      const shown = text.length > TRUNCATE_AT ? `${text.slice(0, TRUNCATE_AT)}...` : text;
      const failed = `Request failed for ${new URL(request.url).origin} returned code ${response.status}`;
      // With an empty body the message stops at the code: "Exception: Request failed for
      // http://phisix-api4.appspot.com returned code 404" (github.com/bradjasper/ImportJSON
      // issues/242, a fetch of http://phisix-api4.appspot.com/stocks/BDO.json).
      if (text === '') fail(failed);
      fail(
        `${failed}. Truncated server response: ${shown} (use muteHttpExceptions option to examine full response)`,
      );
    }
    return new FakeHttpResponse(response);
  }
}

registerFake(FakeUrlFetchApp, {
  label: 'UrlFetchApp',
  service: 'UrlFetch',
  scope: 'external',
  methods: { getRequest: { service: null } },
});
