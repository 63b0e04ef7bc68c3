// One error type for everything the user can be told about. `kind` decides how the edges react
// (retry, back off, show as-is); `message` is written for the person reading the cell or sidebar:
// what is wrong and what to do. Messages never contain the API key: the constructor redacts the
// message and the service's errors[] texts (core/redact.ts), so no path can build one that does.

import { redact } from './redact';

export type ErrorKind =
  | 'input' // the user's value is not usable (no request was spent)
  | 'config' // settings missing or invalid
  | 'auth' // the service rejected the key (401/403)
  | 'not-found' // not tracked in this account
  | 'validation' // the service refused the request (422)
  | 'rate-limit' // 429 or our own budget is spent
  | 'upstream' // 5xx, malformed or non-JSON answers
  | 'connection' // timeout, DNS, unreachable
  | 'quota' // Apps Script's own daily quota
  | 'busy' // another execution holds the data we need; try again shortly
  | 'permission'; // the person has not granted a scope this capability needs

export interface ApiErrorObject {
  status?: string | null;
  title?: string | null;
  detail?: string | null;
  code?: string | null;
  source?: { pointer?: string | null; parameter?: string | null } | null;
  meta?: Record<string, unknown> | null;
}

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly status?: number;
  /** JSON:API errors[] as the service sent them, when it did. */
  readonly errors: ApiErrorObject[];
  /** Seconds the service asked us to wait (429 Retry-After). */
  readonly retryAfterSeconds?: number;
  /** The service asked everyone to wait until then (epoch ms), longer than this run waits. */
  readonly waitUntil?: number;

  constructor(
    kind: ErrorKind,
    message: string,
    extra: {
      status?: number;
      errors?: ApiErrorObject[];
      retryAfterSeconds?: number;
      waitUntil?: number;
    } = {},
  ) {
    super(redact(message));
    this.name = 'AppError';
    this.kind = kind;
    this.status = extra.status;
    this.errors = (extra.errors ?? []).map(redactErrorObject);
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.waitUntil = extra.waitUntil;
  }
}

/** The service's error objects keep their shape; every text in them is redacted. */
function redactErrorObject(e: ApiErrorObject): ApiErrorObject {
  if (typeof e !== 'object' || e === null) return {};
  const text = (v: unknown) => (typeof v === 'string' ? redact(v) : v);
  const out: ApiErrorObject = { ...e };
  for (const k of ['status', 'title', 'detail', 'code'] as const) {
    if (typeof e[k] === 'string') out[k] = text(e[k]) as string;
  }
  if (e.source && typeof e.source === 'object') {
    out.source = {
      ...e.source,
      pointer: text(e.source.pointer) as string | null,
      parameter: text(e.source.parameter) as string | null,
    };
  }
  if (e.meta && typeof e.meta === 'object') {
    try {
      out.meta = JSON.parse(redact(JSON.stringify(e.meta))) as Record<string, unknown>;
    } catch {
      out.meta = null; // redaction broke its JSON: better lost than leaking
    }
  }
  return out;
}

/** What a person is shown for any failure: an AppError's message, or a plain Error's, redacted. */
export function userMessage(error: unknown): string {
  return redact(toAppError(error).message);
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** Apps Script throws plain Errors for its own quotas and network failures; give them a kind. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  // Redacted before anything is cut or matched: a cut through the key would leave part of it.
  const text = redact(error instanceof Error ? error.message : String(error));
  const storage = storageError(text);
  if (storage) return storage;
  if (/Service invoked too many times|quota|Bandwidth quota exceeded/i.test(text)) {
    return new AppError(
      'quota',
      "Google's daily limit for this add-in's web requests is used up. Data refreshes again after the quota resets (within 24 hours).",
    );
  }
  // UrlFetchApp's transport failures: "Timeout: <url>", "DNS error: <url>", and "Address
  // unavailable: <url>" for a host that refuses the connection (nothing listening on the port)
  // or cannot be routed to. Each gets its own words: a refused port is no timeout.
  if (/timeout|timed out/i.test(text)) {
    return new AppError(
      'connection',
      'Could not reach the tracking service (network timeout). Try again in a minute; check the API base URL in Settings if it persists.',
    );
  }
  if (/DNS error|ENOTFOUND/i.test(text)) {
    return new AppError(
      'connection',
      'Could not find the tracking service host (DNS error). Check the API base URL in Settings.',
    );
  }
  if (/Address unavailable|unreachable|ECONNREFUSED/i.test(text)) {
    return new AppError(
      'connection',
      'Could not connect to the tracking service: nothing answered at that address (connection refused). Check the API base URL and its port in Settings.',
    );
  }
  // Our own bug or an unforeseen service failure: say what it was, so it can be reported.
  return new AppError('upstream', `Unexpected error: ${text.slice(0, 200)}`);
}

/**
 * A full property store is not a daily quota: Apps Script says "You have exceeded the property
 * storage quota. Please remove some properties and try again." (500 KB per store, Quotas for
 * Google Services), and only "Service invoked too many times for one day: properties." is daily,
 * and then about properties, not web requests. The same words come for one value over its 9 KB
 * (local/gas/properties.ts has the source); the add-in keeps every value below that (shards,
 * bounded settings), so "full" is the advice that fits.
 */
function storageError(text: string): AppError | null {
  if (/too many times for one day: properties/i.test(text)) {
    return new AppError(
      'quota',
      "Google's daily limit for this add-in's stored-settings reads and writes (PropertiesService) is used up. It resets within 24 hours; until then refreshes cannot save their progress.",
    );
  }
  if (!/property storage quota/i.test(text)) return null;
  return new AppError(
    'quota',
    "This spreadsheet's add-in storage (document properties, 500 KB) is full, so the add-in could not save its progress. The next refresh retires entries it no longer needs; if this message stays, delete rows you no longer track from the Tracking sheet.",
  );
}
