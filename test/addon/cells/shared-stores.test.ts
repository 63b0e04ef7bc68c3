// Which cache, lock and rate window a cell shares with the rest of its spreadsheet: decided by the
// build (src/execution/stores.ts), never asked at run time (a cell may not call ScriptApp at all:
// the custom-functions guide leaves Script out of a cell's services; local/gas refuses it).

import { createHarness } from '../../helpers/addon-harness';

type Harness = ReturnType<typeof createHarness>;

const firstNumber = (h: Harness) => h.emulator.account()!.containers()[0]!.attributes.number;
const keysOf = (h: Harness, scope: 'document' | 'script') => {
  const keys: string[] = [];
  h.gas.evictCache((e) => {
    if (e.scope === scope) keys.push(e.key);
    return false;
  });
  return keys;
};
/** Reads of cached values (fetching a cache object is not one). */
const cacheReads = (h: Harness) => {
  const calls = h.gas.lastExecution!.calls.calls.Cache ?? {};
  return (calls['Cache.getAll'] ?? 0) + (calls['Cache.get'] ?? 0);
};

describe('a cell shares the stores of its spreadsheet', () => {
  it('bound build: the script-wide cache the refresh and push use; a warm cell is one read', () => {
    const h = createHarness();
    const n = firstNumber(h);
    expect(h.cell('CONTAINER_STATUS', n)).toBe(
      h.emulator.findContainer(n)?.attributes.current_status,
    );
    expect(keysOf(h, 'script').length).toBeGreaterThan(0);
    expect(keysOf(h, 'document')).toEqual([]);

    const requests = h.requests();
    h.cell('CONTAINER_STATUS', n);
    expect(h.requests()).toBe(requests);
    expect(cacheReads(h)).toBe(1);
    expect(h.gas.lastExecution!.calls.totals.Properties ?? 0).toBe(0);
  });

  it('add-on build: the document cache, never the script-wide one; a warm cell is one read', () => {
    const h = createHarness({ addOn: true });
    const n = firstNumber(h);
    h.cell('CONTAINER_STATUS', n);
    expect(keysOf(h, 'script')).toEqual([]);
    expect(keysOf(h, 'document').length).toBeGreaterThan(0);
    h.cell('CONTAINER_STATUS', n);
    expect(cacheReads(h)).toBe(1);
    expect(h.gas.lastExecution!.calls.calls.Cache?.['CacheService.getScriptCache']).toBe(undefined);
    expect(h.gas.lastExecution!.calls.calls.Cache?.['CacheService.getDocumentCache']).toBe(1);
    expect(h.gas.lastExecution!.calls.totals.Properties ?? 0).toBe(0);
  });
});
