// JSON:API documents as the tracking service sends them.

import { AppError, type ApiErrorObject } from '../core/errors';

export interface ResourceIdentifier {
  id: string;
  type: string;
}

export interface Resource {
  id: string;
  type: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: ResourceIdentifier | ResourceIdentifier[] | null }>;
  links?: Record<string, string>;
}

export interface JsonApiDocument {
  data?: Resource | Resource[] | null;
  included?: Resource[];
  links?: Record<string, string | null | undefined>;
  meta?: Record<string, unknown>;
  errors?: ApiErrorObject[];
}

export function dataList(doc: JsonApiDocument): Resource[] {
  if (Array.isArray(doc.data)) return doc.data;
  return doc.data ? [doc.data] : [];
}

export function relatedId(resource: Resource, name: string): string | null {
  const data = resource.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
}

export function relatedIds(resource: Resource, name: string): string[] {
  const data = resource.relationships?.[name]?.data;
  if (Array.isArray(data)) return data.map((d) => d.id);
  return data ? [data.id] : [];
}

export function metaNumber(doc: JsonApiDocument, name: string): number | null {
  const value = doc.meta?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Parses a body, telling apart "not JSON at all" (an HTML error page) from broken JSON. */
export function parseDocument(
  body: string,
): { doc: JsonApiDocument } | { problem: 'html' | 'malformed' | 'empty' } {
  const text = body.trim();
  if (text === '') return { problem: 'empty' };
  if (text.startsWith('<')) return { problem: 'html' };
  try {
    const doc = JSON.parse(text) as unknown;
    if (doc == null || typeof doc !== 'object' || Array.isArray(doc))
      return { problem: 'malformed' };
    return { doc: doc as JsonApiDocument };
  } catch {
    return { problem: 'malformed' };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idText(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
}

function cleanIdentifier(value: unknown): ResourceIdentifier | null {
  if (!isObject(value)) return null;
  const id = idText(value.id);
  return id && typeof value.type === 'string' ? { id, type: value.type } : null;
}

/** A resource as the add-in reads it, or null when it has no usable id and type. */
function cleanResource(value: unknown): Resource | null {
  if (!isObject(value)) return null;
  const id = idText(value.id);
  if (!id || typeof value.type !== 'string') return null;
  // Relationship names come from the service: no prototype, so "__proto__" is just a name.
  const relationships = Object.create(null) as NonNullable<Resource['relationships']>;
  if (isObject(value.relationships)) {
    for (const [name, rel] of Object.entries(value.relationships)) {
      const data = isObject(rel) ? rel.data : null;
      relationships[name] = {
        data: Array.isArray(data)
          ? data.map(cleanIdentifier).filter((d): d is ResourceIdentifier => d != null)
          : cleanIdentifier(data),
      };
    }
  }
  return {
    id,
    type: value.type,
    attributes: isObject(value.attributes) ? value.attributes : {},
    relationships,
  };
}

function cleanList(value: unknown): Resource[] {
  return Array.isArray(value)
    ? value.map(cleanResource).filter((r): r is Resource => r != null)
    : [];
}

function shapeError(expected: string): AppError {
  return new AppError(
    'upstream',
    `The tracking service answered in a form that is not the documented shape (${expected}). Nothing was changed; try again later.`,
  );
}

/**
 * A listing (`/containers`, `/shipments?q=`) as the add-in may trust it: `data` must be a list
 * (`{}` or `{"data": null}` is an error, never "the account is empty"). Entries without a usable
 * id and type are skipped one by one; odd attributes and relationships are left to their readers.
 */
export function listDocument(doc: JsonApiDocument): JsonApiDocument {
  if (!isObject(doc) || !Array.isArray(doc.data)) throw shapeError('no list of records');
  return { ...doc, data: cleanList(doc.data), included: cleanList(doc.included) };
}

/** A single resource's document (GET or PATCH by id): `data` must be that resource. */
export function resourceDocument(doc: JsonApiDocument): JsonApiDocument {
  const data = isObject(doc) ? cleanResource(doc.data) : null;
  if (!data) throw shapeError('no record');
  return { ...doc, data, included: cleanList(doc.included) };
}
