// What change detection costs a refresh (the change pipeline: baseline sheet, Change Log, alert
// queue, MailApp), in Apps Script service calls, for the demo account and a 1,000-container
// sheet: a steady refresh with alerts off and nothing changed, with alerts on and nothing
// changed, and with alerts on and a tenth of the boxes changed (a hold placed and the LFD moved).
// With CT_BENCH_BASE_CODE=<a bundle built without the pipeline> the same refreshes are measured
// on that bundle too, as "without".

import { readFileSync } from 'node:fs';
import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { configure, cpu, world, type World } from './scenario-kit';

const HEADERS = [...INPUT_HEADERS, ...OUTPUT_HEADERS];
const HOUR = 3_600_000;

interface Figures {
  calls: Record<string, number>;
  changeLogRows: number;
  emails: number;
  cpuMs: number;
}

function sheetWorld(containers: number | undefined, code?: string): World {
  const probe = world(containers ? { containers } : {});
  const numbers = probe.emulator
    .account()!
    .containers()
    .slice(0, containers ?? Infinity)
    .map((c) => [c.attributes.number]);
  const w = world({
    ...(containers ? { containers } : {}),
    ...(code ? { code } : {}),
    sheets: [{ name: 'Tracking', values: [HEADERS, ...numbers] }],
  });
  configure(w);
  w.gas.run('setupTrackingSheet');
  return w;
}

function changeTenth(w: World): void {
  const boxes = w.emulator.account()!.containers();
  boxes.forEach((c, i) => {
    if (i % 10 !== 0) return;
    c.attributes.holds_at_pod_terminal = [{ name: 'customs', status: 'hold', description: null }];
    c.attributes.import_deadlines = {
      pickup_lfd_terminal: new Date(w.clock.now() + 3 * 86_400_000).toISOString(),
      pickup_lfd_line: null,
      pickup_lfd_rail: null,
    };
  });
}

type Case = 'alerts off, nothing changed' | 'alerts on, nothing changed' | 'alerts on, 10% changed';
const CASES: Case[] = [
  'alerts off, nothing changed',
  'alerts on, nothing changed',
  'alerts on, 10% changed',
];

/** A scheduled refresh after two warm-up runs (baseline taken, caches filled). */
function steadyRefresh(containers: number | undefined, which: Case, code?: string): Figures {
  const w = sheetWorld(containers, code);
  if (which !== 'alerts off, nothing changed')
    w.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }]);
  for (let i = 0; i < 2; i++) {
    w.gas.run('refreshTrackingSheet', [{ scheduled: true }], { kind: 'trigger' });
    w.clock.advance(HOUR);
  }
  if (which === 'alerts on, 10% changed') changeTenth(w);
  const logBefore = w.gas.spreadsheet.sheetByName('Change Log')?.lastRow() ?? 0;
  const mailBefore = w.gas.project.mail.outbox.length;
  w.gas.counters.reset();
  const t = cpu(() =>
    w.gas.run('refreshTrackingSheet', [{ scheduled: true }], { kind: 'trigger' }),
  );
  const logAfter = w.gas.spreadsheet.sheetByName('Change Log')?.lastRow() ?? 0;
  return {
    calls: { ...w.gas.counters.snapshot().totals },
    changeLogRows: Math.max(0, logAfter - Math.max(logBefore, 1)),
    emails: w.gas.project.mail.outbox.length - mailBefore,
    cpuMs: t.ms,
  };
}

const KEYS = ['Properties', 'Cache', 'Lock', 'SpreadsheetRead', 'SpreadsheetWrite', 'Mail'];

function row(label: string, which: string, f: Figures): string {
  const calls = KEYS.map((k) => String(f.calls[k] ?? 0));
  return `| ${label} | ${which} | ${calls.join(' | ')} | ${f.changeLogRows} | ${f.emails} | ${f.cpuMs.toFixed(0)} |`;
}

export function changeDetectionReport(): string {
  const base = process.env.CT_BENCH_BASE_CODE;
  const baseCode = base ? readFileSync(base, 'utf8') : undefined;
  const lines = [
    'Change detection: service calls of one steady scheduled refresh (after two warm-up runs).',
    '',
    `| Sheet | Case | ${KEYS.join(' | ')} | Change Log rows | Emails | CPU ms |`,
    `| --- | --- | ${KEYS.map(() => '---').join(' | ')} | --- | --- | --- |`,
  ];
  for (const [label, containers] of [
    ['demo account', undefined],
    ['1,000 containers', 1_000],
  ] as const) {
    for (const which of CASES) {
      process.stderr.write(`running change detection, ${label}, ${which}…\n`);
      lines.push(row(label, which, steadyRefresh(containers, which)));
      if (baseCode)
        lines.push(row(label, `${which} (without)`, steadyRefresh(containers, which, baseCode)));
    }
  }
  return lines.join('\n');
}
