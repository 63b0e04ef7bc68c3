// What money at risk costs a refresh of a 2,000-row sheet: requests, sheet reads and writes and
// the other Apps Script service calls of one steady scheduled refresh (after two warm-up runs,
// which create the Pull List), with the set-up's example Free Time terms, without a Free Time
// sheet, and (with CT_BENCH_BASE_CODE=<a bundle built before money at risk>) without the feature.
// The budget (issue 21): no request, at most one more sheet read (the rules) and one more write
// per block. Terms as contracts write them (issue 28): rows with Equipment, Contract and
// `Counting: working` cost no request and one more read (Closed Days) than the example terms.
// Then the evidence for a dispute of one priced box in that sheet: at most one request and a
// bounded number of sheet calls, whatever the sheet's size.

import { readFileSync } from 'node:fs';
import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { configure, cpu, world, type World } from './scenario-kit';

const HEADERS = [...INPUT_HEADERS, ...OUTPUT_HEADERS];
const HOUR = 3_600_000;
const ROWS = 2_000;

type Case =
  | 'example Free Time terms'
  | 'example terms, the next day (amounts move)'
  | 'no Free Time sheet'
  | 'contract terms: Equipment, Contract, working days over Closed Days'
  | 'before money at risk';

/** Rules a contract writes: per equipment and contract, detention in working days. */
const CONTRACT_TERMS = [
  ['demurrage', '', '', '', 'calendar', '200x4, 300', 'USD', 'reefer', '', 'reefers'],
  ['demurrage', '', '', '', 'calendar', '150x4, 250x5, 400', 'USD', '', 'ACME-2026', 'contract'],
  ['demurrage', '', '', '', 'calendar', '150x4, 250x5, 400', 'USD', '', '', 'ours'],
  ['detention', '', '', 5, 'working', '120x5, 200', 'USD', 'reefer 40', '', 'reefers'],
  ['detention', '', '', 4, 'working', '100x5, 175', 'USD', '', '', 'ours'],
];
const CLOSED = [
  ['2026-11-26', '', 'Thanksgiving'],
  ['2026-11-27', '', 'Day after Thanksgiving'],
  ['2026-12-25', '', 'Christmas'],
];

function writeContractTerms(w: ReturnType<typeof world>): void {
  const model = w.gas.spreadsheet;
  const freeTime = model.sheetByName('Free Time')!;
  CONTRACT_TERMS.forEach((cells, r) =>
    cells.forEach((v, c) => model.write(freeTime, r + 2, c + 1, v)),
  );
  const closed = model.sheetByName('Closed Days')!;
  CLOSED.forEach((cells, r) => cells.forEach((v, c) => model.write(closed, r + 3, c + 1, v)));
  // Every tenth row under a contract.
  const tracking = model.sheetByName('Tracking')!;
  const contract = HEADERS.indexOf('Contract') + 1;
  for (let r = 2; r <= ROWS + 1; r += 10) model.write(tracking, r, contract, 'ACME-2026');
}

interface Figures {
  requests: number;
  calls: Record<string, number>;
  writes: Record<string, number>;
  priced: number;
  pullList: number;
  cpuMs: number;
}

/** A configured world whose set-up Tracking sheet lists the account's first ROWS containers. */
function trackingWorld(code?: string): World {
  const probe = world({ containers: ROWS });
  const numbers = probe.emulator
    .account()!
    .containers()
    .slice(0, ROWS)
    .map((c) => [c.attributes.number]);
  const w = world({
    containers: ROWS,
    ...(code ? { code } : {}),
    sheets: [{ name: 'Tracking', values: [HEADERS, ...numbers] }],
  });
  configure(w);
  w.gas.run('setupTrackingSheet');
  return w;
}

function steadyRefresh(which: Case, code?: string): Figures {
  const w = trackingWorld(code);
  if (which === 'no Free Time sheet') {
    const sheets = w.gas.spreadsheet.sheets;
    sheets.splice(
      sheets.findIndex((s) => s.name === 'Free Time'),
      1,
    );
  }
  if (which.startsWith('contract terms')) writeContractTerms(w);
  for (let i = 0; i < 2; i++) {
    w.gas.run('refreshTrackingSheet', [{ scheduled: true }], { kind: 'trigger' });
    w.clock.advance(HOUR);
  }
  // A new facility day: demurrage and detention move on, so their cells' formats are set again.
  if (which === 'example terms, the next day (amounts move)') w.clock.advance(22 * HOUR);
  w.gas.counters.reset();
  w.emulator.requestLog.clear();
  const t = cpu(() =>
    w.gas.run('refreshTrackingSheet', [{ scheduled: true }], { kind: 'trigger' }),
  );
  const snapshot = w.gas.counters.snapshot();
  const tracking = w.gas.spreadsheet.sheetByName('Tracking')!;
  const demurrage = HEADERS.indexOf('Demurrage') + 1;
  const cost = HEADERS.indexOf('Cost Tomorrow') + 1;
  let priced = 0;
  for (let r = 2; r <= ROWS + 1; r++)
    if (typeof tracking.cell(r, demurrage)?.value === 'number' || tracking.cell(r, cost)?.value)
      priced++;
  return {
    requests: w.emulator.requestLog.count((e) => !e.path.startsWith('/__')),
    calls: { ...snapshot.totals },
    writes: { ...(snapshot.calls.SpreadsheetWrite ?? {}) },
    priced,
    pullList: Math.max(0, (w.gas.spreadsheet.sheetByName('Pull List')?.lastRow() ?? 1) - 1),
    cpuMs: t.ms,
  };
}

const KEYS = ['SpreadsheetRead', 'SpreadsheetWrite', 'Spreadsheet', 'Properties', 'Cache', 'Lock'];

function row(which: Case, f: Figures): string {
  const calls = KEYS.map((k) => String(f.calls[k] ?? 0));
  const writes = Object.entries(f.writes)
    .map(([m, n]) => `${m} ${n}`)
    .join(', ');
  return `| ${which} | ${f.requests} | ${calls.join(' | ')} | ${f.priced} | ${f.pullList} | ${f.cpuMs.toFixed(0)} | ${writes} |`;
}

export function moneyReport(): string {
  const base = process.env.CT_BENCH_BASE_CODE;
  const lines = [
    `Money at risk: one steady scheduled refresh of a ${ROWS.toLocaleString('en-US')}-row Tracking sheet (after two warm-up runs).`,
    '',
    `| Case | Requests | ${KEYS.join(' | ')} | Rows with money | Pull List rows | CPU ms | Writes |`,
    `| --- | --- | ${KEYS.map(() => '---').join(' | ')} | --- | --- | --- | --- |`,
  ];
  const cases: [Case, string | undefined][] = [
    ['example Free Time terms', undefined],
    ['example terms, the next day (amounts move)', undefined],
    ['no Free Time sheet', undefined],
    ['contract terms: Equipment, Contract, working days over Closed Days', undefined],
  ];
  if (base) cases.push(['before money at risk', readFileSync(base, 'utf8')]);
  for (const [which, code] of cases) {
    process.stderr.write(`running money at risk, ${which}…\n`);
    lines.push(row(which, steadyRefresh(which, code)));
  }
  process.stderr.write('running the evidence for a dispute…\n');
  lines.push('', evidenceReport());
  return lines.join('\n');
}

/**
 * buildEvidence for one priced box of the 2,000-row sheet with the contract terms, after a week of
 * daily refreshes (the Change Log holds their rows): requests, sheet calls, cells written, CPU.
 */
function evidenceReport(): string {
  const w = trackingWorld();
  writeContractTerms(w);
  for (let i = 0; i < 7; i++) {
    w.gas.run('refreshTrackingSheet', [{ scheduled: true }], { kind: 'trigger' });
    w.clock.advance(24 * HOUR);
  }
  const tracking = w.gas.spreadsheet.sheetByName('Tracking')!;
  const demurrage = HEADERS.indexOf('Demurrage') + 1;
  let number = '';
  for (let r = 2; r <= ROWS + 1 && !number; r++)
    if (typeof tracking.cell(r, demurrage)?.value === 'number')
      number = String(tracking.cell(r, 1)?.value);
  const log = Math.max(0, (w.gas.spreadsheet.sheetByName('Change Log')?.lastRow() ?? 1) - 1);
  w.gas.counters.reset();
  w.emulator.requestLog.clear();
  const t = cpu(() => w.gas.run('buildEvidence', [{ number }]));
  const snapshot = w.gas.counters.snapshot();
  const sheet = w.gas.spreadsheet.sheetByName(`Evidence ${number}`)!;
  const writes = Object.entries(snapshot.calls.SpreadsheetWrite ?? {})
    .map(([m, n]) => `${m} ${n}`)
    .join(', ');
  const totals: Record<string, number> = { ...snapshot.totals };
  const calls = KEYS.map((k) => String(totals[k] ?? 0));
  return [
    `The evidence for a dispute: buildEvidence for one priced box of that sheet (contract terms), after 7 daily refreshes (${log.toLocaleString('en-US')} Change Log rows).`,
    '',
    `| Requests | ${KEYS.join(' | ')} | Cells written | CPU ms | Writes |`,
    `| --- | ${KEYS.map(() => '---').join(' | ')} | --- | --- | --- |`,
    `| ${w.emulator.requestLog.count((e) => !e.path.startsWith('/__'))} | ${calls.join(' | ')} | ${sheet.lastRow() * sheet.lastColumn()} | ${t.ms.toFixed(0)} | ${writes} |`,
  ].join('\n');
}
