// Set-up for the add-in under concurrent executions: a harness whose every API response takes
// some virtual time (so executions really overlap), the jobs Sheets would start, and the figures
// the tests and the benchmark read.

import { DELAY_HEADER, type ConcurrentJob, type ConcurrentOutcome } from '../../local/gas';
import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { createHarness, type HarnessOptions } from '../helpers/addon-harness';

export type Harness = ReturnType<typeof createHarness>;

/** Every API response arrives `latencyMs` later (the service answers in about a second). */
export function slowHarness(latencyMs: number, options: HarnessOptions = {}): Harness {
  const h = createHarness(options);
  h.interceptors.push((request) => {
    const response = h.emulator.handle(request);
    return { ...response, headers: { ...response.headers, [DELAY_HEADER]: String(latencyMs) } };
  });
  return h;
}

/** A harness with a set-up Tracking sheet holding `rows` (Number, SCAC, …). */
export function sheetHarness(latencyMs: number, rows: unknown[][], options: HarnessOptions = {}) {
  const h = slowHarness(latencyMs, {
    ...options,
    sheets: [{ name: 'Tracking', values: [[...INPUT_HEADERS, ...OUTPUT_HEADERS], ...rows] }],
  });
  h.gas.run('setupTrackingSheet');
  return h;
}

export const cellJobs = (numbers: string[]): ConcurrentJob[] =>
  numbers.map((n) => ({ fn: 'CONTAINER_STATUS', args: [n], kind: 'custom-function' }));

export function trackedNumbers(h: Harness, count: number, from = 0): string[] {
  return h.emulator
    .account()!
    .containers()
    .slice(from, from + count)
    .map((c) => c.attributes.number);
}

/** API requests the emulator saw (not its own control routes). */
export const apiRequests = (h: Harness) =>
  h.emulator.requestLog.count((e) => !e.path.startsWith('/__'));

export const listingRequests = (h: Harness) =>
  h.emulator.requestLog.count((e) => e.method === 'GET' && /\/containers$/.test(e.path));

export const rejected429 = (h: Harness) => h.emulator.requestLog.count((e) => e.status === 429);

export const peak60s = (h: Harness) => h.emulator.requestLog.peakInWindow(60_000);

/** Tracking requests the service holds for each number (a duplicate shows as 2). */
export function trackingRequestsByNumber(h: Harness): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of h.emulator.account()!.trackingRequests()) {
    out.set(r.requestNumber, (out.get(r.requestNumber) ?? 0) + 1);
  }
  return out;
}

export const failed = (outcomes: ConcurrentOutcome[]) =>
  outcomes.flatMap((o, i) => (o.ok ? [] : [{ index: i, message: o.error?.message ?? '' }]));
