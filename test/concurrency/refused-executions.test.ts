// The add-in when Apps Script refuses one of its executions: the user already runs 30 at once
// (here 30 recalculating cells, each its own execution) and the 31st fails at once with
// "There are too many scripts running simultaneously…" (local/gas/concurrent/scheduler.ts). A refused scheduled refresh, push
// delivery or cell ran nothing: it must lose nothing, change nothing, and be made up for later.

import { serveLocalWebApp } from '../../local/emulator/webhooks/local-web-app';
import { retryDelayMs } from '../../local/emulator/webhooks/delivery';
import { postEvent } from '../../local/gas/web-app';
import type { ConcurrentJob } from '../../local/gas';
import { column, sheetValues } from '../helpers/addon-harness';
import { boxWithLfdInSharedShipment, changeLfd } from '../helpers/demo-changes';
import {
  apiRequests,
  cellJobs,
  listingRequests,
  sheetHarness,
  slowHarness,
  trackedNumbers,
  type Harness,
} from './helpers';
import { STATUS_SHEET } from '../../src/addon/sheets/sheet-names';

const OWNER = 'user@example.com';
const MINUTE = 60_000;
const ACCOUNT = 300;
const TOO_MANY = /^There are too many scripts running simultaneously for this Google user account/;
const WEB_APP = 'https://script.google.com/macros/s/AKfy-refused/exec';

/** A container on the sheet whose LFD the sheet shows (a box at the terminal, with an LFD). */
const boxWithLfd = (h: Harness) => boxWithLfdInSharedShipment(h).container.attributes.number;

/** A sheet with `box` on it, refreshed once, and 30 other numbers for the cells. */
function setUp(latencyMs: number) {
  const probe = slowHarness(0, { containers: ACCOUNT });
  const box = boxWithLfd(probe);
  const onSheet = [box, ...trackedNumbers(probe, 5).filter((n) => n !== box)];
  const inCells = trackedNumbers(probe, 30, 100);
  const h = sheetHarness(
    latencyMs,
    onSheet.map((n) => [n]),
    { containers: ACCOUNT },
  );
  h.gas.run('refreshTrackingSheet');
  return { h, box, inCells };
}

const lfdOf = (h: Harness) => column(h, 'LFD')[0];
const documentProperty = (h: Harness, key: string) => h.gas.properties.document.map.get(key);
const schedule = (h: Harness) =>
  JSON.parse(documentProperty(h, 'CT_SCHEDULE') ?? 'null') as { lastRunAt?: string } | null;
const locksHeld = (h: Harness) =>
  (['document', 'script', 'user'] as const).filter((scope) =>
    (scope === 'document' ? h.gas.locks : h.gas.project.locks).isHeld(scope, h.clock.now()),
  );

describe('a scheduled refresh refused while its owner runs 30 executions', () => {
  it('changes nothing, leaves no lease or lock, is not counted, and the next run refreshes', () => {
    const { h, box, inCells } = setUp(1_000);
    h.gas.run('enableAutoRefresh', [60], { kind: 'sidebar' });
    h.clock.advance(60 * MINUTE);
    expect(h.gas.fireDueTriggers()).toEqual([expect.objectContaining({ ok: true })]);
    const ranAt = schedule(h)?.lastRunAt;
    expect(ranAt).toBeDefined();

    changeLfd(h, box, '2031-03-04');
    h.clock.advance(60 * MINUTE);
    const tracking = sheetValues(h);
    const status = sheetValues(h, STATUS_SHEET);
    const lfd = lfdOf(h);
    const ledger = h.gas.properties.user.map.get('CT_TRIGGER_TIME');
    const triggerTime = h.gas.project.triggerRuntime.usedMs(OWNER, h.clock.now());
    const due = h.gas.dueTriggerJobs();
    expect(due).toHaveLength(1);

    const outcomes = h.gas.runConcurrently([...cellJobs(inCells), ...due], { seed: 3 });
    const refused = outcomes.at(-1)!;
    expect(refused.ok).toBe(false);
    expect(refused.error?.message).toMatch(TOO_MANY);
    expect(outcomes.slice(0, 30).every((o) => o.ok)).toBe(true);
    // Nothing on the sheet changed or blanked; no lease, no lock; not a run, and no trigger time.
    expect(sheetValues(h)).toEqual(tracking);
    expect(sheetValues(h, STATUS_SHEET)).toEqual(status);
    expect(documentProperty(h, 'CT_REFRESH_LEASE')).toBeUndefined();
    expect(locksHeld(h)).toEqual([]);
    expect(schedule(h)?.lastRunAt).toBe(ranAt);
    expect(h.gas.properties.user.map.get('CT_TRIGGER_TIME')).toBe(ledger);
    expect(h.gas.project.triggerRuntime.usedMs(OWNER, h.clock.now())).toBe(triggerTime);

    // The next scheduled run, an interval later, refreshes everything.
    h.clock.advance(60 * MINUTE);
    const next = h.gas.runConcurrently(h.gas.dueTriggerJobs());
    expect(next).toEqual([expect.objectContaining({ ok: true })]);
    expect(lfdOf(h)).not.toEqual(lfd);
    expect((lfdOf(h) as Date).toISOString()).toMatch(/^2031-03-0[34]/);
    expect(schedule(h)?.lastRunAt).not.toBe(ranAt);
    expect(h.gas.project.triggerRuntime.usedMs(OWNER, h.clock.now())).toBeGreaterThan(triggerTime);
    expect(documentProperty(h, 'CT_REFRESH_LEASE')).toBeUndefined();
  });
});

describe('a push delivery refused while the web app owner runs 30 executions', () => {
  /** The deployed doPost, posted `body` at `url`, as a job for runConcurrently. */
  const doPostJob = (url: string, body: string): ConcurrentJob => ({
    fn: 'doPost',
    args: [postEvent({ queryString: new URL(url).search.slice(1), body })],
    kind: 'web-app',
  });
  const applied = (h: Harness) => h.gas.run<{ applied: number }>('getPushStatus').applied;

  // What Apps Script answers the sender when doPost fails or is refused is not documented by
  // Google. Locally postToWebApp throws and the in-process sender counts that as no answer (a
  // retry); public reports say a failed web app still answers 200 (the service would then count
  // it as delivered and never retry). The add-in must not depend on either: under both, the
  // notification is applied exactly once.
  it.each([
    ['no answer: the service retries', null],
    ['200: the service counts it delivered and never retries', 200],
  ])('%s; applied once, by the retry or by the next refresh', (_how, status) => {
    const { h, box, inCells } = setUp(1_000);
    h.gas.deployWebApp();
    const web = serveLocalWebApp(h.emulator, h.gas, WEB_APP);
    h.gas.run('enablePush', [WEB_APP]);
    const before = lfdOf(h);
    const appliedBefore = applied(h);

    changeLfd(h, box, '2031-05-06');
    const due = h.emulator.webhooks.takeDue();
    expect(due.length).toBeGreaterThan(0);
    const outcomes = h.gas.runConcurrently(
      [...cellJobs(inCells), ...due.map((d) => doPostJob(d.url, d.body))],
      { seed: 5 },
    );
    for (const refused of outcomes.slice(30)) expect(refused.error?.message).toMatch(TOO_MANY);
    for (const d of due) h.emulator.webhooks.settle(d, status);
    expect(lfdOf(h)).toEqual(before);
    expect(applied(h)).toBe(appliedBefore);

    // A minute later the service retries (when it counted a failure); then a refresh runs.
    h.clock.advance(retryDelayMs(1));
    expect(web.deliverDue()).toHaveLength(status === null ? due.length : 0);
    // A retry applies it at once; without one it waits for the refresh's catch-up.
    expect(applied(h)).toBe(appliedBefore + (status === null ? due.length : 0));
    h.clock.advance(MINUTE);
    h.gas.run('refreshTrackingSheet');
    expect(lfdOf(h)).not.toEqual(before);
    expect((lfdOf(h) as Date).toISOString()).toMatch(/^2031-05-0[56]/);
    expect(applied(h)).toBe(appliedBefore + due.length);
    // Its later retries (the web app answers 302, never a 2xx) and refreshes apply it no more.
    for (let retry = 2; retry <= 4; retry += 1) {
      h.clock.advance(retryDelayMs(retry));
      web.deliverDue();
      h.gas.run('refreshTrackingSheet');
    }
    expect(applied(h)).toBe(appliedBefore + due.length);
  });
});

describe('cells refused while 30 others of the user run', () => {
  it('show the refusal (never a blank or a wrong value); a recalculation fills them from the cache', () => {
    const h = slowHarness(500, { containers: ACCOUNT });
    const numbers = trackedNumbers(h, 36, 50);
    h.emulator.requestLog.clear();
    const outcomes = h.gas.runConcurrently(cellJobs(numbers), { seed: 7 });
    const status = (n: string) => h.emulator.findContainer(n)?.attributes.current_status;
    outcomes
      .slice(0, 30)
      .forEach((o, i) => expect(o).toMatchObject({ value: status(numbers[i]!) }));
    for (const o of outcomes.slice(30)) {
      expect(o.ok).toBe(false);
      expect(o.value).toBeUndefined();
      expect(o.error?.message).toMatch(TOO_MANY);
      expect(o.record.calls.urlFetchRequests).toBe(0);
    }
    const listed = listingRequests(h);
    const requests = apiRequests(h);
    for (const n of numbers.slice(30)) expect(h.cell('CONTAINER_STATUS', n)).toBe(status(n));
    expect(listingRequests(h)).toBe(listed);
    expect(apiRequests(h)).toBe(requests);
  });
});
