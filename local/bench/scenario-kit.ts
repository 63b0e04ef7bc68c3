// Shared set-up for benchmark scenarios: an emulator and the local Apps Script runtime on one
// virtual clock, and the numbers the README table reports.

import path from 'node:path';
import { ManualClock } from '../clock';
import { createEmulator, type Emulator } from '../emulator';
import { createGasRuntime, type GasRuntime } from '../gas';

export const ORIGIN = 'http://127.0.0.1:4949';
export const CODE_PATH = path.resolve(process.cwd(), 'dist/Code.js');

export interface World {
  clock: ManualClock;
  emulator: Emulator;
  gas: GasRuntime;
}

export function world(
  options: {
    containers?: number;
    code?: string;
    sheets?: { name: string; values?: unknown[][] }[];
  } = {},
): World {
  const clock = new ManualClock('2026-11-20T15:00:00Z');
  const emulator = createEmulator({
    origin: ORIGIN,
    clock,
    ...(options.containers ? { seed: { containers: options.containers } } : {}),
  });
  const gas = createGasRuntime({
    ...(options.code ? { code: options.code } : { codePath: CODE_PATH }),
    // The emulator stands in for the API host; every other URL must be in the manifest's list.
    allowlistStandIns: [ORIGIN],
    fetch: (req) => emulator.handle(req),
    clock,
    spreadsheet: {
      timeZone: 'America/New_York',
      ...(options.sheets ? { sheets: options.sheets } : {}),
    },
  });
  return { clock, emulator, gas };
}

export function configure(w: World): void {
  w.gas.run('saveSettings', [
    { apiKey: w.emulator.demoKey, apiBaseUrl: `${ORIGIN}/v2`, appUrl: ORIGIN },
  ]);
  w.gas.counters.reset();
  w.emulator.requestLog.clear();
}

export interface Measure {
  requests: number;
  peak60s: number;
  rejected429: number;
  /** Apps Script service calls by service (Properties, Cache, Lock, UrlFetch, sheet reads/writes…). */
  calls: Record<string, number>;
  cpuMs: number;
  extra?: Record<string, string | number>;
}

export function measure(w: World, cpuMs: number, extra?: Measure['extra']): Measure {
  const snapshot = w.gas.counters.snapshot();
  return {
    requests: w.emulator.requestLog.count((e) => !e.path.startsWith('/__')),
    peak60s: w.emulator.requestLog.peakInWindow(60_000),
    rejected429: w.emulator.requestLog.count((e) => e.status === 429),
    calls: { ...snapshot.totals },
    cpuMs,
    ...(extra ? { extra } : {}),
  };
}

export function cpu<T>(fn: () => T): { value: T; ms: number } {
  const start = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** Runs a scenario `times` times on fresh worlds; counts from the last run, CPU as the median. */
export function repeat(times: number, run: () => Measure): Measure {
  const results = Array.from({ length: times }, run);
  const last = results[results.length - 1]!;
  return { ...last, cpuMs: median(results.map((r) => r.cpuMs)) };
}
