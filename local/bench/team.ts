// A team on one key (npm run bench, docs/reference.md#one-key): 1, 2 and 3 spreadsheets of 2,000
// rows each on one API key, their schedules due at the same moment, every API response taking
// virtual time, interleaved by local/gas's several-runtimes scheduler (runConcurrentlyAcross).
// Bound scripts are separate projects (different users: they share no store); the add-on's are
// one user's spreadsheets in its one project. Each row: requests, 429s (all, and the most one
// spreadsheet got), the most requests in any 60 s, and the minutes from the moment the schedules
// were due until every row of every spreadsheet was filled, beside the add-in before this work.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ManualClock } from '../clock';
import { createEmulator } from '../emulator';
import {
  createGasRuntime,
  DELAY_HEADER,
  dueTriggerJobsAcross,
  runConcurrentlyAcross,
  type GasProject,
  type GasRuntime,
} from '../gas';
import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { BEFORE_TEAM_REV, builtAt } from './baseline';
import { CODE_PATH, ORIGIN } from './scenario-kit';

const ROWS = 2_000;
/** One account for every row count: each spreadsheet lists the same 6,000 containers. */
const ACCOUNT = 3 * ROWS;
const LATENCY_MS = 1_500;
const ROUNDS = 4;
const HEADERS: string[] = [...INPUT_HEADERS, ...OUTPUT_HEADERS];
const ADDON_CODE_PATH = path.resolve(process.cwd(), 'dist-addon/Code.js');

interface TeamFigures {
  requests: number;
  rejected: number;
  mostRejectedBySheet: number;
  peak60s: number;
  /** Minutes from the schedules' due time until every row was filled; null: not within ROUNDS runs. */
  minutes: number | null;
  wallMs: number;
}

const isDate = (v: unknown) => Object.prototype.toString.call(v) === '[object Date]';

/** Rows without a status, never confirmed, or saying they could not be updated. */
function unfilled(rt: GasRuntime): number {
  const sheet = rt.spreadsheet.sheetByName('Tracking')!;
  const col = (h: string) => HEADERS.indexOf(h) + 1;
  let n = 0;
  for (let r = 2; r <= sheet.lastRow(); r++) {
    const status = String(sheet.cell(r, col('Status'))?.value ?? '').trim();
    const attention = String(sheet.cell(r, col('Attention'))?.value ?? '');
    if (
      status === '' ||
      !isDate(sheet.cell(r, col('Updated'))?.value) ||
      /not updated/i.test(attention)
    )
      n += 1;
  }
  return n;
}

function teamRun(codePath: string, addOn: boolean, sheets: number): TeamFigures {
  const started = Date.now();
  const clock = new ManualClock('2026-11-20T15:00:00Z');
  const emulator = createEmulator({ origin: ORIGIN, clock, seed: { containers: ACCOUNT } });
  const numbers = emulator
    .account()!
    .containers()
    .map((c) => c.attributes.number);
  const scopes = (
    JSON.parse(readFileSync(path.join(path.dirname(codePath), 'appsscript.json'), 'utf8')) as {
      oauthScopes: string[];
    }
  ).oauthScopes;
  const interval = addOn ? 60 : 15;
  let project: GasProject | undefined;
  const runtimes = Array.from({ length: sheets }, (_, i) => {
    const user = addOn ? 'ana@forwarder.example' : `user${i + 1}@forwarder.example`;
    const rt = createGasRuntime({
      codePath,
      allowlistStandIns: [ORIGIN],
      oauthScopes: scopes,
      fetch: (req) => {
        const r = emulator.handle(req);
        return { ...r, headers: { ...r.headers, [DELAY_HEADER]: String(LATENCY_MS) } };
      },
      clock,
      user: { email: user },
      ...(addOn ? { addOn: true, ...(project ? { project } : {}) } : {}),
      spreadsheet: {
        id: `sheet-${i + 1}`,
        timeZone: 'America/New_York',
        sheets: [
          {
            name: 'Tracking',
            values: [HEADERS, ...numbers.slice(i * ROWS, (i + 1) * ROWS).map((n) => [n])],
          },
        ],
      },
    });
    project ??= rt.project;
    rt.run('saveSettings', [
      { apiKey: emulator.demoKey, apiBaseUrl: `${ORIGIN}/v2`, appUrl: ORIGIN },
    ]);
    rt.run('setupTrackingSheet');
    rt.run('enableAutoRefresh', [interval]);
    return rt;
  });
  emulator.requestLog.clear();
  clock.advance(interval * 60_000);
  const due = clock.now();
  let minutes: number | null = null;
  for (let round = 0; round < ROUNDS && minutes === null; round++) {
    runConcurrentlyAcross(dueTriggerJobsAcross(runtimes), { seed: 7 + round });
    if (runtimes.every((rt) => unfilled(rt) === 0)) minutes = (clock.now() - due) / 60_000;
    else clock.advance(due + (round + 1) * interval * 60_000 - clock.now());
  }
  return {
    requests: emulator.requestLog.count(() => true),
    rejected: emulator.requestLog.count((e) => e.status === 429),
    mostRejectedBySheet: Math.max(
      ...runtimes.map((rt) => rt.urlFetchLog.filter((e) => e.status === 429).length),
    ),
    peak60s: emulator.requestLog.peakInWindow(60_000, (e) => e.status !== 429),
    minutes,
    wallMs: Date.now() - started,
  };
}

export function teamReport(): string {
  const builds: [string, boolean, string | null][] = [
    ['bound scripts (one user each)', false, CODE_PATH],
    [`bound scripts, before (${BEFORE_TEAM_REV})`, false, builtAt(BEFORE_TEAM_REV)],
    ['add-on (one user’s spreadsheets)', true, ADDON_CODE_PATH],
    [`add-on, before (${BEFORE_TEAM_REV})`, true, builtAt(BEFORE_TEAM_REV, { addOn: true })],
  ];
  const lines = [
    `A team on one key: 1, 2 and 3 spreadsheets of ${ROWS.toLocaleString('en-US')} rows each on one API key (an account of ${ACCOUNT.toLocaleString('en-US')} containers), their schedules (bound: every 15 minutes; add-on: hourly) due at the same moment, ${LATENCY_MS} ms per API response. "Filled": every row of every spreadsheet has its status and no row says it could not be updated.`,
    '',
    '| Spreadsheets | Build | Requests | 429s (most in one spreadsheet) | Max in 60 s (answered) | Minutes until every row is filled | Wall ms |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const sheets of [1, 2, 3]) {
    for (const [name, addOn, codePath] of builds) {
      if (!codePath) continue;
      process.stderr.write(`running team on one key: ${sheets} × ${name}…\n`);
      const f = teamRun(codePath, addOn, sheets);
      const filled = f.minutes === null ? `not within ${ROUNDS} runs` : f.minutes.toFixed(1);
      lines.push(
        `| ${sheets} | ${name} | ${f.requests} | ${f.rejected} (${f.mostRejectedBySheet}) | ${f.peak60s} | ${filled} | ${f.wallMs} |`,
      );
    }
  }
  return lines.join('\n');
}
