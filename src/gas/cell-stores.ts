// The stores a custom-function cell shares with the rest of its spreadsheet.
//
// A cell may use only the services Google's custom-functions guide lists (Cache, HTML, JDBC,
// Language, Lock, Maps, Properties, Spreadsheet, URL Fetch, Utilities, XML): ScriptApp is not
// among them, so a cell cannot ask whether the script is bound. It reads the answer that every
// other execution of the spreadsheet leaves (services.ts, SHARED_STORES_MARKER): first in the
// document cache, in the same call as the cell's own data when the answer is `document`; then,
// if the cache dropped it, in the document properties. Never seen (no sidebar, menu or refresh
// has run, so no key is set either): the document's own stores, never wrong for an add-on.

import type { SharedCache, SharedLock } from '../ports';
import {
  SHARED_STORES_MARKER,
  SHARED_STORES_MARKER_TTL_S,
  cachePort,
  documentLock,
  documentProperties,
  sharedStoresOf,
  type SharedStoresKind,
  type SheetStores,
} from './services';

const { cacheKey, property } = SHARED_STORES_MARKER;

function kindOf(value: string | null | undefined): SharedStoresKind | null {
  return value === 'script' || value === 'document' ? value : null;
}

/** An add-on's document stores, with the lock fetched only when first needed. */
function document(): Omit<SheetStores, 'cache'> {
  let lock: SharedLock | null = null;
  return { lock: () => (lock ??= documentLock()), properties: documentProperties };
}

export function cellStores(): SheetStores {
  let chosen: SheetStores | null = null;
  const documentCache = () => {
    const cache = CacheService.getDocumentCache();
    if (!cache) throw new Error('A cell runs inside its spreadsheet: no document cache here.');
    return cachePort(cache);
  };

  /** The marker the cache no longer holds, from the properties; put back for the next cells. */
  const fromProperties = (cache: SharedCache): SharedStoresKind => {
    const kind = kindOf(documentProperties().getAll()[property]) ?? 'document';
    cache.putAll({ [cacheKey]: kind }, SHARED_STORES_MARKER_TTL_S);
    return kind;
  };

  /** The document cache already fetched serves an add-on's cell as its data cache too. */
  const choose = (kind: SharedStoresKind, docCache: SharedCache): SheetStores =>
    (chosen = kind === 'script' ? sharedStoresOf('script') : { ...document(), cache: docCache });

  const resolve = (): SheetStores => {
    if (chosen) return chosen;
    const docCache = documentCache();
    return choose(
      kindOf(docCache.getAll([cacheKey])[cacheKey]) ?? fromProperties(docCache),
      docCache,
    );
  };

  const cache: SharedCache = {
    getAll: (keys) => {
      if (chosen) return chosen.cache.getAll(keys);
      const docCache = documentCache();
      const got = docCache.getAll([cacheKey, ...keys]);
      const kind = kindOf(got[cacheKey]) ?? fromProperties(docCache);
      const stores = choose(kind, docCache);
      if (kind === 'script') return stores.cache.getAll(keys);
      delete got[cacheKey];
      return got;
    },
    putAll: (values, ttl) => resolve().cache.putAll(values, ttl),
    removeAll: (keys) => resolve().cache.removeAll(keys),
  };
  let lock: SharedLock | null = null;
  return {
    cache,
    lock: () => (lock ??= resolve().lock()),
    properties: documentProperties,
  };
}
