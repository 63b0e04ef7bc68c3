// npm run bench: what the add-in costs in requests, Apps Script service calls and CPU, beside a
// naive one-request-per-cell strategy. Prints every table and writes them into docs/benchmark.md
// between its markers (`--no-write` only prints).

import { readFileSync, writeFileSync } from 'node:fs';
import { changeDetectionReport } from './change-detection';
import { moneyReport } from './money';
import { concurrencyTable } from './concurrency';
import * as s from './scenarios';
import { historyReport } from './history-account';
import { largeAccountsReport } from './large-accounts';
import { pushLatencyReport } from './push-latency';
import { pushRetriesReport } from './push-retries';
import { soakReport } from './soak';
import { strangersReport } from './strangers';
import { teamReport } from './team';
import { plainEdits, typedLfd } from './typing';
import { uploadMemory } from './upload-memory';

function callsText(calls: Record<string, number>): string {
  const parts = Object.entries(calls)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`);
  return parts.length ? parts.join(', ') : '–';
}

function cell(m: s.Row['ours'] | undefined): string[] {
  if (!m) return ['', '', '', '', ''];
  const extra = m.extra
    ? Object.entries(m.extra)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')
    : '';
  return [
    String(m.requests),
    String(m.peak60s),
    String(m.rejected429),
    callsText(m.calls) + (extra ? `; ${extra}` : ''),
    m.cpuMs.toFixed(1),
  ];
}

// `--only=team` prints that one report and writes nothing (a quick look while working on it).
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
if (only) {
  const reports: Record<string, () => string> = { team: teamReport };
  const report = reports[only];
  if (!report) throw new Error(`--only takes one of: ${Object.keys(reports).join(', ')}`);
  console.log(report());
  process.exit(0);
}

const rows: s.Row[] = [];
for (const scenario of [
  s.rangeCold,
  s.rangeWarm,
  s.singleCells,
  s.fewInLarge,
  s.bundleLoad,
  s.sheetRefresh,
  s.bulkTracking,
  s.largeSheet,
  s.largeSheetSlow,
  plainEdits,
  typedLfd,
  uploadMemory,
]) {
  process.stderr.write(`running ${scenario.name}…\n`);
  rows.push(scenario());
}

const lines = [
  '| Scenario | Target | Strategy | Requests | Max in 60 s | 429s | Service calls | CPU ms (median) |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const r of rows) {
  lines.push(`| ${r.scenario} | ${r.target} | add-in | ${cell(r.ours).join(' | ')} |`);
  if (r.naive) lines.push(`| | | naive | ${cell(r.naive).join(' | ')} |`);
}
/** The reports printed after the table, in order (one per line: merges stay easy). */
const REPORTS = [
  concurrencyTable,
  historyReport,
  soakReport,
  largeAccountsReport,
  changeDetectionReport,
  pushLatencyReport,
  pushRetriesReport,
  strangersReport,
  moneyReport,
  teamReport,
];
const sections = [
  lines.join('\n'),
  'The rows above are one execution or one refresh at a time.',
  ...REPORTS.map((report) => report()),
];
const figures = sections.join('\n\n');
console.log(figures);

if (!process.argv.includes('--no-write')) {
  const file = 'docs/benchmark.md';
  const doc = readFileSync(file, 'utf8');
  const markers = /<!-- BENCH:START -->[\s\S]*<!-- BENCH:END -->/;
  if (!markers.test(doc)) throw new Error(`${file} has lost its BENCH:START/END markers`);
  writeFileSync(
    file,
    doc.replace(markers, () => `<!-- BENCH:START -->\n${figures}\n<!-- BENCH:END -->`),
  );
  process.stderr.write(`wrote the figures into ${file}\n`);
}
