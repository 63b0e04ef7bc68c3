// What Google's 302 answer costs push: the service counts every web app delivery as failed and
// retries it up to 12 times, so one notification arrives 13 times, each a doPost execution. And
// what push costs in email: each push is its own execution, so a BOL whose boxes become ready
// one push at a time would send an email per push without the 15-minute gap.

import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { serveLocalWebApp } from '../emulator/webhooks/local-web-app';
import type { ExecutionRecord } from '../gas';
import { configure, world, type World } from './scenario-kit';

const WEB_APP = 'https://script.google.com/macros/s/bench/exec';
const PUSHES = 20;
const PUSH_GAP_MS = 30_000;

function sheetOf(numbers: string[]) {
  const rows = numbers.map((n) => [n, '', 'container', '']);
  return [{ name: 'Tracking', values: [[...INPUT_HEADERS, ...OUTPUT_HEADERS], ...rows] }];
}

const propertyCalls = (r: ExecutionRecord): number =>
  Object.entries(r.calls.calls.Properties ?? {})
    .filter(([name]) => name.startsWith('Properties.'))
    .reduce((n, [, count]) => n + count, 0);

function change(w: World, number: string, body: unknown): void {
  w.emulator.handle({
    method: 'POST',
    url: `${w.emulator.origin}/__emulator/containers/${number}/changes`,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A refreshed Tracking sheet of `numbers`, with push on through the deployed web app. */
function pushWorld(numbers: string[], settings: Record<string, string> = {}) {
  const w = world({ sheets: sheetOf(numbers) });
  configure(w);
  if (Object.keys(settings).length > 0) w.gas.run('saveSettings', [settings]);
  w.gas.run('setupTrackingSheet');
  w.gas.run('refreshTrackingSheet');
  w.gas.deployWebApp();
  const web = serveLocalWebApp(w.emulator, w.gas, WEB_APP);
  w.gas.run('enablePush', [WEB_APP]);
  return { w, web };
}

/** One notification, its first delivery and all 12 retries: requests and property calls of each. */
function thirteenDeliveries() {
  const probe = world();
  const box = probe.emulator.account()!.containers()[0]!.attributes.number;
  const { w, web } = pushWorld([box]);
  change(w, box, { hold: { name: 'customs', status: 'hold' } });
  w.emulator.requestLog.clear();
  const firstRun = w.gas.executions.length;
  let firstRound = 0;
  for (let round = 0; round < 20; round++) {
    const delivered = web.deliverDue().length;
    if (round === 0) firstRound = delivered;
    w.clock.advance(7 * 3_600_000); // past the longest wait between retries
  }
  const ids = web.bodies.map((b) => (JSON.parse(b) as { data: { id: string } }).data.id);
  const runs = w.gas.executions.slice(firstRun).filter((e) => e.functionName === 'doPost');
  // The notifications of the hold (the first delivered ones), not later lifecycle events.
  const first = new Set(ids.slice(0, firstRound));
  const mine = runs.filter((_, i) => first.has(ids[i]!));
  const perNotification = mine.length / Math.max(1, first.size);
  const [applied, ...repeats] = mine;
  return {
    notifications: first.size,
    deliveriesEach: perNotification,
    firstRequests: applied?.calls.urlFetchRequests ?? 0,
    firstProperties: applied ? propertyCalls(applied) : 0,
    repeatRequests: repeats.reduce((n, r) => n + r.calls.urlFetchRequests, 0),
    repeatPropertiesMax: Math.max(0, ...repeats.map(propertyCalls)),
    repeats: repeats.length,
  };
}

/** PUSHES boxes put on hold one push at a time, PUSH_GAP_MS apart, alerts on. */
function emailsForPushes() {
  const probe = world();
  const boxes = probe.emulator
    .account()!
    .containers()
    .filter(
      (c) =>
        !['picked_up', 'empty_returned'].includes(c.attributes.current_status) &&
        !c.attributes.holds_at_pod_terminal.some((h) => h.name === 'customs'),
    )
    .slice(0, PUSHES)
    .map((c) => c.attributes.number);
  const { w, web } = pushWorld(boxes, { alertRecipients: 'ops@example.com' });
  const outbox = w.gas.project.mail.outbox;
  const before = outbox.length;
  const start = w.clock.now();
  for (const n of boxes) {
    change(w, n, { hold: { name: 'customs', status: 'hold' } });
    web.deliverDue();
    w.clock.advance(PUSH_GAP_MS);
  }
  const inWindow = outbox.length - before;
  // The first push after the 15 minutes.
  w.clock.advance(start + 15 * 60_000 - w.clock.now() + 1_000);
  change(w, boxes[0]!, { eta: '2026-12-03T10:00:00Z' });
  web.deliverDue();
  const mentioned = outbox.slice(before).map((e) => boxes.filter((n) => e.body.includes(n)).length);
  return { boxes: boxes.length, inWindow, emails: outbox.length - before, mentioned };
}

export function pushRetriesReport(): string {
  const d = thirteenDeliveries();
  const e = emailsForPushes();
  return [
    'Push as Google answers it (302: the service retries each delivery up to 12 times; local/gas + emulator)',
    '',
    '| Measure | Result |',
    '| --- | --- |',
    `| Deliveries of one notification | ${d.deliveriesEach} (${d.notifications} notification${d.notifications === 1 ? '' : 's'} of one change) |`,
    `| First delivery (applies it) | ${d.firstRequests} requests, ${d.firstProperties} property calls |`,
    `| ${d.repeats} repeated deliveries | ${d.repeatRequests} requests in all, at most ${d.repeatPropertiesMax} property calls each |`,
    `| Alert emails for ${e.boxes} pushes in ${(e.boxes * PUSH_GAP_MS) / 60_000} min | ${e.inWindow} within the 15 minutes; ${e.emails} in all once the next push after them came (boxes per email: ${e.mentioned.join(', ')}) |`,
  ].join('\n');
}
