// The stores a custom-function cell shares with the rest of its spreadsheet.
//
// A cell may use only the services Google's custom-functions guide lists (Cache, HTML, JDBC,
// Language, Lock, Maps, Properties, Spreadsheet, URL Fetch, Utilities, XML): ScriptApp is not
// among them, so a cell cannot ask whether the script is bound. It reads the answer that every
// other execution of the spreadsheet leaves beside its data (services.ts, SHARED_STORES_MARKER),
// in the same call as the cell's own data:
// - first the script cache: a bound script's (its one spreadsheet's) data and marker live there,
//   so a bound script's warm cell makes one read. An add-on never writes there, and its cell
//   keeps nothing of what this read finds;
// - then the document cache, an add-on's;
// - when neither holds the marker (the cache dropped it), the document properties, and the
//   marker goes back into the cache for the next cells. Never noted at all (no sidebar, menu or
//   refresh has run, so no key is set either): the document's own stores, never wrong for an
//   add-on.

import type { SharedCache } from '../core/ports';
import {
  SHARED_STORES_MARKER,
  SHARED_STORES_MARKER_TTL_S,
  cachePort,
  documentProperties,
  sharedStoresOf,
  type SharedStoresKind,
  type SheetStores,
} from './services';

const { cacheKey, property } = SHARED_STORES_MARKER;

function withoutMarker(values: Record<string, string>): Record<string, string> {
  const { [cacheKey]: _marker, ...data } = values;
  return data;
}

function documentCache(): SharedCache {
  const cache = CacheService.getDocumentCache();
  if (!cache) throw new Error('A cell runs inside its spreadsheet: no document cache here.');
  return cachePort(cache);
}

export function cellStores(): SheetStores {
  let chosen: SheetStores | null = null;

  /** Finds the stores, reading `keys` from their cache on the way; returns what it read. */
  const find = (keys: string[]): Record<string, string> => {
    const script = cachePort(CacheService.getScriptCache());
    const inScript = script.getAll([cacheKey, ...keys]);
    if (inScript[cacheKey] === 'script') {
      chosen = sharedStoresOf('script', script);
      return withoutMarker(inScript);
    }
    const document = documentCache();
    const inDocument = document.getAll([cacheKey, ...keys]);
    if (inDocument[cacheKey] === 'document') {
      chosen = sharedStoresOf('document', document);
      return withoutMarker(inDocument);
    }
    const noted = documentProperties().getAll()[property];
    const kind: SharedStoresKind = noted === 'script' ? 'script' : 'document';
    const cache = kind === 'script' ? script : document;
    cache.putAll({ [cacheKey]: kind }, SHARED_STORES_MARKER_TTL_S);
    chosen = sharedStoresOf(kind, cache);
    return withoutMarker(kind === 'script' ? inScript : inDocument);
  };
  const resolve = (): SheetStores => {
    if (!chosen) find([]);
    return chosen!;
  };

  return {
    cache: {
      getAll: (keys) => (chosen ? chosen.cache.getAll(keys) : find(keys)),
      putAll: (values, ttl) => resolve().cache.putAll(values, ttl),
      removeAll: (keys) => resolve().cache.removeAll(keys),
    },
    lock: () => resolve().lock(),
    properties: documentProperties,
  };
}
