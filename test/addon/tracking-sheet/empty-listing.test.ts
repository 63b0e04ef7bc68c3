// Issue 27: "A 200 listing with data: [] for an account known to hold containers made one refresh
// spend 80 targeted look-ups: re-read before believing an empty account." The emulator's
// `body: 'empty-list'` fault answers the next listing so (local/emulator/policy/request-faults.ts).

import { column, withRows } from '../../helpers/addon-harness';

const HOUR = 3_600_000;

function demoSheet() {
  const seed = withRows([]);
  const numbers = seed.emulator
    .account()!
    .containers()
    .slice(0, 45)
    .map((c) => c.attributes.number);
  const h = withRows(numbers.map((n) => [n]));
  expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
  return { h };
}

const emptyListings = (h: ReturnType<typeof demoSheet>['h'], times: number) =>
  h.emulator.faults.enqueue({
    body: 'empty-list',
    times,
    match: { method: 'GET', path: '/v2/containers' },
  });

it('an empty listing for an account known to hold containers is read again, not believed', () => {
  const { h } = demoSheet();
  const status = column(h, 'Status');
  emptyListings(h, 1);
  h.clock.advance(HOUR);
  const from = h.gas.urlFetchLog.length;
  expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
  const urls = h.gas.urlFetchLog.slice(from).map((e) => decodeURIComponent(e.url));
  expect(urls.filter((u) => u.includes('filter[number]'))).toEqual([]);
  expect(urls.length).toBeLessThanOrEqual(3);
  expect(column(h, 'Status')).toEqual(status);
});

it('empty twice: the refresh says so, rows keep their values, no look-up is spent', () => {
  const { h } = demoSheet();
  const status = column(h, 'Status');
  emptyListings(h, 2);
  h.clock.advance(HOUR);
  const from = h.gas.urlFetchLog.length;
  const report = h.gas.run<{ ok: boolean; message: string }>('refreshTrackingSheet');
  expect(report.message).toMatch(/listed no containers for an account that holds/);
  const urls = h.gas.urlFetchLog.slice(from).map((e) => decodeURIComponent(e.url));
  expect(urls.filter((u) => u.includes('filter[number]'))).toEqual([]);
  expect(column(h, 'Status')).toEqual(status);
  expect(h.gas.urlFetchLog.slice(from).some((e) => e.method.toUpperCase() === 'POST')).toBe(false);
  // The next refresh reads it again, normally.
  h.clock.advance(HOUR);
  expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
});
