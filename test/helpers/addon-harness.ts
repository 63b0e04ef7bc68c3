// The built add-in (dist/Code.js) in the local Apps Script runtime, talking to the emulator
// in-process over one virtual clock: what these tests check is what Apps Script would run.

import path from 'node:path';
import { ManualClock } from '../../local/clock';
import { createEmulator } from '../../local/emulator';
import { createGasRuntime, type GasRuntime } from '../../local/gas';

export const CODE_PATH = path.resolve(__dirname, '../../dist/Code.js');
export const ORIGIN = 'http://127.0.0.1:4949';

export interface HarnessOptions {
  containers?: number;
  sheetTimeZone?: string;
  rateLimit?: { limit: number; windowMs: number };
  withKey?: boolean;
  quotas?: { urlFetchPerDay?: number; propertiesPerDay?: number };
}

export function createHarness(options: HarnessOptions = {}) {
  const clock = new ManualClock('2026-11-20T15:00:00Z');
  const emulator = createEmulator({
    origin: ORIGIN,
    clock,
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.containers ? { seed: { containers: options.containers } } : {}),
  });
  const gas: GasRuntime = createGasRuntime({
    codePath: CODE_PATH,
    fetch: (req) => emulator.handle(req),
    clock,
    spreadsheet: { timeZone: options.sheetTimeZone ?? 'America/New_York' },
    ...(options.quotas ? { quotas: options.quotas } : {}),
  });
  if (options.withKey !== false) {
    gas.run('saveSettings', [
      { apiKey: emulator.demoKey, apiBaseUrl: `${ORIGIN}/v2`, appUrl: ORIGIN },
    ]);
  }
  const requests = () => gas.urlFetchLog.length;
  /** One custom-function execution, as a cell recalculating. */
  const cell = <T = unknown>(fn: string, ...args: unknown[]): T =>
    gas.run<T>(fn, args, { kind: 'custom-function' });
  return { clock, emulator, gas, cell, requests };
}
