// A year of daily use in the local runtime (see local/bench/soak.ts; the benchmark runs a fuller
// one): what the add-in keeps stays bounded, refreshes keep succeeding, and no number gets a
// second tracking request.

import { runSoak } from '../../../local/bench/soak';

describe('a year of daily use', () => {
  it('keeps document properties bounded and every refresh working', () => {
    const r = runSoak({ days: 365, perDay: 1, refreshesPerDay: 1, keepDays: 14 });
    expect(r.failedRefreshes).toEqual([]);
    expect(r.refreshes).toBe(365);
    expect(r.lateRows).toBe(0);
    expect(r.maxRequestsPerNumber).toBe(1);
    expect(r.trackingRequests).toBe(r.numbersTyped);
    // Bound: the settings (≈ 0.3 KB), the sync cursor and lease, and ledger entries only for
    // rows still waiting or failed (≈ 130 bytes each) plus a week's grace after their deletion.
    const peak = Math.max(...r.samples.map((s) => s.documentBytes));
    expect(peak).toBeLessThan(8 * 1024);
    const lastMonth = r.samples.slice(-30);
    const firstMonth = r.samples.slice(0, 30);
    expect(Math.max(...lastMonth.map((s) => s.ledgerEntries))).toBeLessThanOrEqual(
      Math.max(...firstMonth.map((s) => s.ledgerEntries)) + 2,
    );
    // Mostly CPU on a quiet machine (≈ 20 s); shared CI machines are slower.
  }, 300_000);
});
