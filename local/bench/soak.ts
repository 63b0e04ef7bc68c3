// A year of daily use in the local runtime: each day new container numbers are typed into the
// Tracking sheet, scheduled refreshes track and follow them, and now and then the user deletes
// old rows. Reports what the add-in keeps (document properties, its tracking-request ledger)
// over time; the soak test runs a smaller year and asserts the bounds.

import { ManualClock } from '../clock';
import { createEmulator } from '../emulator';
import { containerNumber } from '../emulator/core/iso6346';
import { createGasRuntime } from '../gas';
import { CODE_PATH, ORIGIN } from './scenario-kit';

const DAY_MS = 24 * 3_600_000;

export interface SoakOptions {
  days: number;
  /** New numbers typed each day. */
  perDay: number;
  /** Scheduled refreshes a day (spread evenly). */
  refreshesPerDay: number;
  /** Each week the user deletes the rows older than this many days. */
  keepDays: number;
  /** Containers the account starts with (a large account with few rows is served by look-ups). */
  seedContainers?: number;
}

export interface SoakSample {
  day: number;
  rows: number;
  /** UTF-8 bytes of keys and values in document properties (Apps Script allows 500 KB). */
  documentBytes: number;
  ledgerEntries: number;
  /** Requests the day's refreshes spent. */
  requests: number;
}

export interface SoakResult {
  samples: SoakSample[];
  numbersTyped: number;
  /** Tracking requests sent, and the most any one number got. */
  trackingRequests: number;
  maxRequestsPerNumber: number;
  /** Refreshes that did not report success, with their messages (first few). */
  failedRefreshes: string[];
  refreshes: number;
  /** Rows whose Tracking column did not say `tracked` (or, for the unknown BOLs, `failed:
   * not_found`) by the end of the day after they were typed. */
  lateRows: number;
}

export function runSoak(options: SoakOptions): SoakResult {
  const clock = new ManualClock('2026-01-05T06:00:00Z');
  const emulator = createEmulator({
    origin: ORIGIN,
    clock,
    ...(options.seedContainers ? { seed: { containers: options.seedContainers } } : {}),
  });
  const perNumber = new Map<string, number>();
  const gas = createGasRuntime({
    codePath: CODE_PATH,
    clock,
    allowlistStandIns: [ORIGIN],
    spreadsheet: { timeZone: 'America/New_York', sheets: [{ name: 'Tracking' }] },
    fetch: (req) => {
      if (req.method === 'POST' && req.url.endsWith('/tracking_requests')) {
        const body = JSON.parse(String(req.body ?? '{}')) as {
          data?: { attributes?: { request_number?: string } };
        };
        const n = String(body.data?.attributes?.request_number ?? '');
        perNumber.set(n, (perNumber.get(n) ?? 0) + 1);
      }
      return emulator.handle(req);
    },
  });
  gas.run('saveSettings', [
    { apiKey: emulator.demoKey, apiBaseUrl: `${ORIGIN}/v2`, appUrl: ORIGIN },
  ]);
  gas.run('setupTrackingSheet');
  const sheet = gas.spreadsheet.sheetByName('Tracking')!;
  // Columns by header, as the add-in finds them (set-up decides their order).
  const columnOf = (header: string) => {
    for (let c = 1; c <= sheet.lastColumn(); c++) if (sheet.cell(1, c)?.value === header) return c;
    throw new Error(`no ${header} column`);
  };
  const NUMBER_COLUMN = columnOf('Number');
  const SCAC_COLUMN = columnOf('SCAC');
  const TRACKING_COLUMN = columnOf('Tracking');
  const store = gas.properties.document;

  const typedOn: number[] = []; // day each row (from row 2) was typed
  const failing: boolean[] = []; // whether each row's number is one the carrier does not know
  let serial = 100_000;
  const result: SoakResult = {
    samples: [],
    numbersTyped: 0,
    trackingRequests: 0,
    maxRequestsPerNumber: 0,
    failedRefreshes: [],
    refreshes: 0,
    lateRows: 0,
  };
  for (let day = 0; day < options.days; day++) {
    const dayStart = clock.now();
    if (day % 7 === 6) {
      // The user clears out rows older than keepDays (they sit at the top).
      const old = typedOn.filter((d) => day - d > options.keepDays).length;
      if (old > 0) {
        sheet.deleteRows(2, old);
        typedOn.splice(0, old);
        failing.splice(0, old);
      }
    }
    // Like a person, add rows at the end of the grid when it is full.
    const needed = typedOn.length + 1 + options.perDay;
    if (needed > sheet.maxRows) sheet.insertRows(sheet.maxRows, needed - sheet.maxRows);
    for (let k = 0; k < options.perDay; k++) {
      // Every tenth number is a BOL the carrier does not know: its request fails, and its ledger
      // entry stays (showing why) until the row has been deleted for a while.
      let number: string | null = null;
      if (result.numbersTyped % 10 === 9) number = `SOAKNOTFOUND${serial++}`;
      while (!number) number = containerNumber('SOKU', serial++);
      failing.push(number.includes('NOTFOUND'));
      const row = typedOn.length + 2;
      gas.spreadsheet.write(sheet, row, NUMBER_COLUMN, number);
      gas.spreadsheet.write(sheet, row, SCAC_COLUMN, 'MAEU');
      typedOn.push(day);
      result.numbersTyped++;
    }
    const before = emulator.requestLog.entries.length;
    for (let r = 0; r < options.refreshesPerDay; r++) {
      clock.set(dayStart + ((r + 1) * DAY_MS) / (options.refreshesPerDay + 1));
      const report = gas.run<{ ok: boolean; message: string }>(
        'refreshTrackingSheet',
        [{ scheduled: true }],
        { kind: 'trigger' },
      );
      result.refreshes++;
      if (!report.ok && result.failedRefreshes.length < 5)
        result.failedRefreshes.push(`day ${day}: ${report.message}`);
    }
    // Rows typed yesterday are tracked by the end of today.
    const tracking = trackingColumn();
    typedOn.forEach((d, i) => {
      const expected = failing[i] ? 'failed: not_found' : 'tracked';
      if (d === day - 1 && tracking[i] !== expected) result.lateRows++;
    });
    const props = [...store.map.keys()];
    result.samples.push({
      day,
      rows: typedOn.length,
      documentBytes: store.size(),
      ledgerEntries: props.filter((k) => k.startsWith('CT_TR:')).length,
      requests: emulator.requestLog.entries.length - before,
    });
    clock.set(dayStart + DAY_MS);
  }
  result.trackingRequests = [...perNumber.values()].reduce((a, b) => a + b, 0);
  result.maxRequestsPerNumber = Math.max(0, ...perNumber.values());
  return result;

  function trackingColumn(): unknown[] {
    return typedOn.map((_, i) => sheet.cell(i + 2, TRACKING_COLUMN)?.value ?? '');
  }
}

/** The benchmark's tables: six weeks past the point where the old ledger filled the store, and a
 * year (at a lower rate, so the emulated listing of a growing account stays quick to run). */
export function soakReport(): string {
  const runs: SoakOptions[] = [
    { days: 90, perDay: 80, refreshesPerDay: 2, keepDays: 30 },
    { days: 365, perDay: 10, refreshesPerDay: 1, keepDays: 30 },
  ];
  return runs.map(soakTable).join('\n\n');
}

function soakTable(options: SoakOptions): string {
  process.stderr.write(`running soak, ${options.days} days at ${options.perDay} a day…\n`);
  const r = runSoak(options);
  const lines = [
    `Soak: ${options.days} days, ${options.perDay} new numbers a day (one in ten a BOL the carrier does not know), ${options.refreshesPerDay} scheduled refresh(es) a day, rows older than ${options.keepDays} days deleted weekly.`,
    '',
    '| Day | Rows | Document properties (bytes; limit 512,000) | Ledger entries | Requests that day |',
    '| --- | --- | --- | --- | --- |',
  ];
  const every = Math.max(1, Math.round(options.days / 12));
  for (const s of r.samples.filter((s) => s.day % every === 0 || s.day === options.days - 1))
    lines.push(
      `| ${s.day + 1} | ${s.rows} | ${s.documentBytes} | ${s.ledgerEntries} | ${s.requests} |`,
    );
  const peak = Math.max(...r.samples.map((s) => s.documentBytes));
  lines.push(
    '',
    `Numbers typed ${r.numbersTyped}; tracking requests ${r.trackingRequests} (at most ${r.maxRequestsPerNumber} per number); refreshes ${r.refreshes}, failed ${r.failedRefreshes.length}; rows without their final state a day after typing ${r.lateRows}; peak document properties ${peak} bytes.`,
  );
  return lines.join('\n');
}
