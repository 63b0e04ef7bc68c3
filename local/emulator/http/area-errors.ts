// Errors raised before a handler runs (401, 405, 413, 415, 429, bad JSON), each in the dialect of
// the place it happens: JSON:API under /v2, JSON for direct uploads, S3 XML for storage, HTML for
// the web app.
import type { HttpResponse } from '../../http';
import { apiError, html, json, jsonApi, statusTitle } from './respond';
import type { Area, RateBucket } from './router';
import { s3Error } from './s3-error';

const UNAUTHORIZED_BODY = {
  errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid or missing API token.' }],
};

export function errorFor(
  area: Area,
  status: number,
  detail: string,
  headers: Record<string, string> = {},
): HttpResponse {
  if (area === 'api') return apiError(status, { detail }, headers);
  if (area === 'uploads') {
    return json(
      status,
      { errors: [{ status: String(status), title: statusTitle(status), detail }] },
      headers,
    );
  }
  if (area === 'storage') {
    const code =
      status === 405 ? 'MethodNotAllowed' : status === 413 ? 'EntityTooLarge' : 'InvalidRequest';
    const response = s3Error(status, code, detail);
    return { ...response, headers: { ...response.headers, ...headers } };
  }
  return html(
    status,
    `<!DOCTYPE html>\n<html><body><h1>${status} ${statusTitle(status)}</h1></body></html>\n`,
    headers,
  );
}

export function unauthorized(area: Area): HttpResponse {
  return area === 'api' ? jsonApi(401, UNAUTHORIZED_BODY) : json(401, UNAUTHORIZED_BODY);
}

export function methodNotAllowed(area: Area, allow: string[]): HttpResponse {
  const list = [...new Set(allow)].join(', ');
  return errorFor(area, 405, `Allowed methods: ${list}`, { Allow: list });
}

export function tooLarge(area: Area, limit: number): HttpResponse {
  return errorFor(area, 413, `The request body is larger than ${limit} bytes.`);
}

export function tooManyRequests(
  bucket: RateBucket,
  retryAfter: number,
  limit: number,
  windowMs: number,
): HttpResponse {
  // The tracking-request and infer_number texts are the OpenAPI document's 429 examples.
  const detail =
    bucket === 'tracking_requests'
      ? "You've hit the create tracking requests limit. Please try again in a minute."
      : bucket === 'infer_number'
        ? 'Rate limit exceeded'
        : `Rate limit exceeded: ${limit} requests per ${windowMs / 1000} seconds per API key. Retry after ${retryAfter} seconds.`;
  return apiError(429, { detail }, { 'Retry-After': String(retryAfter) });
}
