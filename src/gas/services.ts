// Ports over Apps Script services. Each service object is fetched once per execution: every
// call into Apps Script costs tens of milliseconds there.
//
// An add-on's document cache and lock never fall back to the script-wide ones: in an add-on those
// are shared by every user of every spreadsheet (the cached settings, and with them the API key,
// would be visible across users). Outside a document (an add-on's time-driven trigger) the
// refresh uses `triggerStores`, the user's own stores namespaced by spreadsheet.
//
// A bound script serves its one spreadsheet, so its script-wide cache and lock are that
// spreadsheet's; and they are the only ones its web app has (getDocumentCache() and
// getDocumentLock() "return null if called from a standalone script or web app", their reference
// pages). So every run of a bound script uses them: a push (doPost) and a refresh or a cell then
// share one lock, one rate window and one data cache.

import { AppError } from '../core/errors';
import type { Clock, DurableStore, SharedCache, SharedLock } from '../core/ports';

export const appsScriptClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.round(ms))),
};

/** Where an execution keeps the spreadsheet's shared state (data cache, lock, durable strings). */
export interface SheetStores {
  cache: SharedCache;
  /** Fetched only when first needed: most cell executions never lock. */
  lock(): SharedLock;
  properties(): DurableStore;
}

const NO_DOCUMENT =
  'This needs an open spreadsheet: run it from the Container Tracking menu or sidebar of the spreadsheet.';

function requireDocument<T>(service: T | null): T {
  if (service === null || service === undefined) throw new AppError('config', NO_DOCUMENT);
  return service;
}

export function cachePort(cache: GoogleAppsScript.Cache.Cache): SharedCache {
  return {
    getAll: (keys) => (keys.length === 0 ? {} : cache.getAll(keys)),
    putAll: (values, ttl) => cache.putAll(values, ttl),
    removeAll: (keys) => cache.removeAll(keys),
  };
}

export function lockPort(lock: GoogleAppsScript.Lock.Lock): SharedLock {
  return {
    tryLock: (ms) => lock.tryLock(ms),
    release: () => lock.releaseLock(),
  };
}

function propertiesPort(props: GoogleAppsScript.Properties.Properties): DurableStore {
  return {
    getAll: () => props.getProperties(),
    setAll: (values) => {
      props.setProperties(values);
    },
    remove: (key) => {
      props.deleteProperty(key);
    },
  };
}

export function documentCache(): SharedCache {
  return cachePort(requireDocument(CacheService.getDocumentCache()));
}

export function documentLock(): SharedLock {
  return lockPort(requireDocument(LockService.getDocumentLock()));
}

export function documentProperties(): DurableStore {
  return propertiesPort(requireDocument(PropertiesService.getDocumentProperties()));
}

/**
 * Not installed as an add-on (ScriptApp reference: NONE "Script is not running as an add-on").
 * Throws where ScriptApp may not run (a custom function).
 */
export function runsBound(): boolean {
  const source = String(ScriptApp.getInstallationSource());
  return source === String(ScriptApp.InstallationSource.NONE);
}

/** runsBound, and false when that cannot be known. */
export function isBoundScript(): boolean {
  try {
    return runsBound();
  } catch {
    // Unknown: the document's own stores are never wrong for an add-on.
    return false;
  }
}

/**
 * Which stores the spreadsheet's executions share: `script` (a bound script) or `document` (an
 * add-on). Cells cannot ask ScriptApp (see cell-stores.ts), so every other execution leaves the
 * answer in its own data cache (a cell reads it in the same call as its data) and in the
 * document properties (for when the cache has dropped it).
 */
export const SHARED_STORES_MARKER = { cacheKey: 'ct:shared-stores', property: 'CT_SHARED_STORES' };
export type SharedStoresKind = 'script' | 'document';
/** The cache's longest life (CacheService reference: 21,600 s). */
export const SHARED_STORES_MARKER_TTL_S = 21_600;

/** Notes the kind beside the data, once per cache life: one cache read when already noted. */
function rememberSharedStores(kind: SharedStoresKind, cache: SharedCache): void {
  const { cacheKey, property } = SHARED_STORES_MARKER;
  if (cache.getAll([cacheKey])[cacheKey] === kind) return;
  cache.putAll({ [cacheKey]: kind }, SHARED_STORES_MARKER_TTL_S);
  const props = documentProperties();
  if (props.getAll()[property] !== kind) props.setAll({ [property]: kind });
}

/**
 * The stores of one kind: a bound script's script-wide cache and lock, an add-on's document ones.
 * `cache`: that kind's data cache when already fetched.
 */
export function sharedStoresOf(kind: SharedStoresKind, cache?: SharedCache): SheetStores {
  let lock: SharedLock | null = null;
  const bound = kind === 'script';
  return {
    cache: cache ?? (bound ? cachePort(CacheService.getScriptCache()) : documentCache()),
    lock: () => (lock ??= bound ? lockPort(LockService.getScriptLock()) : documentLock()),
    properties: documentProperties,
  };
}

/**
 * The spreadsheet's stores, for any execution but a cell's (cells use cellStores). `noteForCells`
 * false: a push delivery, which must cost at most 2 property calls when it repeats, hours after
 * the marker's cache entry expired; the sidebar, menu and refresh note it for the cells.
 */
export function documentStores(noteForCells = true): SheetStores {
  const kind: SharedStoresKind = isBoundScript() ? 'script' : 'document';
  const stores = sharedStoresOf(kind);
  if (noteForCells) rememberSharedStores(kind, stores.cache);
  return stores;
}

/** Keys of one spreadsheet inside a store shared by all of the user's spreadsheets. */
export function namespaced<T extends SharedCache | DurableStore>(store: T, prefix: string): T {
  const strip = (values: Record<string, string>) => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) {
      if (k.startsWith(prefix)) out[k.slice(prefix.length)] = v;
    }
    return out;
  };
  const add = (values: Record<string, string>) => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) out[prefix + k] = v;
    return out;
  };
  if ('putAll' in store) {
    const cache: SharedCache = {
      getAll: (keys) => strip(store.getAll(keys.map((k) => prefix + k))),
      putAll: (values, ttl) => store.putAll(add(values), ttl),
      removeAll: (keys) => store.removeAll(keys.map((k) => prefix + k)),
    };
    return cache as T;
  }
  const props: DurableStore = {
    getAll: () => strip(store.getAll()),
    setAll: (values) => store.setAll(add(values)),
    remove: (key) => store.remove(prefix + key),
  };
  return props as T;
}

/** The prefix of one spreadsheet's state in the user's stores. */
export const sheetPrefix = (spreadsheetId: string) => `ct@${spreadsheetId}:`;

/**
 * A time-driven run without a document: the user's cache, lock and properties, namespaced by the
 * spreadsheet it refreshes. The user lock is not namespaceable: it serialises this user's runs
 * across spreadsheets, for the moment a run takes its lease.
 */
export function triggerStores(spreadsheetId: string): SheetStores {
  const prefix = sheetPrefix(spreadsheetId);
  let lock: SharedLock | null = null;
  return {
    cache: namespaced(cachePort(CacheService.getUserCache()), prefix),
    lock: () => (lock ??= lockPort(LockService.getUserLock())),
    properties: () => namespaced(propertiesPort(PropertiesService.getUserProperties()), prefix),
  };
}

export function activeSpreadsheet(): GoogleAppsScript.Spreadsheet.Spreadsheet {
  return requireDocument(SpreadsheetApp.getActive());
}

/** The spreadsheet's time zone: Sheets shows returned Dates in it. */
export function spreadsheetTimeZone(): string {
  return activeSpreadsheet().getSpreadsheetTimeZone();
}
