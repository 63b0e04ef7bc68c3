// HTTP answers → AppError, keeping the service's JSON:API errors[] and never the key.

import { AppError, type ApiErrorObject } from '../core/errors';
import { parseDocument } from './jsonapi';
import { headerValue, type TransportResponse } from './transport';
import { PRODUCT_NAME } from '../core/product';

/** Retry-After is seconds (or an HTTP date); absent or odd values fall back to a minute. */
export function retryAfterSeconds(headers: Record<string, string>, nowMs: number): number {
  const raw = headerValue(headers, 'Retry-After');
  if (raw == null) return 60;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.min(3_600, Math.max(1, Math.ceil(seconds)));
  const date = Date.parse(raw);
  if (!Number.isNaN(date)) return Math.min(3_600, Math.max(1, Math.ceil((date - nowMs) / 1000)));
  return 60;
}

/** Titles that only repeat the HTTP status (the real 404 is `title: "Not Found", detail: null`). */
const STATUS_TITLES = new Set([
  'bad request',
  'unauthorized',
  'forbidden',
  'not found',
  'conflict',
  'unprocessable entity',
  'too many requests',
  'internal server error',
]);

/** The service's own words: each error's detail, or its title when that says more than the status. */
function details(errors: ApiErrorObject[]): string {
  return errors
    .map((e) => {
      if (typeof e?.detail === 'string' && e.detail.trim() !== '') return e.detail;
      const title = typeof e?.title === 'string' ? e.title : '';
      return STATUS_TITLES.has(title.trim().toLowerCase()) ? '' : title;
    })
    .filter((t) => t !== '')
    .join('; ');
}

export function errorFromResponse(response: TransportResponse, nowMs: number): AppError {
  const { status } = response;
  const parsed = parseDocument(response.body);
  const errors = 'doc' in parsed && Array.isArray(parsed.doc.errors) ? parsed.doc.errors : [];
  const said = details(errors);
  if (status === 401 || status === 403) {
    return new AppError(
      'auth',
      `The tracking service rejected the API key (${status}). Open Extensions → ${PRODUCT_NAME} → Settings and paste a valid key.`,
      { status, errors },
    );
  }
  if (status === 429) {
    const wait = retryAfterSeconds(response.headers, nowMs);
    return new AppError(
      'rate-limit',
      `The tracking service's rate limit is reached (100 requests a minute). Try again in ${wait} s.`,
      { status, errors, retryAfterSeconds: wait },
    );
  }
  if (status === 404) {
    return new AppError('not-found', said || 'Not found in this tracking account.', {
      status,
      errors,
    });
  }
  if (status === 422 || status === 400 || status === 409) {
    return new AppError(
      'validation',
      said || `The tracking service refused the request (${status}).`,
      { status, errors },
    );
  }
  if (status >= 500) {
    return new AppError(
      'upstream',
      `The tracking service had a problem (${status}). Data will refresh when it recovers; try again in a few minutes.`,
      { status, errors },
    );
  }
  return new AppError('upstream', `Unexpected answer from the tracking service (${status}).`, {
    status,
    errors,
  });
}

export function badBodyError(problem: 'html' | 'malformed' | 'empty', status: number): AppError {
  const what =
    problem === 'html'
      ? 'a web page instead of data'
      : problem === 'empty'
        ? 'an empty answer'
        : 'broken data';
  return new AppError(
    'upstream',
    `The tracking service sent ${what} (${status}). Check the API base URL in Settings; if it is right, try again later.`,
    { status },
  );
}

export function isRetryable(error: AppError): boolean {
  return error.kind === 'rate-limit' || error.kind === 'upstream' || error.kind === 'connection';
}
