// Diagnostics: what the add-in can see about where it runs, so a person can tell why dates or
// refreshes look wrong: the two time zones (and what to do when they differ), bound script or
// add-on, auto-refresh, the last refresh, the limits, the API host. Everything goes in as text.

import { byId, details, el, fill } from './dom';
import { call, type ResultOf } from './server';
import { clearStatus, withBusy } from './status';
import type { TabHandlers } from './tabs';

type Report = ResultOf<'getDiagnostics'>;
type Section<T> = { ok: true; value: T } | { ok: false; error: string };

function shown<T>(s: Section<T>, text: (value: T) => string): string {
  return s.ok ? text(s.value) : `Could not read: ${s.error}`;
}

/** An ISO time on the browser's clock with its zone, the ISO text kept for exactness. */
function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toLocaleString(undefined, { timeZoneName: 'short' })} (${iso})`;
}

function render(report: Report, out: HTMLElement): void {
  const zones = report.zones;
  const rows: [string, string][] = [
    ['Spreadsheet time zone', shown(zones, (z) => z.spreadsheetTimeZone)],
    ['Script time zone', shown(zones, (z) => z.scriptTimeZone)],
    [
      'Zones',
      shown(zones, (z) => (z.differ ? 'Differ: see below' : 'Agree all year: dates are safe')),
    ],
    ['Deployment', shown(report.deployment, (d) => d.text)],
    ['Auto-refresh', shown(report.autoRefresh, (lines) => lines.join('; '))],
    [
      'Last refresh',
      shown(report.lastRefresh, (r) =>
        r === null ? 'Never (no Tracking sheet set up yet)' : r.at ? when(r.at) : 'Never',
      ),
    ],
    ['Last outcome', shown(report.lastRefresh, (r) => r?.outcome ?? '—')],
    ['Push updates', shown(report.push, (lines) => lines.join('; '))],
    [
      'API host',
      shown(report.api, (a) => `${a.host || '(none)'}${a.keySet ? '' : ' — no API key set'}`),
    ],
  ];
  const advice = zones.ok && zones.value.differ ? zones.value.advice : [];
  fill(out, [
    details(rows),
    advice.length > 0
      ? el('div', { className: 'notice', attrs: { id: 'diag-zones-advice', role: 'note' } }, [
          el('strong', { text: 'Time zones differ' }),
          el(
            'ul',
            { className: 'advice' },
            advice.map((line) => el('li', { text: line })),
          ),
        ])
      : null,
    el('h2', { text: 'Permissions' }),
    details(
      report.permissions.ok
        ? report.permissions.value.map((p): [string, string] => [
            p.capability,
            p.granted ? 'Granted' : p.message,
          ])
        : [['Permissions', `Could not read: ${report.permissions.error}`]],
    ),
    el('h2', { text: 'Limits' }),
    details(report.limits.map((l): [string, string] => [l.name, l.left])),
    el('p', { className: 'hint', text: `Read ${when(report.generatedAt)}.` }),
  ]);
}

export function setupDiagnosticsTab(): TabHandlers {
  const out = byId('diag-report', HTMLElement);
  const reload = byId('diag-reload', HTMLButtonElement);
  const status = byId('diag-status', HTMLElement);

  async function load(): Promise<void> {
    await withBusy(reload, status, 'Reading diagnostics…', async () => {
      const report = await call('getDiagnostics');
      clearStatus(status);
      render(report, out);
    });
  }

  reload.addEventListener('click', () => void load());
  return { onShow: () => void load() };
}
