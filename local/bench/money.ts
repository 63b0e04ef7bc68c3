// What money at risk costs a refresh of a 2,000-row sheet: requests, sheet reads and writes and
// the other Apps Script service calls of one steady scheduled refresh (after two warm-up runs,
// which create the Pull List), with the set-up's example Free Time terms, without a Free Time
// sheet, and (with CT_BENCH_BASE_CODE=<a bundle built before money at risk>) without the feature.
// The budget (issue 21): no request, at most one more sheet read (the rules) and one more write
// per block.

import { readFileSync } from 'node:fs';
import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { configure, cpu, world } from './scenario-kit';

const HEADERS = [...INPUT_HEADERS, ...OUTPUT_HEADERS];
const HOUR = 3_600_000;
const ROWS = 2_000;

type Case =
  | 'example Free Time terms'
  | 'example terms, the next day (amounts move)'
  | 'no Free Time sheet'
  | 'before money at risk';

interface Figures {
  requests: number;
  calls: Record<string, number>;
  writes: Record<string, number>;
  priced: number;
  pullList: number;
  cpuMs: number;
}

function steadyRefresh(which: Case, code?: string): Figures {
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
  if (which === 'no Free Time sheet') {
    const sheets = w.gas.spreadsheet.sheets;
    sheets.splice(
      sheets.findIndex((s) => s.name === 'Free Time'),
      1,
    );
  }
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
  ];
  if (base) cases.push(['before money at risk', readFileSync(base, 'utf8')]);
  for (const [which, code] of cases) {
    process.stderr.write(`running money at risk, ${which}…\n`);
    lines.push(row(which, steadyRefresh(which, code)));
  }
  return lines.join('\n');
}
