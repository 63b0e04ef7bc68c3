// Issue 27, strangers at the web app: what a POST without the current token costs (property
// calls: Google counts them against a daily quota the refresh needs), and what a leaked token
// lets a flood of forged notification ids spend (look-ups a rolling minute, property writes,
// email, and whether "Refresh now" still gets its share of the rate window).

import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { serveLocalWebApp } from '../emulator/webhooks/local-web-app';
import type { ExecutionRecord } from '../gas';
import { configure, world } from './scenario-kit';

const WEB_APP = 'https://script.google.com/macros/s/bench/exec';
const WRONG_POSTS = 1_000;
const FORGED = 2_000;
const FORGED_PER_MINUTE = 200;

function pushWorld() {
  const probe = world();
  const numbers = probe.emulator
    .account()!
    .containers()
    .slice(0, 20)
    .map((c) => c.attributes.number);
  const rows = numbers.map((n) => [n, '', 'container', '']);
  const w = world({
    sheets: [{ name: 'Tracking', values: [[...INPUT_HEADERS, ...OUTPUT_HEADERS], ...rows] }],
  });
  configure(w);
  w.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }]);
  w.gas.run('setupTrackingSheet');
  w.gas.run('refreshTrackingSheet');
  w.gas.deployWebApp();
  serveLocalWebApp(w.emulator, w.gas, WEB_APP);
  w.gas.run('enablePush', [WEB_APP]);
  return w;
}

const propertyCalls = (r: ExecutionRecord): number =>
  Object.entries(r.calls.calls.Properties ?? {})
    .filter(([name]) => name.startsWith('Properties.'))
    .reduce((n, [, count]) => n + count, 0);

const forgedBody = (i: number) =>
  JSON.stringify({ data: { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` } });

function wrongTokens() {
  const w = pushWorld();
  const from = w.gas.executions.length;
  for (let i = 0; i < WRONG_POSTS; i++)
    w.gas.postToWebApp({ queryString: `token=stranger-${i}`, body: forgedBody(i) });
  const runs = w.gas.executions.slice(from);
  const props = runs.reduce((n, r) => n + propertyCalls(r), 0);
  const requests = runs.reduce((n, r) => n + r.calls.urlFetchRequests, 0);
  // The cache dropped what doPost compares (evicted): the first POST after pays once.
  w.gas.caches.script.evict((key) => key === 'ct:push-token');
  const after = w.gas.executions.length;
  for (let i = 0; i < 100; i++) w.gas.postToWebApp({ queryString: `token=x${i}`, body: '{}' });
  const missProps = w.gas.executions.slice(after).reduce((n, r) => n + propertyCalls(r), 0);
  return { perPost: props / WRONG_POSTS, requests, missProps };
}

function forgedFlood() {
  const w = pushWorld();
  const token = w.gas.properties.document.map.get('CT_PUSH_TOKEN')!;
  const from = w.gas.urlFetchLog.length;
  const runsFrom = w.gas.executions.length;
  const mails = w.gas.project.mail.outbox.length;
  let refresh = { requests: 0, waitedMs: 0 };
  for (let i = 0; i < FORGED; i++) {
    w.clock.advance(60_000 / FORGED_PER_MINUTE);
    w.gas.postToWebApp({ queryString: `token=${token}`, body: forgedBody(i) });
    if (i === FORGED / 2) {
      const before = w.gas.urlFetchLog.length;
      const started = w.clock.now();
      w.gas.run('refreshTrackingSheet');
      refresh = { requests: w.gas.urlFetchLog.length - before, waitedMs: w.clock.now() - started };
    }
  }
  const times = w.gas.urlFetchLog
    .slice(from)
    .filter((e) => e.kind === 'web-app' && e.url.includes('/webhook_notifications/'))
    .map((e) => e.time);
  const peak = Math.max(
    0,
    ...times.map((t) => times.filter((u) => u > t - 60_000 && u <= t).length),
  );
  const runs = w.gas.executions.slice(runsFrom).filter((e) => e.functionName === 'doPost');
  const writes = runs.reduce(
    (n, r) => n + (r.calls.calls.Properties?.['Properties.setProperties'] ?? 0),
    0,
  );
  const reads = runs.reduce((n, r) => n + propertyCalls(r), 0);
  return {
    lookups: times.length,
    peak,
    writes,
    reads,
    emails: w.gas.project.mail.outbox.length - mails,
    refresh,
  };
}

export function strangersReport(): string {
  process.stderr.write('running strangers at the web app…\n');
  const s = wrongTokens();
  const f = forgedFlood();
  return [
    'Strangers at the web app (issue 27; local/gas + emulator, push on, the web app deployed)',
    '',
    '| Measure | Target | Result |',
    '| --- | --- | --- |',
    `| Property calls per POST without the current token (${WRONG_POSTS.toLocaleString('en-US')} POSTs) | < 0.01 | ${s.perPost.toFixed(3)} (requests: ${s.requests}) |`,
    `| Property calls for 100 such POSTs after the cache dropped the token's digest | ≤ 2 | ${s.missProps} |`,
    `| Web-app notification look-ups in any rolling minute, ${FORGED.toLocaleString('en-US')} forged ids with the right token at ${FORGED_PER_MINUTE} a minute | ≤ 10 | ${f.peak} (${f.lookups} in all) |`,
    `| Property writes / reads by those ${FORGED.toLocaleString('en-US')} doPost runs; emails | 0 writes, 0 emails | ${f.writes} / ${f.reads}; ${f.emails} |`,
    `| Refresh now in the middle of the flood | its requests, no wait | ${f.refresh.requests} requests, waited ${(f.refresh.waitedMs / 1000).toFixed(1)} s |`,
  ].join('\n');
}
