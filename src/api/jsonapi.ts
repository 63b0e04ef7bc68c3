// JSON:API documents as the tracking service sends them.

import type { ApiErrorObject } from '../core/errors';

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
