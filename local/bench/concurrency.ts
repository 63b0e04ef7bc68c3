// Concurrency figures (npm run bench, after the main table): the add-in when Sheets runs its
// executions at once, on the local runtime's concurrent scheduler (local/gas/concurrent): 200
// single-cell formulas recalculating together, a refresh overlapping cells and the sidebar, and
// two refreshes started together. Each row is over several seeds (schedules); every API response
// takes virtual time, so executions really overlap.

import { ManualClock } from '../clock';
import { createEmulator, type Emulator } from '../emulator';
import { createGasRuntime, DELAY_HEADER, type ConcurrentJob, type GasRuntime } from '../gas';
import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { CODE_PATH, ORIGIN } from './scenario-kit';

const SEEDS = [1, 2, 3, 4, 5];
const ACCOUNT = 1_000;
/** Virtual time each API response takes (the service answers in about a second). */
const LATENCY_MS = 1_500;

interface SlowWorld {
  clock: ManualClock;
  emulator: Emulator;
  gas: GasRuntime;
}

function slowWorld(rows?: unknown[][], latencyMs = LATENCY_MS): SlowWorld {
  const clock = new ManualClock('2026-11-20T15:00:00Z');
  const emulator = createEmulator({ origin: ORIGIN, clock, seed: { containers: ACCOUNT } });
  const gas = createGasRuntime({
    codePath: CODE_PATH,
    fetch: (req) => {
      const response = emulator.handle(req);
      return { ...response, headers: { ...response.headers, [DELAY_HEADER]: String(latencyMs) } };
    },
    clock,
    allowlistStandIns: [ORIGIN],
    spreadsheet: {
      timeZone: 'America/New_York',
      ...(rows
        ? {
            sheets: [
              { name: 'Tracking', values: [[...INPUT_HEADERS, ...OUTPUT_HEADERS], ...rows] },
            ],
          }
        : {}),
    },
  });
  gas.run('saveSettings', [
    { apiKey: emulator.demoKey, apiBaseUrl: `${ORIGIN}/v2`, appUrl: ORIGIN },
  ]);
  if (rows) gas.run('setupTrackingSheet');
  emulator.requestLog.clear();
  return { clock, emulator, gas };
}

const accountNumbers = (count: number, from: number): string[] =>
  createEmulator({ origin: ORIGIN, seed: { containers: ACCOUNT } })
    .account()!
    .containers()
    .slice(from, from + count)
    .map((c) => c.attributes.number);

const cells = (numbers: string[]): ConcurrentJob[] =>
  numbers.map((n) => ({ fn: 'CONTAINER_STATUS', args: [n], kind: 'custom-function' }));

interface Figures {
  requests: number;
  peak60s: number;
  rejected429: number;
  /** Failed executions after the concurrent pass (cells, sidebar calls). */
  errors: number;
  /** Cells still failing when recalculated once, one after another. */
  afterRetry: number;
  duplicates: number;
  skipped: number;
  virtualS: number;
  wallMs: number;
}

function figures(w: SlowWorld, run: () => Partial<Figures>): Figures {
  const start = Date.now();
  const t0 = w.clock.now();
  const partial = run();
  const perNumber = new Map<string, number>();
  for (const r of w.emulator.account()!.trackingRequests()) {
    perNumber.set(r.requestNumber, (perNumber.get(r.requestNumber) ?? 0) + 1);
  }
  return {
    requests: w.emulator.requestLog.count((e) => !e.path.startsWith('/__')),
    peak60s: w.emulator.requestLog.peakInWindow(60_000),
    rejected429: w.emulator.requestLog.count((e) => e.status === 429),
    errors: 0,
    afterRetry: 0,
    skipped: 0,
    duplicates: [...perNumber.values()].filter((n) => n > 1).length,
    virtualS: (w.clock.now() - t0) / 1000,
    wallMs: Date.now() - start,
    ...partial,
  };
}

/** Cells that failed, recalculated once each, in turn; how many still fail. */
function retry(gas: GasRuntime, numbers: string[], failedIndexes: number[]): number {
  return failedIndexes.filter((i) => {
    try {
      gas.run('CONTAINER_STATUS', [numbers[i]], { kind: 'custom-function' });
      return false;
    } catch {
      return true;
    }
  }).length;
}

function twoHundredCells(seed: number, latencyMs = LATENCY_MS): Figures {
  const numbers = accountNumbers(200, 300);
  const w = slowWorld(undefined, latencyMs);
  return figures(w, () => {
    const out = w.gas.runConcurrently(cells(numbers), { seed });
    const failed = out.flatMap((o, i) => (o.ok ? [] : [i]));
    return { errors: failed.length, afterRetry: retry(w.gas, numbers, failed) };
  });
}

function refreshWithCellsAndSidebar(seed: number): Figures {
  const onSheet = accountNumbers(40, 0);
  // 27 cells, the refresh and 2 sidebar calls: the 30 executions a user may run at once.
  const inCells = accountNumbers(27, 500);
  const bols = Array.from({ length: 120 }, (_, i) => `MEDUBSHT${String(i).padStart(3, '0')}`);
  const w = slowWorld([...onSheet.map((n) => [n]), ...bols.map((b) => [b, 'MSCU'])]);
  w.gas.select('Tracking', 'A3');
  return figures(w, () => {
    const out = w.gas.runConcurrently(
      [
        { fn: 'refreshTrackingSheet', kind: 'sidebar' },
        ...cells(inCells),
        {
          fn: 'createTrackingRequest',
          args: [{ requestType: 'bill_of_lading', requestNumber: 'MEDUBSIDE01', scac: 'MSCU' }],
          kind: 'sidebar',
        },
        { fn: 'getSelectedRow', kind: 'sidebar' },
      ],
      { seed },
    );
    const failedCells = out.slice(1, 1 + inCells.length).flatMap((o, i) => (o.ok ? [] : [i]));
    return {
      errors: out.filter((o) => !o.ok).length,
      afterRetry: retry(w.gas, inCells, failedCells),
    };
  });
}

function twoRefreshes(seed: number): Figures {
  const bols = Array.from({ length: 30 }, (_, i) => `MEDUBTWO${String(i).padStart(3, '0')}`);
  const w = slowWorld([...accountNumbers(20, 0).map((n) => [n]), ...bols.map((b) => [b, 'MSCU'])]);
  return figures(w, () => {
    const out = w.gas.runConcurrently(
      [
        { fn: 'refreshTrackingSheet', kind: 'sidebar' },
        { fn: 'refreshTrackingSheet', args: [{ scheduled: true }], kind: 'trigger' },
      ],
      { seed },
    );
    const skipped = out.filter((o) =>
      /skipped/.test(String((o.value as { message?: string } | undefined)?.message)),
    ).length;
    return { errors: out.filter((o) => !o.ok).length, skipped };
  });
}

const range = (values: number[]): string => {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? String(lo) : `${lo}–${hi}`;
};

export function concurrencyTable(): string {
  const scenarios: [string, (seed: number) => Figures][] = [
    [
      '200 single-cell formulas at once (30 run, 170 refused: 30 executions per user; 1,000 containers = 10 pages), 3 s per API response',
      (s) => twoHundredCells(s, 3_000),
    ],
    [
      'same, 10 s per API response (longer than a cell waits for another’s load)',
      (s) => twoHundredCells(s, 10_000),
    ],
    [
      'refresh (40 containers + 120 new BOLs) + 27 cells + 2 sidebar calls (30 executions, the per-user limit)',
      refreshWithCellsAndSidebar,
    ],
    ['two refreshes together (20 containers + 30 new BOLs)', twoRefreshes],
  ];
  const lines = [
    `Concurrent executions (${SEEDS.length} seeds, ${LATENCY_MS} ms per API response unless said, ≤ 30 live at once per user, the rest refused; ranges are min–max over the seeds)`,
    '',
    '| Scenario | Requests | Max in 60 s | 429s | Failed executions | Cells failing after one retry | Duplicate tracking requests | Refreshes skipped | Virtual s | Wall ms (median) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const [name, scenario] of scenarios) {
    process.stderr.write(`running concurrency: ${name}…\n`);
    const runs = SEEDS.map(scenario);
    const col = (k: keyof Figures) => range(runs.map((r) => r[k]));
    const wall = runs.map((r) => r.wallMs).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    lines.push(
      `| ${name} | ${col('requests')} | ${col('peak60s')} | ${col('rejected429')} | ${col('errors')} | ${col('afterRetry')} | ${col('duplicates')} | ${col('skipped')} | ${col('virtualS')} | ${wall} |`,
    );
  }
  return lines.join('\n');
}
