// The response a fault forces. Without a status, `body=html` is a 200 HTML page (a captive portal
// or login page in front of the API) and `body=malformed-json` a 200 JSON:API response cut short;
// `retry-after` alone means 429. Nothing behind the fault runs, so no data changes.
import type { HttpResponse } from '../../http';
import { apiError, escapeHtml, html, JSON_API, jsonApi, statusTitle } from '../http/respond';
import type { Fault } from './faults';

export const DELAY_HEADER = 'X-Emulator-Delay-Ms';

export function faultResponse(fault: Fault): HttpResponse {
  const status = fault.status ?? (fault.retryAfter !== undefined ? 429 : 200);
  const headers: Record<string, string> = {};
  if (fault.retryAfter !== undefined) headers['Retry-After'] = String(fault.retryAfter);
  if (fault.delayMs !== undefined) headers[DELAY_HEADER] = String(fault.delayMs);
  if (fault.body === 'html') {
    const title = status === 200 ? 'Sign in' : `${status} ${statusTitle(status)}`;
    return html(
      status,
      `<!DOCTYPE html>\n<html><head><title>${escapeHtml(title)}</title></head><body><center><h1>${escapeHtml(title)}</h1></center><hr><center>nginx</center></body></html>\n`,
      headers,
    );
  }
  if (fault.body === 'malformed-json') {
    return {
      status,
      headers: { 'Content-Type': JSON_API, ...headers },
      body: '{"data":[{"id":"5f0c1c52-5d0e-4b8e-9c4e-0d6b2c1f7a10","type":"container","attributes":{"number":"MSKU',
    };
  }
  if (status === 429) {
    return apiError(429, { detail: 'Rate limit exceeded (injected fault).' }, headers);
  }
  if (status >= 400) return apiError(status, { detail: 'Injected fault.' }, headers);
  if (status === 204 || status === 304) return { status, headers, body: '' };
  return jsonApi(status, { data: null }, headers);
}
