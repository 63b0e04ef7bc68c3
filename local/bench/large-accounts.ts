// Large accounts converge: a range formula over every container of a 10,000 and a 50,000-container
// account, recalculated once a minute until every cell has its value, and the Tracking sheet with
// every container as a row, refreshed until a run completes. Reported beside the physical
// minimum: ⌈N/100⌉ listing pages.

import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { configure, cpu, world } from './scenario-kit';

const HEADERS = [...INPUT_HEADERS, ...OUTPUT_HEADERS];

interface Figures {
  containers: number;
  minimum: number;
  runs: number;
  requests: number;
  peak60s: number;
  done: boolean;
  cpuMs: number;
}

function rangeConverges(containers: number): Figures {
  const w = world({ containers });
  configure(w);
  const range = w.emulator
    .account()!
    .containers()
    .map((c) => [c.attributes.number]);
  let runs = 0;
  let pending = range.length;
  const t = cpu(() => {
    while (pending > 0 && runs < 30) {
      const out = w.gas.run<unknown[][]>('CONTAINER_STATUS', [range], { kind: 'custom-function' });
      runs++;
      pending = out.flat().filter((v) => typeof v === 'string' && v.startsWith('#')).length;
      w.clock.advance(60_000);
    }
  });
  return figures(w, range.length, runs, pending === 0, t.ms);
}

function sheetConverges(containers: number): Figures {
  const probe = world({ containers });
  const numbers = probe.emulator
    .account()!
    .containers()
    .map((c) => [c.attributes.number]);
  const w = world({ containers, sheets: [{ name: 'Tracking', values: [HEADERS, ...numbers] }] });
  configure(w);
  let runs = 0;
  let complete = false;
  const t = cpu(() => {
    while (!complete && runs < 20) {
      const report = w.gas.run<{ complete: boolean; ok: boolean }>(
        'refreshTrackingSheet',
        [{ scheduled: true }],
        { kind: 'trigger' },
      );
      runs++;
      complete = report.complete && report.ok;
      w.clock.advance(60 * 60_000);
    }
  });
  return figures(w, numbers.length, runs, complete, t.ms);
}

function figures(
  w: ReturnType<typeof world>,
  containers: number,
  runs: number,
  done: boolean,
  cpuMs: number,
): Figures {
  return {
    containers,
    minimum: Math.ceil(containers / 100),
    runs,
    requests: w.emulator.requestLog.count((e) => !e.path.startsWith('/__')),
    peak60s: w.emulator.requestLog.peakInWindow(60_000),
    done,
    cpuMs,
  };
}

export function largeAccountsReport(sizes: number[] = [10_000, 50_000]): string {
  const lines = [
    'Large accounts: a range over every container, recalculated once a minute until complete; the Tracking sheet with every container as a row, refreshed hourly until a run completes.',
    '',
    '| Scenario | Containers | Runs to complete | Requests | Minimum ⌈N/100⌉ | Max in 60 s | Complete | CPU ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const n of sizes) {
    for (const [name, run] of [
      ['range formula', rangeConverges],
      ['Tracking sheet', sheetConverges],
    ] as const) {
      process.stderr.write(`running ${name}, ${n} containers…\n`);
      const f = run(n);
      lines.push(
        `| ${name} | ${f.containers} | ${f.runs} | ${f.requests} | ${f.minimum} | ${f.peak60s} | ${f.done ? 'yes' : 'no'} | ${f.cpuMs.toFixed(0)} |`,
      );
    }
  }
  return lines.join('\n');
}
