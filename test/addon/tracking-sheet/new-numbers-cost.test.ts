// Issue 27, "20 numbers missing from a large cached account cost 40 requests (look-up, then
// tracking request)": a row never confirmed nor requested gets its tracking request first (one
// request); the service's `422 duplicate` says the number is tracked already, and the next run
// looks it up.

import { containerNumber } from '../../../local/emulator/core/iso6346';
import { column, createHarness, type } from '../../helpers/addon-harness';

const HOUR = 3_600_000;

function largeAccount() {
  const h = createHarness({ containers: 3_000, activeShare: 0.05 });
  const account = h.emulator.account()!;
  const active = account.shipments().filter((s) => s.attributes.line_tracking_stopped_at === null);
  const stopped = account.shipments().filter((s) => s.attributes.line_tracking_stopped_at !== null);
  const activeRows = active
    .flatMap((s) => account.containersOf(s).map((c) => c.attributes.number))
    .slice(0, 10);
  const finished = account.containersOf(stopped[0]!)[0]!.attributes.number;
  h.gas.run('setupTrackingSheet');
  activeRows.forEach((n, i) => type(h, i + 2, 1, n));
  expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
  return { h, activeRows, finished };
}

function newNumbers(count: number): string[] {
  const out: string[] = [];
  for (let serial = 700_000; out.length < count; serial++) {
    const n = containerNumber('NEWU', serial);
    if (n) out.push(n);
  }
  return out;
}

it('20 new numbers typed into a large account cost their 20 tracking requests, not 40', () => {
  const { h, activeRows } = largeAccount();
  const added = newNumbers(20);
  added.forEach((n, i) => type(h, activeRows.length + i + 2, 1, n));
  h.clock.advance(HOUR);
  const from = h.gas.urlFetchLog.length;
  const report = h.gas.run<{ ok: boolean; requests: number }>('refreshTrackingSheet');
  expect(report.ok).toBe(true);
  const urls = h.gas.urlFetchLog.slice(from).map((e) => `${e.method} ${decodeURIComponent(e.url)}`);
  const lookUps = urls.filter((u) => added.some((n) => u.includes(n)) && u.startsWith('GET'));
  const requests = urls.filter((u) => /^POST .*\/tracking_requests$/.test(u));
  expect(lookUps).toEqual([]);
  expect(requests).toHaveLength(20);
  expect(urls.length).toBeLessThanOrEqual(25);
  // Typed without a SCAC: the service detects the carrier.
  expect(column(h, 'Tracking').slice(activeRows.length)).toEqual(
    Array(20).fill('detecting carrier'),
  );
});

it('a new row the service already tracks: 422 duplicate, then it is looked up and filled in', () => {
  const { h, activeRows, finished } = largeAccount();
  type(h, activeRows.length + 2, 1, finished);
  h.clock.advance(HOUR);
  const from = h.gas.urlFetchLog.length;
  h.gas.run('refreshTrackingSheet');
  const first = h.gas.urlFetchLog
    .slice(from)
    .map((e) => `${e.method} ${decodeURIComponent(e.url)}`);
  expect(
    first.filter((u) => u.startsWith('POST') && u.endsWith('/tracking_requests')),
  ).toHaveLength(1);
  h.clock.advance(HOUR);
  h.gas.run('refreshTrackingSheet');
  const row = activeRows.length;
  expect(String(column(h, 'Tracking')[row])).toMatch(/^stopped/);
  expect(column(h, 'Status')[row]).not.toBe('');
});
