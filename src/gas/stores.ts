// Ports over the Apps Script stores (CacheService, LockService, PropertiesService) and the active
// spreadsheet. Which of them an execution uses is the composition root's choice
// (src/execution/stores.ts), made by the build, not here. Each service object is fetched once
// per execution: every call into Apps Script costs tens of milliseconds there.

import { AppError } from '../core/errors';
import type { DurableStore, SharedCache, SharedLock } from '../core/ports';
import { PRODUCT_NAME } from '../core/product';
import { documentStateStore, sheetStateStore } from './state-sheet';

/** Where an execution keeps the spreadsheet's shared state (data cache, lock, durable strings). */
export interface SheetStores {
  cache: SharedCache;
  /** Fetched only when first needed: most cell executions never lock. */
  lock(): SharedLock;
  /** The settings (the API key among them): document properties, or a trigger's own copy. */
  properties(): DurableStore;
  /**
   * The spreadsheet's own bookkeeping (lease, ledger, sizes, fingerprints, alert queue): a bound
   * script's document properties; in the add-on a hidden sheet every run reaches (state-sheet.ts).
   */
  state(): DurableStore;
}

/** A store made once per execution, when first asked for. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

const NO_DOCUMENT = `This needs an open spreadsheet: run it from the ${PRODUCT_NAME} menu or sidebar of the spreadsheet.`;

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

export function lockPort(
  lock: GoogleAppsScript.Lock.Lock,
  scope: 'document' | 'script' | 'user',
): SharedLock {
  return {
    tryLock: (ms) => lock.tryLock(ms),
    release: () => lock.releaseLock(),
    scope,
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

export function documentProperties(): DurableStore {
  return propertiesPort(requireDocument(PropertiesService.getDocumentProperties()));
}

/**
 * The spreadsheet's own stores: its document cache, lock and properties. Null outside a
 * document (getDocumentCache() and getDocumentLock() "return null if called from a standalone
 * script or web app", their reference pages).
 */
export function documentStores(): SheetStores {
  let lock: SharedLock | null = null;
  return {
    cache: cachePort(requireDocument(CacheService.getDocumentCache())),
    lock: () => (lock ??= lockPort(requireDocument(LockService.getDocumentLock()), 'document')),
    properties: documentProperties,
    state: once(() => documentStateStore(activeSpreadsheet, documentProperties)),
  };
}

/**
 * The project's script-wide cache and lock, with the document's properties. Only a bound script
 * may use them: its project serves one spreadsheet, so they are that spreadsheet's, and they are
 * the only ones its web app has. In an add-on they are shared by every user of every spreadsheet.
 */
export function scriptWideStores(): SheetStores {
  let lock: SharedLock | null = null;
  return {
    cache: cachePort(CacheService.getScriptCache()),
    lock: () => (lock ??= lockPort(LockService.getScriptLock(), 'script')),
    properties: documentProperties,
    state: documentProperties,
  };
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

/** The user's own cache: never another user's (CacheService reference, getUserCache). */
let theUserCache: SharedCache | null = null;

export function userCache(): SharedCache {
  return (theUserCache ??= cachePort(CacheService.getUserCache()));
}

let theUserLock: SharedLock | null = null;

/**
 * The user's lock, one port per execution (the bundle is evaluated afresh for each): code that
 * needs it in two places (a run without a document, the key's window) holds one lock, not two.
 * In a custom function it is the spreadsheet owner's (local/gas/globals.ts: the guide gives a
 * cell the owner's user properties; cache and lock assumed alike).
 */
export function userLock(): SharedLock {
  return (theUserLock ??= lockPort(LockService.getUserLock(), 'user'));
}

/**
 * An add-on's time-driven run without a document: the user's cache and lock, namespaced by the
 * spreadsheet it refreshes, and the spreadsheet's own state sheet (the same the sidebar and
 * Refresh now use: one place for one spreadsheet's state). The user lock is not namespaceable:
 * it serialises this user's runs across spreadsheets, for the moment a run takes its lease.
 */
export function userStoresOf(
  spreadsheetId: string,
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
): SheetStores {
  const prefix = sheetPrefix(spreadsheetId);
  return {
    cache: namespaced(userCache(), prefix),
    lock: userLock,
    properties: () => namespaced(propertiesPort(PropertiesService.getUserProperties()), prefix),
    state: once(() => sheetStateStore(() => spreadsheet)),
  };
}

export function activeSpreadsheet(): GoogleAppsScript.Spreadsheet.Spreadsheet {
  return requireDocument(SpreadsheetApp.getActive());
}

/** The spreadsheet's time zone: Sheets shows returned Dates in it. */
export function spreadsheetTimeZone(): string {
  return activeSpreadsheet().getSpreadsheetTimeZone();
}
