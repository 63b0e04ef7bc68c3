// The built add-in in the local Apps Script runtime, talking to the emulator in-process over one
// virtual clock: what these tests check is what Apps Script would run. `addOn: true` loads the
// add-on build (dist-addon/, its own manifest) into an add-on's project; otherwise the bound
// build (dist/).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ManualClock } from '../../local/clock';
import { createEmulator, type Emulator } from '../../local/emulator';
import { createGasRuntime, type GasRuntime } from '../../local/gas';
import type { HttpRequest, HttpResponse } from '../../local/http';
import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';

// ADDON_CODE_PATH runs the tests against another build (e.g. the bench's baseline, to see a test fail).
export const CODE_PATH =
  process.env.ADDON_CODE_PATH ?? path.resolve(__dirname, '../../dist/Code.js');
/** The add-on build (npm run build:addon); ADDON_BUILD_CODE_PATH runs the add-on tests against another. */
export const ADDON_BUILD_PATH =
  process.env.ADDON_BUILD_CODE_PATH ?? path.resolve(__dirname, '../../dist-addon/Code.js');
export const ORIGIN = 'http://127.0.0.1:4949';
/**
 * The build a harness runs when a test does not say (`addOn`): jest's "add-on build" project sets
 * the global HARNESS_BUILD to run the suites that name no build against the add-on build too
 * (package.json). A global of the test file's own environment, not process.env: jest reuses
 * worker processes across projects.
 */
declare const HARNESS_BUILD: string | undefined;
const DEFAULT_BUILD =
  typeof HARNESS_BUILD !== 'undefined' && HARNESS_BUILD === 'add-on' ? 'add-on' : 'bound';
/** The add-on's name: the title of its menu under Extensions. */
export const ADDON_NAME = 'LFD Watch: Container Tracking';

/** The scopes a build's manifest grants: SpreadsheetApp.openById needs the spreadsheets scope. */
function manifestScopes(codePath: string): string[] {
  const manifest = path.join(path.dirname(codePath), 'appsscript.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { oauthScopes: string[] }).oauthScopes;
}

export interface HarnessOptions {
  containers?: number;
  /** Share of the drawn shipments still tracked (the emulator's history-heavy preset below 1). */
  activeShare?: number;
  sheetTimeZone?: string;
  rateLimit?: { limit: number; windowMs: number };
  withKey?: boolean;
  quotas?: { urlFetchPerDay?: number; propertiesPerDay?: number };
  /** Sheets the spreadsheet starts with (values as a person typed them). */
  sheets?: { name: string; values?: unknown[][] }[];
  addOn?: boolean;
  /**
   * Another spreadsheet of the same script project (an add-on used in two spreadsheets): shares
   * that harness's clock, emulator, triggers and user stores.
   */
  sameProjectAs?: {
    clock: ManualClock;
    emulator: Emulator;
    gas: GasRuntime;
    interceptors: Interceptor[];
  };
  spreadsheetId?: string;
}

/** Lets a test answer some requests itself (e.g. fail only page 3); undefined passes through. */
export type Interceptor = (request: HttpRequest) => HttpResponse | undefined;

export function createHarness(options: HarnessOptions = {}) {
  const shared = options.sameProjectAs;
  const clock = shared?.clock ?? new ManualClock('2026-11-20T15:00:00Z');
  const emulator =
    shared?.emulator ??
    createEmulator({
      origin: ORIGIN,
      clock,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.containers
        ? { seed: { containers: options.containers, activeShare: options.activeShare } }
        : {}),
    });
  const interceptors: Interceptor[] = shared?.interceptors ?? [];
  const addOn = options.addOn ?? DEFAULT_BUILD === 'add-on';
  const codePath = addOn ? ADDON_BUILD_PATH : CODE_PATH;
  const gas: GasRuntime = createGasRuntime({
    codePath,
    // The emulator stands in for the API host; every other URL must be in the manifest's list.
    allowlistStandIns: [ORIGIN],
    fetch: (req) =>
      interceptors.reduce<HttpResponse | undefined>((r, f) => r ?? f(req), undefined) ??
      emulator.handle(req),
    clock,
    addOnName: ADDON_NAME,
    oauthScopes: manifestScopes(codePath),
    ...(shared ? { project: shared.gas.project } : {}),
    spreadsheet: {
      ...(options.spreadsheetId ? { id: options.spreadsheetId } : {}),
      timeZone: options.sheetTimeZone ?? 'America/New_York',
      ...(options.sheets ? { sheets: options.sheets } : {}),
    },
    ...(addOn ? { addOn: true } : {}),
    ...(options.quotas ? { quotas: options.quotas } : {}),
  });
  if (options.withKey !== false) {
    gas.run('saveSettings', [
      { apiKey: emulator.demoKey, apiBaseUrl: `${ORIGIN}/v2`, appUrl: ORIGIN },
    ]);
  }
  const requests = () => gas.urlFetchLog.length;
  /** The cache and lock every execution of this spreadsheet shares: the build decides. */
  const sharedCache = addOn ? gas.caches.document : gas.caches.script;
  const lockScope: 'script' | 'document' = addOn ? 'document' : 'script';
  /** The shortest auto-refresh interval the build offers (minutes). */
  const shortestInterval = addOn ? 60 : 15;
  /** One custom-function execution, as a cell recalculating. */
  const cell = <T = unknown>(fn: string, ...args: unknown[]): T =>
    gas.run<T>(fn, args, { kind: 'custom-function' });
  return {
    clock,
    emulator,
    gas,
    cell,
    requests,
    interceptors,
    addOn,
    sharedCache,
    lockScope,
    shortestInterval,
  };
}

/** The Tracking sheet as a grid of cell values (what getValues would return). */
export function sheetValues(h: ReturnType<typeof createHarness>, name = 'Tracking'): unknown[][] {
  const sheet = h.gas.spreadsheet.sheetByName(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const rows = sheet.lastRow();
  const cols = sheet.lastColumn();
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => sheet.cell(r + 1, c + 1)?.value ?? ''),
  );
}

/**
 * The Change Log's change rows (below the header): without the `first_seen` row each box gets
 * at its first look, which says when the add-in's knowledge starts and is no change.
 */
export function changeLogRows(h: ReturnType<typeof createHarness>): unknown[][] {
  if (!h.gas.spreadsheet.sheetByName('Change Log')) return [];
  return sheetValues(h, 'Change Log')
    .slice(1)
    .filter((r) => r[2] !== 'first_seen');
}

/** The header row of a sheet as it stands (what getRange(1, 1, 1, lastColumn) would return). */
export function headerRow(h: ReturnType<typeof createHarness>, name = 'Tracking'): unknown[] {
  const sheet = h.gas.spreadsheet.sheetByName(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  return Array.from({ length: sheet.lastColumn() }, (_, i) => sheet.cell(1, i + 1)?.value);
}

/** Column values by header name, from row 2 down. */
export function column(
  h: ReturnType<typeof createHarness>,
  header: string,
  name = 'Tracking',
): unknown[] {
  const grid = sheetValues(h, name);
  const index = (grid[0] ?? []).findIndex((x) => String(x).toLowerCase() === header.toLowerCase());
  if (index < 0) throw new Error(`no column ${header}`);
  return grid.slice(1).map((r) => r[index]);
}

/** Types a value into a cell as a person would (Sheets parses it). */
export function type(
  h: ReturnType<typeof createHarness>,
  row: number,
  col: number,
  value: unknown,
  name = 'Tracking',
): void {
  const sheet = h.gas.spreadsheet.sheetByName(name)!;
  h.gas.spreadsheet.write(sheet, row, col, value);
}

/** A Tracking sheet holding these rows (headers in input + output order), set up by the add-in. */
export function withRows(
  rows: unknown[][],
  options: HarnessOptions = {},
): ReturnType<typeof createHarness> {
  const headers: string[] = [...INPUT_HEADERS, ...OUTPUT_HEADERS];
  const h = createHarness({
    ...options,
    sheets: [{ name: 'Tracking', values: [headers, ...rows] }],
  });
  h.gas.run('setupTrackingSheet');
  return h;
}

/** Rewrites the JSON body of the service's 200 answers to GET requests whose path matches. */
export function rewriteAnswers(
  h: ReturnType<typeof createHarness>,
  path: RegExp,
  change: (doc: Record<string, unknown>) => Record<string, unknown>,
): Interceptor {
  const interceptor: Interceptor = (req) => {
    if (req.method !== 'GET' || !path.test(new URL(req.url).pathname)) return undefined;
    const res = h.emulator.handle(req);
    if (res.status !== 200) return res;
    return {
      ...res,
      body: JSON.stringify(change(JSON.parse(String(res.body)) as Record<string, unknown>)),
    };
  };
  h.interceptors.push(interceptor);
  return interceptor;
}

/** The add-on's state sheet (src/gas/state-sheet.ts). */
export const STATE_SHEET = 'Container Tracking state';

/**
 * The spreadsheet's bookkeeping (lease, ledger, sizes, alert queue: docs/reference.md#one-state)
 * wherever the build keeps it: a bound script's document properties, the add-on's state sheet.
 */
export function stateStore(h: ReturnType<typeof createHarness>) {
  const model = h.gas.spreadsheet;
  const rows = () => {
    const sheet = model.sheetByName(STATE_SHEET);
    if (!sheet) return [] as { row: number; key: string; value: string }[];
    return Array.from({ length: Math.max(0, sheet.lastRow() - 1) }, (_, i) => ({
      row: i + 2,
      key: String(sheet.cell(i + 2, 1)?.value ?? ''),
      value: String(sheet.cell(i + 2, 2)?.value ?? ''),
    })).filter((r) => r.key !== '');
  };
  return {
    get(key: string): string | undefined {
      if (!h.addOn) return h.gas.properties.document.map.get(key);
      return rows().find((r) => r.key === key)?.value;
    },
    has(key: string): boolean {
      return this.get(key) !== undefined;
    },
    write(entries: [string, string][]): void {
      if (!h.addOn) {
        h.gas.properties.document.write(entries);
        return;
      }
      const sheet =
        model.sheetByName(STATE_SHEET) ?? model.addSheet(STATE_SHEET, model.sheets.length);
      if (!sheet.cell(1, 1)?.value) {
        model.write(sheet, 1, 1, 'Key');
        model.write(sheet, 1, 2, 'Value');
      }
      for (const [key, value] of entries) {
        const found = rows().find((r) => r.key === key);
        const row = found?.row ?? Math.max(1, sheet.lastRow()) + 1;
        if (row > sheet.maxRows) sheet.maxRows = row;
        model.write(sheet, row, 1, `'${key}`);
        model.write(sheet, row, 2, `'${value}`);
      }
    },
  };
}
