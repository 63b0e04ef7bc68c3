// Ports over Apps Script services. Each service object is fetched once per execution: every
// call into Apps Script costs tens of milliseconds there.

import type { Clock, DurableStore, SharedCache, SharedLock } from '../engine/ports';

export const appsScriptClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.round(ms))),
};

export function documentCache(): SharedCache {
  const cache = CacheService.getDocumentCache() ?? CacheService.getScriptCache();
  return {
    getAll: (keys) => (keys.length === 0 ? {} : cache.getAll(keys)),
    putAll: (values, ttl) => cache.putAll(values, ttl),
    removeAll: (keys) => cache.removeAll(keys),
  };
}

export function documentLock(): SharedLock {
  const lock = LockService.getDocumentLock() ?? LockService.getScriptLock();
  return {
    tryLock: (ms) => lock.tryLock(ms),
    release: () => lock.releaseLock(),
  };
}

export function documentProperties(): DurableStore {
  const props = PropertiesService.getDocumentProperties();
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

/** The spreadsheet's time zone: Sheets shows returned Dates in it. */
export function spreadsheetTimeZone(): string {
  return SpreadsheetApp.getActive().getSpreadsheetTimeZone();
}
