// A team on one API key (docs/reference.md#one-key): several spreadsheets, each its own runtime,
// against one emulator and one virtual clock, so their requests meet in the key's one window of
// 100 a minute. Bound scripts are separate projects; add-on spreadsheets share the add-on's one
// project (its user stores are each user's, across spreadsheets). Every API response takes
// virtual time, so executions overlap.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ManualClock } from '../../local/clock';
import { createEmulator, type Emulator } from '../../local/emulator';
import {
  createGasRuntime,
  DELAY_HEADER,
  GoogleAccounts,
  type GasProject,
  type GasRuntime,
} from '../../local/gas';
import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { ADDON_BUILD_PATH, ADDON_NAME, CODE_PATH, ORIGIN } from '../helpers/addon-harness';

export const HEADERS: string[] = [...INPUT_HEADERS, ...OUTPUT_HEADERS];

export interface SpreadsheetSpec {
  id: string;
  /** Who opens it (and owns it, unless `owner` says otherwise). */
  user: string;
  owner?: string;
  /** Its Tracking sheet's rows: the account's containers from index `rows[0]` to `rows[1]`. */
  rows?: [number, number];
}

export interface Team {
  clock: ManualClock;
  emulator: Emulator;
  sheets: GasRuntime[];
  /** Every container number of the account, in the emulator's order. */
  numbers: string[];
}

function manifestScopes(codePath: string): string[] {
  const manifest = path.join(path.dirname(codePath), 'appsscript.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { oauthScopes: string[] }).oauthScopes;
}

/** The account the team's spreadsheets track: `containers` boxes, on the emulator's demo key. */
export function teamAccount(containers: number, latencyMs = 1_000) {
  const clock = new ManualClock('2026-11-20T15:00:00Z');
  const emulator = createEmulator({ origin: ORIGIN, clock, seed: { containers } });
  const numbers = emulator
    .account()!
    .containers()
    .map((c) => c.attributes.number);
  const fetch = (req: Parameters<Emulator['handle']>[0]) => {
    const response = emulator.handle(req);
    return { ...response, headers: { ...response.headers, [DELAY_HEADER]: String(latencyMs) } };
  };
  return { clock, emulator, numbers, fetch };
}

/**
 * The team's spreadsheets, each set up with the key saved and its Tracking sheet holding its
 * numbers. `addOn`: one add-on project for all of them; otherwise one bound project each.
 */
export function team(
  specs: SpreadsheetSpec[],
  options: { addOn: boolean; containers: number; latencyMs?: number },
): Team {
  const { clock, emulator, numbers, fetch } = teamAccount(options.containers, options.latencyMs);
  const codePath = options.addOn ? ADDON_BUILD_PATH : CODE_PATH;
  const accounts = new GoogleAccounts();
  let project: GasProject | undefined;
  const sheets = specs.map((spec) => {
    const rt = createGasRuntime({
      codePath,
      allowlistStandIns: [ORIGIN],
      fetch,
      clock,
      addOnName: ADDON_NAME,
      oauthScopes: manifestScopes(codePath),
      user: { email: spec.user },
      ...(options.addOn ? { addOn: true } : { accounts }),
      ...(options.addOn && project ? { project } : {}),
      spreadsheet: {
        id: spec.id,
        name: `Boxes ${spec.id}`,
        timeZone: 'America/New_York',
        owner: spec.owner ?? spec.user,
        sheets: [
          {
            name: 'Tracking',
            values: [HEADERS, ...numbers.slice(...(spec.rows ?? [0, 0])).map((n) => [n])],
          },
        ],
      },
    });
    if (options.addOn) project ??= rt.project;
    const asUser = { user: spec.user, kind: 'sidebar' as const };
    rt.run(
      'saveSettings',
      [{ apiKey: emulator.demoKey, apiBaseUrl: `${ORIGIN}/v2`, appUrl: ORIGIN }],
      asUser,
    );
    rt.run('setupTrackingSheet', [], asUser);
    return rt;
  });
  emulator.requestLog.clear();
  return { clock, emulator, sheets, numbers };
}

/** A Tracking sheet column, row 2 down. */
export function columnOf(rt: GasRuntime, header: string): unknown[] {
  const sheet = rt.spreadsheet.sheetByName('Tracking')!;
  const c = HEADERS.indexOf(header) + 1;
  return Array.from({ length: sheet.lastRow() - 1 }, (_, i) => sheet.cell(i + 2, c)?.value ?? '');
}

/** A Date of any realm (the script's Dates are not this realm's). */
const isDate = (v: unknown) => Object.prototype.toString.call(v) === '[object Date]';

/**
 * Rows not filled yet: no status, never confirmed (`Updated`), or Attention saying the row could
 * not be updated (a refresh that failed leaves "not updated since …: <why>").
 */
export function rowsNotFilled(rt: GasRuntime): number {
  const status = columnOf(rt, 'Status');
  const updated = columnOf(rt, 'Updated');
  const attention = columnOf(rt, 'Attention');
  return status.filter(
    (s, i) =>
      String(s).trim() === '' || !isDate(updated[i]) || /not updated/i.test(String(attention[i])),
  ).length;
}

/** The service's 429 answers this spreadsheet's executions got. */
export const refusals = (rt: GasRuntime) => rt.urlFetchLog.filter((e) => e.status === 429).length;
