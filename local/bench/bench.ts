// npm run bench: what the add-in costs in requests, Apps Script service calls and CPU, beside a
// naive one-request-per-cell strategy. `--readme` also writes the table into README.md.

import { readFileSync, writeFileSync } from 'node:fs';
import { changeDetectionReport } from './change-detection';
import { concurrencyTable } from './concurrency';
import * as s from './scenarios';
import { historyReport } from './history-account';
import { largeAccountsReport } from './large-accounts';
import { pushLatencyReport } from './push-latency';
import { soakReport } from './soak';
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
const table = lines.join('\n');
console.log(table);
console.log(`\n${concurrencyTable()}`);
for (const report of [
  historyReport,
  soakReport,
  largeAccountsReport,
  changeDetectionReport,
  pushLatencyReport,
])
  console.log(`\n${report()}`);

if (process.argv.includes('--readme')) {
  const readme = readFileSync('README.md', 'utf8');
  const next = readme.replace(
    /<!-- BENCH:START -->[\s\S]*<!-- BENCH:END -->/,
    `<!-- BENCH:START -->\n${table}\n<!-- BENCH:END -->`,
  );
  writeFileSync('README.md', next);
}
