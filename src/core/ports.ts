// The ports: what the engine and the API client need from their host, in one place both layers
// can see (the client never reaches into the engine). src/gas/ implements these over Apps Script
// services; tests can implement them over plain objects. Every method here is one service call in Apps Script.

export interface Clock {
  now(): number;
  sleep(ms: number): void;
}

/** A shared string cache (Apps Script's document cache): entries may vanish at any time. */
export interface SharedCache {
  getAll(keys: string[]): Record<string, string>;
  putAll(values: Record<string, string>, ttlSeconds: number): void;
  removeAll(keys: string[]): void;
}

/** The document-wide lock that serialises read-modify-write of shared state. */
export interface SharedLock {
  tryLock(timeoutMs: number): boolean;
  release(): void;
  /**
   * Which of Apps Script's locks this is (LockService's document, script or user lock): two
   * ports of one scope are one lock, taken once by code that needs it in two places.
   */
  readonly scope?: 'document' | 'script' | 'user';
}

/** Durable per-spreadsheet strings (document properties). */
export interface DurableStore {
  getAll(): Record<string, string>;
  setAll(values: Record<string, string>): void;
  remove(key: string): void;
}

/** The shared rate limiter every request goes through (engine/request-gate.ts implements it). */
export interface RequestGate {
  /** Up to `wanted` request slots, waiting at most `maxWaitMs` for the first. Returns the count granted. */
  acquire(wanted: number, maxWaitMs: number): number;
  /** The service answered 429: nobody sends before `until`. */
  blockUntil(until: number): void;
  /** When a slot could be had, for messages ("try again in 40 s"). */
  nextSlotAt(): number;
  /**
   * Until when the service asked everyone to wait (a 429's Retry-After), as this execution's
   * last refused `acquire` saw it; 0 when that refusal was only the rolling minute being full.
   * No service call.
   */
  serviceBlockSeen?(): number;
}
