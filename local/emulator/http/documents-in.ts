// Reading JSON:API request documents: `{data: {type, id?, attributes, relationships}}`. Problems
// with the document itself are 400/409 (JSON:API); problems with attribute values are 422 with a
// pointer, left to the handlers.
import type { HttpResponse } from '../../http';
import { apiError, invalid, type ApiError } from './respond';

export interface ResourceInput {
  attributes: Record<string, unknown>;
  relationships: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function readResource(
  body: unknown,
  type: string,
  id?: string,
): ResourceInput | HttpResponse {
  if (!isObject(body) || !isObject(body.data)) {
    return apiError(400, {
      detail: 'param is missing or the value is empty: data',
      source: { pointer: '/data' },
    });
  }
  const data = body.data;
  if (data.type !== type) {
    return apiError(409, {
      detail: `Resource type must be "${type}".`,
      source: { pointer: '/data/type' },
    });
  }
  if (id !== undefined && data.id !== undefined && data.id !== id) {
    return apiError(409, {
      detail: 'Resource id does not match the URL.',
      source: { pointer: '/data/id' },
    });
  }
  if (data.attributes !== undefined && !isObject(data.attributes)) {
    return apiError(422, {
      detail: 'Attributes must be an object.',
      source: { pointer: '/data/attributes' },
    });
  }
  return {
    attributes: isObject(data.attributes) ? data.attributes : {},
    relationships: isObject(data.relationships) ? data.relationships : {},
  };
}

/** `ref_numbers`-style lists: absent → undefined, null → [], otherwise an array of strings. */
export function readStringList(
  value: unknown,
  pointer: string,
  label: string,
  errors: ApiError[],
): string[] | undefined {
  if (value === undefined) return undefined;
  if (value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    errors.push(invalid(pointer, `${label} must be an array of strings`, 'invalid'));
    return undefined;
  }
  return value.map((v: string) => v.trim()).filter((v) => v !== '');
}
