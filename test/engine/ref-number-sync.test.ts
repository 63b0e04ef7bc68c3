// The ref-number rules and the bound of their last-synced store.

import type { DurableStore } from '../../src/core/ports';
import {
  MAX_SHARD_CHARS,
  RefSyncStore,
  decideRefs,
  refsDigest,
} from '../../src/engine/ref-number-sync';

class MemoryProps implements DurableStore {
  readonly map = new Map<string, string>();
  writes = 0;
  getAll() {
    return Object.fromEntries(this.map);
  }
  setAll(values: Record<string, string>) {
    this.writes++;
    for (const [k, v] of Object.entries(values)) this.map.set(k, v);
  }
  remove(key: string) {
    this.map.delete(key);
  }
}

describe('decideRefs', () => {
  const base = refsDigest(['A', 'B']);
  it('sends a sheet change to the service and a service change to the sheet', () => {
    expect(decideRefs(['A', 'B', 'C'], ['A', 'B'], base)).toEqual({
      action: 'to-service',
      refs: ['A', 'B', 'C'],
    });
    expect(decideRefs(['A', 'B'], ['B'], base)).toEqual({ action: 'to-sheet', refs: ['B'] });
  });

  it('keeps the union when both changed, in any order, losing nothing', () => {
    expect(decideRefs(['A', 'X'], ['B', 'Y'], base)).toEqual({
      action: 'union',
      refs: ['A', 'X', 'B', 'Y'],
    });
  });

  it('sees the same numbers in another order, or repeated, as no change', () => {
    expect(decideRefs(['B', 'A', 'A', ' '], ['A', 'B'], base)).toEqual({ action: 'none' });
  });

  it('without a copy: fills an empty side, merges two different lists', () => {
    expect(decideRefs([], ['A'], null)).toEqual({ action: 'to-sheet', refs: ['A'] });
    expect(decideRefs(['A'], [], null)).toEqual({ action: 'to-service', refs: ['A'] });
    expect(decideRefs(['A'], ['B'], null)).toEqual({ action: 'union', refs: ['A', 'B'] });
  });
});

describe('RefSyncStore', () => {
  const numbers = (n: number) =>
    Array.from({ length: n }, (_, i) => `MSCU${String(i).padStart(7, '0')}`);

  it('stays within Apps Script property limits however many rows the sheet has', () => {
    const props = new MemoryProps();
    const store = new RefSyncStore(props);
    const all = numbers(20_000);
    const digests = new Map(all.map((n) => [n, refsDigest([n])]));
    store.save(new Map(), digests);
    const values = [...props.map.values()];
    for (const v of values) expect(v.length).toBeLessThanOrEqual(MAX_SHARD_CHARS);
    const bytes = values.reduce((s, v) => s + v.length, 0);
    expect(bytes).toBeLessThan(500_000 / 3); // leaves the store's 500 KB to everything else
    // Those that did fit read back as they were; the rest read as "no copy" (merge, nothing lost).
    const loaded = store.load();
    expect(loaded.size).toBeGreaterThan(3_000);
    for (const [n, d] of loaded) expect(d).toBe(digests.get(n));
  });

  it('retires numbers no longer in the sheet, and writes nothing when nothing changed', () => {
    const props = new MemoryProps();
    const store = new RefSyncStore(props);
    const digests = new Map(numbers(100).map((n) => [n, refsDigest([n])]));
    store.save(new Map(), digests);
    const keep = new Set(numbers(10));
    store.save(store.load(), store.load(), keep);
    expect([...store.load().keys()].sort()).toEqual([...keep].sort());
    const writes = props.writes;
    store.save(store.load(), store.load(), keep);
    expect(props.writes).toBe(writes);
  });
});
