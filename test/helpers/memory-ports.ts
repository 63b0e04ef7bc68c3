// In-memory engine ports for unit tests: a cache, a lock and a clock whose sleep moves time.

import type { Clock, SharedCache, SharedLock } from '../../src/core/ports';

export class TestClock implements Clock {
  constructor(public ms = Date.parse('2026-11-20T15:00:00Z')) {}
  now(): number {
    return this.ms;
  }
  sleep(ms: number): void {
    this.ms += ms;
  }
}

export class MemoryCache implements SharedCache {
  readonly entries = new Map<string, { value: string; expires: number }>();
  calls = 0;
  constructor(private readonly clock: Clock) {}
  getAll(keys: string[]): Record<string, string> {
    this.calls++;
    const out: Record<string, string> = {};
    for (const k of keys) {
      const e = this.entries.get(k);
      if (e && e.expires > this.clock.now()) out[k] = e.value;
    }
    return out;
  }
  putAll(values: Record<string, string>, ttlSeconds: number): void {
    this.calls++;
    for (const [k, v] of Object.entries(values)) {
      if (v.length > 100 * 1024) throw new Error('Argument too large: value');
      this.entries.set(k, { value: v, expires: this.clock.now() + ttlSeconds * 1000 });
    }
  }
  removeAll(keys: string[]): void {
    this.calls++;
    for (const k of keys) this.entries.delete(k);
  }
  evictAll(): void {
    this.entries.clear();
  }
}

export class MemoryLock implements SharedLock {
  heldByOther = false;
  held = false;
  constructor(private readonly clock: TestClock) {}
  tryLock(timeoutMs: number): boolean {
    if (this.heldByOther) {
      this.clock.sleep(timeoutMs);
      return false;
    }
    this.held = true;
    return true;
  }
  release(): void {
    this.held = false;
  }
}
