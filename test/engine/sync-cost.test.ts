// The refresh's choice of how to read the service, by counted cost.
import {
  cheapestWay,
  costOf,
  worthProbingActive,
  type SyncCosts,
} from '../../src/engine/sync-cost';

const costs = (c: Partial<SyncCosts>): SyncCosts => ({
  listingPages: null,
  activePages: null,
  open: 0,
  expectedUnseen: 0,
  ...c,
});

describe('cheapestWay', () => {
  it('lists a small account whole', () => {
    expect(
      cheapestWay(costs({ listingPages: 3, activePages: 2, open: 50, expectedUnseen: 10 })),
    ).toBe('listing');
  });
  it('reads the active work of a large, old account', () => {
    const c = costs({ listingPages: 500, activePages: 5, open: 200, expectedUnseen: 0 });
    expect(cheapestWay(c)).toBe('active');
    expect(costOf('active', c)).toBe(5);
  });
  it('looks a handful of numbers up', () => {
    expect(cheapestWay(costs({ listingPages: 500, activePages: 5, open: 3 }))).toBe('lookups');
  });
  it('counts the rows the active listing may not show', () => {
    expect(
      cheapestWay(costs({ listingPages: 500, activePages: 5, open: 1000, expectedUnseen: 800 })),
    ).toBe('listing');
  });
  it('prefers the way that learns the most on a tie', () => {
    expect(cheapestWay(costs({ listingPages: 4, activePages: 4, open: 4 }))).toBe('listing');
  });
});

describe('worthProbingActive', () => {
  it('probes only when one active page could beat both other ways', () => {
    expect(worthProbingActive(costs({ listingPages: 500, open: 200 }))).toBe(true);
    expect(worthProbingActive(costs({ listingPages: 500, open: 1 }))).toBe(false);
    expect(worthProbingActive(costs({ listingPages: 500, open: 200, expectedUnseen: 300 }))).toBe(
      false,
    );
    expect(worthProbingActive(costs({ listingPages: 500, activePages: 3, open: 200 }))).toBe(false);
  });
});
