// The JSON body of a create/update request. Only JSON media types are accepted (the JSON:API one
// and plain application/json, which the service's Rails stack parses alike); anything else is 415.
import type { HttpResponse } from '../../http';
import { utf8Decode } from '../core/base64';
import { errorFor } from './area-errors';
import type { Area } from './router';

const ACCEPTED = ['application/vnd.api+json', 'application/json'];

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: HttpResponse };

export function readJsonBody(
  bytes: Uint8Array,
  contentType: string | undefined,
  area: Area,
): JsonBody {
  if (bytes.length === 0) return { ok: true, value: null };
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!ACCEPTED.includes(mediaType)) {
    const detail = `All requests that create or update must use the 'application/vnd.api+json' Content-Type. This request specified '${contentType ?? ''}'.`;
    return { ok: false, response: errorFor(area, 415, detail) };
  }
  const text = utf8Decode(bytes);
  if (text === null)
    return { ok: false, response: errorFor(area, 400, 'The request body is not valid UTF-8.') };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'parse error';
    return {
      ok: false,
      response: errorFor(area, 400, `The request body is not valid JSON (${reason}).`),
    };
  }
}
