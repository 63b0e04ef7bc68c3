// CacheService. From the Cache reference: keys up to 250 characters, values up to 100 KB,
// default expiry 10 minutes, at most 21,600 s (6 h), about 1,000 items per cache. Entries can
// vanish before they expire; `CacheStore.evict` lets tests and the preview make that happen.

import { fail, MESSAGES } from './errors';
import type { Execution } from './execution';
import { registerFake } from './registry';

export type CacheScope = 'document' | 'script' | 'user';

const KEY_LIMIT = 250;
const VALUE_LIMIT = 100 * 1024;
const DEFAULT_TTL_S = 600;
const MAX_TTL_S = 21_600;
const ITEM_CAP = 1000;
const KEPT_WHEN_FULL = 900;

interface Entry {
  value: string;
  expiresAt: number;
}

export class CacheStore {
  readonly entries = new Map<string, Entry>();

  read(key: string, now: number): string | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  write(items: [string, string][], ttlSeconds: number | undefined, now: number): void {
    const ttl = ttlSeconds === undefined ? DEFAULT_TTL_S : Number(ttlSeconds);
    if (!(ttl >= 1)) fail(`Invalid argument: expirationInSeconds`);
    // Over 21,600 s is quietly shortened, not refused: gas-fakes src/services/stores/
    // fakestores.js normExpiry ("Apps Script doesnt mind if the value provided is outside these
    // ranges - it just silently applies them"). Code counting on a longer life still loses.
    const lifeMs = Math.min(ttl, MAX_TTL_S) * 1000;
    for (const [k, v] of items) {
      if (k.length > KEY_LIMIT) fail(MESSAGES.argumentTooLarge('key'));
      if (Buffer.byteLength(v, 'utf8') > VALUE_LIMIT) fail(MESSAGES.argumentTooLarge('value'));
    }
    for (const [k, v] of items) {
      this.entries.delete(k);
      this.entries.set(k, { value: v, expiresAt: now + lifeMs });
    }
    if (this.entries.size > ITEM_CAP) this.trim(now);
  }

  /** Over the cap the cache keeps the entries farthest from expiring. */
  private trim(now: number): void {
    const live = [...this.entries].filter(([, e]) => e.expiresAt > now);
    live.sort((a, b) => b[1].expiresAt - a[1].expiresAt);
    this.entries.clear();
    for (const [k, e] of live.slice(0, KEPT_WHEN_FULL)) this.entries.set(k, e);
  }

  evict(predicate: (key: string, value: string) => boolean = () => true): number {
    let n = 0;
    for (const [k, e] of this.entries) {
      if (predicate(k, e.value)) {
        this.entries.delete(k);
        n += 1;
      }
    }
    return n;
  }
}

export class FakeCache implements Pick<GoogleAppsScript.Cache.Cache, 'get' | 'remove'> {
  constructor(
    private readonly store: CacheStore,
    private readonly exec: Execution,
  ) {}

  get(key: string): string | null {
    return this.store.read(String(key), this.exec.now());
  }

  getAll(keys: string[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const key of keys) {
      const value = this.store.read(String(key), this.exec.now());
      if (value !== null) out[String(key)] = value;
    }
    return out;
  }

  /** A null value stores nothing (not the text "null"): the probe on Apps Script. */
  put(key: string, value: string, expirationInSeconds?: number): void {
    if (value === null || value === undefined) return;
    this.store.write([[String(key), String(value)]], expirationInSeconds, this.exec.now());
  }

  putAll(values: Record<string, unknown>, expirationInSeconds?: number): void {
    const items = Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]);
    this.store.write(items, expirationInSeconds, this.exec.now());
  }

  remove(key: string): void {
    this.store.entries.delete(String(key));
  }

  removeAll(keys: string[]): void {
    for (const key of keys) this.store.entries.delete(String(key));
  }
}

export class FakeCacheService {
  /** `make` answers null for the document scope outside a document (the reference: "null if
   * there is no containing document"). */
  constructor(private readonly make: (scope: CacheScope) => FakeCache | null) {}

  getDocumentCache(): FakeCache | null {
    return this.make('document');
  }

  getScriptCache(): FakeCache {
    return this.make('script')!;
  }

  getUserCache(): FakeCache {
    return this.make('user')!;
  }
}

registerFake(FakeCache, { label: 'Cache', service: 'Cache', scope: 'storage' });
registerFake(FakeCacheService, { label: 'CacheService', service: 'Cache', scope: 'storage' });
