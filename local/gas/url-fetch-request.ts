// Turns UrlFetchApp's (url, params) into the shared HttpRequest shape, as the UrlFetchApp
// reference describes the params: method defaults to get, contentType defaults to
// application/x-www-form-urlencoded, and a payload may be a string, a byte array, a Blob, or an
// object of form fields (any Blob among them makes it multipart/form-data).

import { header, type HttpRequest } from '../http';
import { FakeBlob } from './blob';
import { fromByteArray } from './bytes';
import { fail } from './errors';

export interface FetchParams {
  method?: string;
  headers?: Record<string, unknown>;
  contentType?: string;
  payload?: unknown;
  muteHttpExceptions?: boolean;
  followRedirects?: boolean;
  validateHttpsCertificates?: boolean;
  escaping?: boolean;
}

export interface PreparedRequest {
  request: HttpRequest;
  params: FetchParams;
}

const FORM = 'application/x-www-form-urlencoded';

function isFields(payload: unknown): payload is Record<string, unknown> {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    !Array.isArray(payload) &&
    !(payload instanceof FakeBlob) &&
    !(payload instanceof Uint8Array)
  );
}

function multipart(fields: Record<string, unknown>): { body: Uint8Array; type: string } {
  const boundary = `----GasFakeBoundary${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (value instanceof FakeBlob) {
      const filename = value.getName() ?? name;
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
            `Content-Type: ${value.getContentType() ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.from(FakeBlob.bytesOf(value)),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: new Uint8Array(Buffer.concat(chunks)),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

function encodePayload(
  payload: unknown,
  contentType: string | undefined,
): { body: string | Uint8Array; type: string } {
  if (typeof payload === 'string') return { body: payload, type: contentType ?? FORM };
  if (Array.isArray(payload)) return { body: fromByteArray(payload), type: contentType ?? FORM };
  if (payload instanceof FakeBlob) {
    return {
      body: FakeBlob.bytesOf(payload),
      type: contentType ?? payload.getContentType() ?? 'application/octet-stream',
    };
  }
  if (isFields(payload)) {
    if (Object.values(payload).some((v) => v instanceof FakeBlob)) return multipart(payload);
    const form = Object.entries(payload)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join('&');
    return { body: form, type: contentType ?? FORM };
  }
  return { body: String(payload), type: contentType ?? FORM };
}

export function prepareRequest(url: unknown, rawParams: unknown): PreparedRequest {
  if (typeof url !== 'string' || !/^https?:\/\/[^/]/i.test(url)) {
    fail(`Invalid argument: ${String(url)}`);
  }
  const params = (rawParams ?? {}) as FetchParams;
  const method = String(params.method ?? 'get').toUpperCase();
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(params.headers ?? {})) headers[k] = String(v);
  const request: HttpRequest = { method, url, headers };
  if (params.payload !== undefined && params.payload !== null) {
    const { body, type } = encodePayload(params.payload, params.contentType);
    request.body = body;
    if (header(headers, 'content-type') === undefined) headers['Content-Type'] = type;
    // Like any HTTP client, UrlFetchApp sends the body's real length; a script cannot set it.
    for (const k of Object.keys(headers))
      if (k.toLowerCase() === 'content-length') delete headers[k];
    headers['Content-Length'] = String(
      typeof body === 'string' ? Buffer.byteLength(body) : body.length,
    );
  } else if (params.contentType !== undefined) {
    headers['Content-Type'] = params.contentType;
  }
  return { request, params };
}
