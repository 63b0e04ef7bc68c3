// The add-in when Sheets runs its executions at once: cells recalculating together, a refresh
// overlapping cells and the sidebar, two refreshes started together. Executions interleave at
// service calls under seeded schedules (local/gas/concurrent); every API response takes virtual
// time, so executions really overlap.

import {
  apiRequests,
  cellJobs,
  failed,
  listingRequests,
  peak60s,
  rejected429,
  sheetHarness,
  slowHarness,
  trackedNumbers,
  trackingRequestsByNumber,
  type Harness,
} from './helpers';
import { column } from '../helpers/addon-harness';

const ACCOUNT = 1_000;

const status = (h: Harness, number: string) =>
  h.emulator.findContainer(number)?.attributes.current_status;
const trackingPosts = (h: Harness) =>
  h.emulator.requestLog.count((e) => e.method === 'POST' && e.path.endsWith('/tracking_requests'));
const PAGES = Math.ceil(ACCOUNT / 100);

describe('200 single-cell formulas recalculating at once', () => {
  // Apps Script runs 30 executions of a user at once and refuses the others (each cell is one):
  // 170 cells show the refusal, and a later recalculation fills them from the cache. Only when
  // no cell could finish the account's listing within its 30 s (pages at 10 s each) do the
  // recalculations continue that listing where it stopped (before, the queued cells did): the
  // account is still listed about once in all.
  it.each([
    [1, 800, 0],
    [2, 3_000, 0],
    [3, 3_000, 0],
    // Slower than the wait for another cell's load (20 s): cells give up and say so.
    [4, 10_000, PAGES],
  ])(
    'seed %i, %i ms per response: about one listing, and every error clears on retry',
    (seed, latency, relisted) => {
      const h = slowHarness(latency, { containers: ACCOUNT });
      const numbers = trackedNumbers(h, 200, 300);
      h.emulator.requestLog.clear();

      const outcomes = h.gas.runConcurrently(cellJobs(numbers), { seed });
      // One listing of the account (plus the first page of a cell whose number was on it).
      expect(apiRequests(h)).toBeLessThanOrEqual(PAGES + 3);
      expect(rejected429(h)).toBe(0);
      outcomes.forEach((o, i) => {
        if (o.ok) expect(o.value).toBe(status(h, numbers[i]!));
      });
      const refused = failed(outcomes).filter((f) =>
        /too many scripts running simultaneously/.test(f.message),
      );
      expect(refused.map((f) => f.index)).toEqual(numbers.slice(30).map((_, i) => 30 + i));

      // A cell left with an error is one that a recalculation clears, from the cache.
      const listed = listingRequests(h);
      for (const { index } of failed(outcomes)) {
        expect(h.cell('CONTAINER_STATUS', numbers[index])).toBe(status(h, numbers[index]!));
      }
      expect(listingRequests(h) - listed).toBeLessThanOrEqual(relisted);
      expect(listingRequests(h)).toBeLessThanOrEqual(PAGES + 4);
    },
  );
});

const SEEDS = [1, 2, 3, 4];
const newBols = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `MEDU${prefix}${String(i).padStart(3, '0')}`);

describe('a refresh overlapping cells and the sidebar', () => {
  it.each(SEEDS.slice(0, 3))(
    'seed %i: no lost or duplicate tracking request, within the rate limit',
    (seed) => {
      const seedHarness = slowHarness(0, { containers: ACCOUNT });
      const onSheet = trackedNumbers(seedHarness, 40);
      // 26 cells, the refresh and 3 sidebar calls: the 30 executions a user may run at once
      // (one more would be refused: test/gas-fakes/concurrency.test.ts).
      const inCells = trackedNumbers(seedHarness, 26, 500);
      // More new numbers than one minute of the rate limit allows: the refresh must stop early.
      const sheetBols = newBols('SHT', 120);
      const h = sheetHarness(
        1_500,
        [...onSheet.map((n) => [n]), ...sheetBols.map((b) => [b, 'MSCU'])],
        { containers: ACCOUNT },
      );
      h.gas.select('Tracking', 'A3');
      h.emulator.requestLog.clear();

      const sidebarBol = 'MEDUSIDE0001';
      const outcomes = h.gas.runConcurrently(
        [
          { fn: 'refreshTrackingSheet', kind: 'sidebar' },
          ...cellJobs(inCells),
          {
            fn: 'createTrackingRequest',
            args: [{ requestType: 'bill_of_lading', requestNumber: sidebarBol, scac: 'MSCU' }],
            kind: 'sidebar',
          },
          // A number the refresh is about to track, typed into the sidebar too.
          {
            fn: 'createTrackingRequest',
            args: [{ requestType: 'bill_of_lading', requestNumber: sheetBols[5], scac: 'MSCU' }],
            kind: 'sidebar',
          },
          { fn: 'getSelectedRow', kind: 'sidebar' },
        ],
        { seed },
      );
      const [refresh] = outcomes;
      expect(refresh!.ok).toBe(true);
      // Every tracked row is refreshed at once; new numbers are confirmed (a look-up each, as the
      // listing did not see them) and requested within the rate limit, the rest at later runs.
      const { updated } = refresh!.value as { updated: number };
      expect(updated).toBeGreaterThanOrEqual(onSheet.length);
      expect(updated).toBeLessThanOrEqual(onSheet.length + sheetBols.length);
      const selected = outcomes.at(-1)!;
      expect(selected.ok).toBe(true);
      expect(JSON.stringify(selected.value)).toContain(onSheet[1]);
      // The sidebar's own request went out whatever happened around it.
      expect([outcomes.at(-3)!.ok, outcomes.at(-3)!.error?.message]).toEqual([true, undefined]);
      // Cells left with an error clear on recalculation.
      for (const { index } of failed(outcomes.slice(1, 1 + inCells.length))) {
        expect(h.cell('CONTAINER_STATUS', inCells[index])).toBe(status(h, inCells[index]!));
      }

      // Later refreshes send the rest: each number reaches the service once, and the sheet shows
      // every one (the ledger lost none). The sidebar's copy of a sheet number may cost one 422.
      for (let run = 0; run < 3; run++) {
        h.clock.advance(61_000);
        h.gas.run('refreshTrackingSheet');
      }
      const perNumber = trackingRequestsByNumber(h);
      for (const n of [...sheetBols, sidebarBol]) expect([n, perNumber.get(n)]).toEqual([n, 1]);
      expect(trackingPosts(h)).toBeLessThanOrEqual(sheetBols.length + 2);
      // The sidebar's number got its own row (once), below the sheet's.
      expect(column(h, 'Number').filter((n) => n === sidebarBol)).toHaveLength(1);
      const tracking = column(h, 'Tracking').slice(onSheet.length);
      expect(tracking.filter((t) => t === 'pending' || t === 'tracked')).toHaveLength(
        sheetBols.length + 1,
      );
      expect(peak60s(h)).toBeLessThanOrEqual(95);
      expect(rejected429(h)).toBe(0);
    },
  );
});

describe('two refreshes started together', () => {
  it.each(SEEDS)('seed %i: one does the work, never a duplicate tracking request', (seed) => {
    const seedHarness = slowHarness(0, { containers: ACCOUNT });
    const bols = newBols('TWO', 30);
    const h = sheetHarness(
      1_500,
      [...trackedNumbers(seedHarness, 20).map((n) => [n]), ...bols.map((b) => [b, 'MSCU'])],
      { containers: ACCOUNT },
    );
    h.emulator.requestLog.clear();

    const outcomes = h.gas.runConcurrently(
      [
        { fn: 'refreshTrackingSheet', kind: 'sidebar' },
        { fn: 'refreshTrackingSheet', args: [{ scheduled: true }], kind: 'trigger' },
      ],
      { seed },
    );
    const reports = outcomes.map((o) => o.value as { ok: boolean; message?: string });
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const skipped = reports.filter((r) => /Another refresh is running/.test(r.message ?? ''));
    expect(skipped.length).toBeLessThanOrEqual(1);
    if (skipped.length === 1) expect(reports.filter((r) => r.ok)).toHaveLength(1);
    const perNumber = trackingRequestsByNumber(h);
    for (const b of bols) expect([b, perNumber.get(b)]).toEqual([b, 1]);
    expect(rejected429(h)).toBe(0);
  });
});
