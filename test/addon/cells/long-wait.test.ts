// "A long wait is said, not suffered" (docs/reference.md#long-waits): the service answers 429 asking for
// an hour (Retry-After 3600). Cells answer from the cache where it holds their data, otherwise
// say `#The service asked to wait until HH:MM` (the spreadsheet's zone); Refresh now and the
// sidebar say the same; the first run after that time works normally.

import { column, withRows } from '../../helpers/addon-harness';

function setUp() {
  const seed = withRows([]);
  const numbers = seed.emulator
    .account()!
    .containers()
    .slice(0, 4)
    .map((c) => c.attributes.number);
  // The sheet holds two of them: a refresh caches their data.
  const h = withRows(numbers.slice(0, 2).map((n) => [n]));
  h.gas.run('refreshTrackingSheet');
  return { h, numbers };
}

/** What a one-cell formula shows: its value, or `#` and its error's message (Sheets' tooltip). */
const status = (h: ReturnType<typeof setUp>['h'], n: string): unknown => {
  try {
    return h.cell<unknown>('CONTAINER_STATUS', n);
  } catch (e) {
    return `#${(e as Error).message}`;
  }
};

it('a 429 asking for an hour: cached cells answer, others say until when, then all is normal', () => {
  const { h, numbers } = setUp();
  const [cached, , other, another] = numbers as [string, string, string, string];
  // The refresh listed the whole (small) account: the cache forgets the last two (evicted).
  h.sharedCache.evict(
    (key, value) =>
      key.startsWith('ct:c:') &&
      (value.includes(other) || value.includes(another)) &&
      !value.includes(cached),
  );
  // 15:20 UTC is 10:20 in New York (the sheet's zone); the service asks to wait an hour.
  h.clock.advance(20 * 60_000);
  h.emulator.faults.enqueue({ status: 429, retryAfter: 3_600, times: 1_000 });

  const before = h.requests();
  expect(status(h, other)).toBe('#The service asked to wait until 11:20');
  expect(h.requests() - before).toBeLessThanOrEqual(1);
  // Data the cache holds, though older than a refresh would like: shown, not an error.
  expect(String(status(h, cached))).not.toMatch(/^#/);
  // Later cells ask nothing more of the service and say the same.
  const after = h.requests();
  expect(status(h, another)).toBe('#The service asked to wait until 11:20');
  expect(h.requests()).toBe(after);

  // Refresh now and the sidebar say the same.
  const report = h.gas.run<{ ok: boolean; message: string }>('refreshTrackingSheet');
  expect(report.message).toContain('The service asked to wait until 11:20');
  expect(column(h, 'Status')[0]).not.toBe('');
  expect(() =>
    h.gas.run('createTrackingRequest', [
      { requestType: 'container', requestNumber: 'MSCU1234566', scac: 'MSCU', refNumbers: [] },
    ]),
  ).toThrow(/The service asked to wait until 11:20/);
  expect(h.requests()).toBe(after);

  // The first run after that time works normally.
  h.emulator.faults.clear();
  h.clock.advance(61 * 60_000);
  const next = h.gas.run<{ ok: boolean; message: string }>('refreshTrackingSheet');
  expect(next.ok).toBe(true);
  expect(next.message).not.toMatch(/wait/);
  expect(String(status(h, other))).not.toMatch(/^#/);
});
