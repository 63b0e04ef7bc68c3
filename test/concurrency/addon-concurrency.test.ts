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
} from './helpers';

const ACCOUNT = 1_000;
const PAGES = Math.ceil(ACCOUNT / 100);

describe('200 single-cell formulas recalculating at once', () => {
  it.each([
    [1, 800],
    [2, 3_000],
    [3, 3_000],
  ])('seed %i, %i ms per response: about one listing, and every error clears on retry', (seed, latency) => {
    const h = slowHarness(latency, { containers: ACCOUNT });
    const numbers = trackedNumbers(h, 200, 300);
    const statuses = new Map(
      h.emulator
        .account()!
        .containers()
        .map((c) => [c.attributes.number, c.attributes.current_status]),
    );
    h.emulator.requestLog.clear();

    const outcomes = h.gas.runConcurrently(cellJobs(numbers), { seed });
    // One listing of the account (plus the first page of a cell whose number was on it).
    expect(apiRequests(h)).toBeLessThanOrEqual(PAGES + 3);
    expect(rejected429(h)).toBe(0);
    outcomes.forEach((o, i) => {
      if (o.ok) expect(o.value).toBe(statuses.get(numbers[i]!));
    });

    // A cell left with an error is one that a recalculation clears, from the cache.
    const listed = listingRequests(h);
    for (const { index } of failed(outcomes)) {
      expect(h.cell('CONTAINER_STATUS', numbers[index])).toBe(statuses.get(numbers[index]!));
    }
    expect(listingRequests(h)).toBe(listed);
  });
});
