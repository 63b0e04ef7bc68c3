// Which cache, lock and rate window a cell shares with the rest of its spreadsheet. A cell may not
// call ScriptApp (custom-functions guide: Script is not among a cell's services; local/gas refuses
// it), so it reads the answer the sidebar, menu and refresh leave behind (src/gas/cell-stores.ts).

import { createHarness } from '../../helpers/addon-harness';

type Harness = ReturnType<typeof createHarness>;

const MARKER = 'ct:shared-stores';
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

describe('a cell finds the stores of its spreadsheet', () => {
  it("bound script: the script-wide cache the refresh and push use, after the marker's cache entry is gone", () => {
    const h = createHarness();
    expect(h.gas.properties.document.map.get('CT_SHARED_STORES')).toBe('script');
    h.gas.evictCache((e) => e.key === MARKER);

    const n = firstNumber(h);
    expect(h.cell('CONTAINER_STATUS', n)).toBe(
      h.emulator.findContainer(n)?.attributes.current_status,
    );
    // The data went where the refresh reads it, the marker back beside it; nothing in the
    // document cache.
    expect(keysOf(h, 'script')).toContain(MARKER);
    expect(keysOf(h, 'script').length).toBeGreaterThan(1);
    expect(keysOf(h, 'document')).toEqual([]);

    // Warm: the marker and the data in one read; no request and no property read.
    const requests = h.requests();
    h.cell('CONTAINER_STATUS', n);
    expect(h.requests()).toBe(requests);
    expect(cacheReads(h)).toBe(1);
    expect(h.gas.lastExecution!.calls.totals.Properties ?? 0).toBe(0);
  });

  it("add-on: the document cache, never the script-wide one; the marker's entry gone, the properties tell", () => {
    const h = createHarness({ addOn: true });
    expect(h.gas.properties.document.map.get('CT_SHARED_STORES')).toBe('document');
    h.gas.evictCache((e) => e.key === MARKER);
    const n = firstNumber(h);
    h.cell('CONTAINER_STATUS', n);
    expect(keysOf(h, 'script')).toEqual([]); // an add-on writes nothing there
    expect(keysOf(h, 'document')).toContain(MARKER);
    // Warm: the script cache (a bound script's place, empty here), then the document cache.
    h.cell('CONTAINER_STATUS', n);
    expect(cacheReads(h)).toBe(2);
    expect(h.gas.lastExecution!.calls.totals.Properties ?? 0).toBe(0);
  });

  it("a bound marker in an add-on's document cache changes nothing: only the script cache's counts", () => {
    const h = createHarness({ addOn: true });
    h.gas.caches.document.write([[MARKER, 'script']], 600, h.clock.now());
    const n = firstNumber(h);
    h.cell('CONTAINER_STATUS', n);
    expect(keysOf(h, 'script')).toEqual([]);
    expect(h.gas.caches.document.entries.get(MARKER)?.value).toBe('document');
  });
});
