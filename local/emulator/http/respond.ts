// Response builders. JSON:API bodies carry the media type the real service sends; error bodies
// follow its `errors[]` shape (status as a string, a title, optional detail/source/code).

import type { HttpResponse } from '../../http';

// JSON:API 1.0: the media type is sent without parameters.
export const JSON_API = 'application/vnd.api+json';
export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

export interface ApiError {
  status: string;
  title: string;
  /** null where the service sends null (its 404 and 400 bodies). */
  detail?: string | null;
  code?: string;
  source?: { pointer?: string; parameter?: string } | null;
  meta?: Record<string, unknown>;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  411: 'Length Required',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Client Error' : 'OK');
}

export function jsonApi(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResponse {
  return { status, headers: { 'Content-Type': JSON_API, ...headers }, body: JSON.stringify(body) };
}

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResponse {
  return { status, headers: { 'Content-Type': JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

export function html(
  status: number,
  body: string,
  headers: Record<string, string> = {},
): HttpResponse {
  return { status, headers: { 'Content-Type': HTML_TYPE, ...headers }, body };
}

/** One JSON:API error; `extra` adds detail, source, code or meta. */
export function apiError(
  status: number,
  extra: Omit<ApiError, 'status' | 'title'> & { title?: string } = {},
  headers: Record<string, string> = {},
): HttpResponse {
  return apiErrors(
    status,
    [{ title: statusTitle(status), ...extra, status: String(status) }],
    headers,
  );
}

export function apiErrors(
  status: number,
  errors: ApiError[],
  headers: Record<string, string> = {},
): HttpResponse {
  return jsonApi(status, { errors }, headers);
}

/** 422 with a pointer into the request document, the real service's validation shape. */
export function invalid(pointer: string, detail: string, code: string): ApiError {
  return { status: '422', source: { pointer }, title: 'Unprocessable Entity', detail, code };
}

/** Exactly the recorded body (captured-2025-07.tracking-requests.get.404.json). */
export function notFound(): HttpResponse {
  return apiErrors(404, [{ status: '404', source: null, title: 'Not Found', detail: null }]);
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Rails' public/404.html in spirit: what an unknown route returns, HTML rather than JSON. */
export function notFoundPage(): HttpResponse {
  return html(
    404,
    "<!DOCTYPE html>\n<html>\n<head><title>The page you were looking for doesn't exist (404)</title></head>\n" +
      '<body><div class="dialog"><h1>The page you were looking for doesn\'t exist.</h1>' +
      '<p>You may have mistyped the address or the page may have moved.</p></div></body>\n</html>\n',
  );
}
