// Push vs hourly polling for a 100-container Tracking sheet, over one simulated day on the
// emulator's clock: how long an LFD change takes to reach the sheet, and what each costs in
// requests. Both run the hourly refresh (an add-on's shortest schedule); push also has the web
// app, which the emulator's deliveries reach a few seconds after each change (DELIVERY_DELAY_MS:
// the real service's delay is not published). The web app answers as Google does (a 302), so the
// service retries every delivery: the retries are in the counts.

import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { serveLocalWebApp, type LocalWebApp } from '../emulator/webhooks/local-web-app';
import type { GasRuntime } from '../gas';
import { configure, world, type World } from './scenario-kit';

const CONTAINERS = 100;
const DAY_MS = 24 * 3_600_000;
const STEP_MS = 60_000;
const REFRESH_EVERY_MS = 3_600_000;
/** LFD changes spread over the day, at uneven minutes so they fall anywhere in an hour. */
const CHANGES = 24;
const DELIVERY_DELAY_MS = 2_000;
const WEB_APP = 'https://script.google.com/macros/s/bench/exec';

interface Outcome {
  latenciesMs: number[];
  requests: number;
  byKind: Record<string, number>;
  /** doPost runs (first deliveries and the service's retries of them). */
  deliveries: number;
}

function lfdColumn(gas: GasRuntime): number {
  const sheet = gas.spreadsheet.sheetByName('Tracking')!;
  for (let c = 1; c <= sheet.lastColumn(); c++) if (sheet.cell(1, c)?.value === 'LFD') return c;
  throw new Error('no LFD column');
}

function lfdOf(w: World, row: number): unknown {
  const sheet = w.gas.spreadsheet.sheetByName('Tracking')!;
  const value = sheet.cell(row, lfdColumn(w.gas))?.value;
  return value instanceof Date ? value.getTime() : value;
}

function kindOf(path: string): string {
  if (path.startsWith('/v2/webhook_notifications/')) return 'notification by id';
  if (path === '/v2/webhook_notifications') return 'catch-up listing';
  if (/^\/v2\/containers\/[^/]+$/.test(path)) return 'container by id';
  if (path === '/v2/containers') return 'container listing';
  // A demo tracking request reaching its outcome: its shipment.
  if (/^\/v2\/shipments\/[^/]+$/.test(path)) return 'shipment by id';
  return 'other';
}

function simulate(push: boolean): Outcome {
  const probe = world({ containers: CONTAINERS });
  const numbers = probe.emulator
    .account()!
    .containers()
    .slice(0, CONTAINERS)
    .map((c) => c.attributes.number);
  const rows = numbers.map((n) => [n, '', 'container', '']);
  const w = world({
    containers: CONTAINERS,
    sheets: [{ name: 'Tracking', values: [[...INPUT_HEADERS, ...OUTPUT_HEADERS], ...rows] }],
  });
  configure(w);
  w.gas.run('setupTrackingSheet');
  w.gas.run('refreshTrackingSheet', [{ scheduled: true }], { kind: 'trigger' });
  let web: LocalWebApp | null = null;
  if (push) {
    w.gas.deployWebApp();
    web = serveLocalWebApp(w.emulator, w.gas, WEB_APP);
    w.gas.run('enablePush', [WEB_APP]);
  }
  w.emulator.requestLog.clear();

  const start = w.clock.now();
  // Change i happens in hour i, at minute 23·i mod 60: the minutes spread over the whole hour.
  const plan = Array.from({ length: CHANGES }, (_, i) => ({
    at: start + i * 3_600_000 + ((23 * i) % 60) * 60_000 + 13_000,
    row: 2 + ((i * 37) % CONTAINERS),
    day: `2026-11-${String(21 + (i % 7)).padStart(2, '0')}`,
  }));
  const waiting: { changedAt: number; row: number; before: unknown }[] = [];
  const latenciesMs: number[] = [];
  let nextRefresh = start + REFRESH_EVERY_MS;
  const check = () => {
    for (let k = waiting.length - 1; k >= 0; k--) {
      const wait = waiting[k]!;
      if (lfdOf(w, wait.row) !== wait.before) {
        latenciesMs.push(w.clock.now() - wait.changedAt);
        waiting.splice(k, 1);
      }
    }
  };
  const advanceTo = (t: number) => {
    if (t > w.clock.now()) w.clock.advance(t - w.clock.now());
  };
  for (let t = start; t < start + DAY_MS; t += STEP_MS) {
    for (const change of plan.filter((c) => c.at >= t && c.at < t + STEP_MS)) {
      advanceTo(change.at);
      const number = numbers[change.row - 2]!;
      const before = lfdOf(w, change.row);
      const stamp = `${change.day}T04:00:00Z`;
      w.emulator.handle({
        method: 'POST',
        url: `${w.emulator.origin}/__emulator/containers/${number}/changes`,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ lfd: { line: stamp, terminal: stamp, rail: stamp } }),
      });
      waiting.push({ changedAt: change.at, row: change.row, before });
      if (push) {
        advanceTo(change.at + DELIVERY_DELAY_MS);
        web?.deliverDue();
        check();
      }
    }
    advanceTo(t + STEP_MS);
    if (w.clock.now() >= nextRefresh) {
      w.gas.run('refreshTrackingSheet', [{ scheduled: true }], { kind: 'trigger' });
      nextRefresh += REFRESH_EVERY_MS;
      check();
    }
    web?.deliverDue(); // retries due, if any
  }
  const byKind: Record<string, number> = {};
  for (const e of w.emulator.requestLog.entries) {
    if (e.path.startsWith('/__')) continue;
    const kind = kindOf(e.path);
    byKind[kind] = (byKind[kind] ?? 0) + 1;
  }
  return {
    latenciesMs,
    requests: w.emulator.requestLog.count((e) => !e.path.startsWith('/__')),
    byKind,
    deliveries: web?.bodies.length ?? 0,
  };
}

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

function row(name: string, o: Outcome, format: (ms: number) => string): string {
  const sorted = [...o.latenciesMs].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length);
  const kinds = Object.entries(o.byKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return `| ${name} | ${sorted.length}/${CHANGES} | ${format(mean)} | ${format(sorted[sorted.length - 1] ?? 0)} | ${o.requests} | ${o.deliveries} | ${kinds} |`;
}

export function pushLatencyReport(): string {
  const polling = simulate(false);
  const pushed = simulate(true);
  return [
    `Push vs hourly polling: ${CONTAINERS}-container Tracking sheet, ${CHANGES} LFD changes in one day (emulator clock; deliveries ${DELIVERY_DELAY_MS / 1000} s after a change)`,
    '',
    // Rows of shipments the service stopped tracking, whose final state the sheet already shows,
    // cost the hourly refresh nothing (docs/using.md, "Cost follows the active work"); the emulator still moves
    // their LFDs, which the real service would not: push shows them, polling does not.
    'Changes on a row whose shipment the service stopped tracking (a returned box, a box picked up four weeks before) are not polled: the refresh reads only the active work; push still delivers them.',
    '',
    '| Mode | Changes shown | Mean time to sheet | Worst | Requests / day | Deliveries (302, retried) | Requests by kind |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    row('hourly refresh', polling, minutes),
    row('push + hourly refresh', pushed, seconds),
  ].join('\n');
}
