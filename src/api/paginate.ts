// Follows `links.next` with a brake: a page limit, and a stop when a link repeats (a server bug
// must not become an endless loop of requests).

import type { ApiClient, ApiRequest } from './client';
import type { JsonApiDocument } from './jsonapi';
import { AppError } from '../core/errors';
import { formatUrl, parseHttpUrl, resolveReference } from '../core/url';

export interface PageVisit {
  doc: JsonApiDocument;
  page: number;
}

/**
 * Calls `visit` for each page until it returns false, there is no next link, or `maxPages` is
 * reached. Returns the error that stopped it early, if any.
 */
export function paginate(
  client: ApiClient,
  first: ApiRequest,
  maxPages: number,
  visit: (v: PageVisit) => boolean,
): AppError | null {
  const seen = new Set<string>();
  const base = parseHttpUrl(client.apiBaseUrl).url;
  let request: ApiRequest | null = first;
  for (let page = 1; request && page <= maxPages; page++) {
    const [result] = client.sendAll([request]);
    if (result instanceof AppError) return result;
    const doc = result as JsonApiDocument;
    if (!visit({ doc, page })) return null;
    const next = doc.links?.next;
    if (typeof next !== 'string' || next === '' || seen.has(next)) return null;
    seen.add(next);
    // Links may be absolute or, as in some of the service's examples, relative to its origin
    // (resolved as RFC 3986 says: `//host/…` is another host). The client refuses, sending
    // nothing, a link that leaves the API's origin or https.
    const resolved = base ? resolveReference(base, next, { allowQuery: true }).url : undefined;
    request = { method: 'get', path: resolved ? formatUrl(resolved) : next };
  }
  return null;
}
