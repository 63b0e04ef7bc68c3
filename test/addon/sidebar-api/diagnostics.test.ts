// getDiagnostics() in the local runtime: what the sidebar's Diagnostics tab shows, as a bound
// script and as an add-on, with the spreadsheet's zone equal to the script's (Etc/UTC) or not.

import { runServerFunction } from '../../../local/host/host-server';
import type { DiagnosticsReport } from '../../../src/addon/sidebar-api/diagnostics';
import { checkZones } from '../../../src/core/zone-mismatch';
import { createHarness } from '../../helpers/addon-harness';

function diagnostics(h: ReturnType<typeof createHarness>): DiagnosticsReport {
  const answer = runServerFunction(h.gas, 'getDiagnostics', []);
  // What google.script.run can carry: no Dates anywhere.
  if (!answer.ok) throw new Error(answer.error);
  return answer.result as DiagnosticsReport;
}

function value<T>(s: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!s.ok) throw new Error(`section failed: ${s.error}`);
  return s.value;
}

describe('getDiagnostics', () => {
  it('as a bound script in a New York sheet: zones differ, with what to do, and the refresh state', () => {
    const h = createHarness({ sheetTimeZone: 'America/New_York' });
    const before = diagnostics(h);
    expect(value(before.deployment)).toMatchObject({ mode: 'bound', installationSource: 'NONE' });
    // Only what is true: 15 minutes is the shortest interval offered.
    expect(value(before.deployment).text).toBe(
      'Bound script: auto-refresh can run as often as every 15 minutes.',
    );
    const zones = value(before.zones);
    expect(zones).toMatchObject({
      spreadsheetTimeZone: 'America/New_York',
      scriptTimeZone: 'Etc/UTC',
      differ: true,
      hoursApartNow: -5,
    });
    expect(zones.advice.join('\n')).toMatch(/script's clock is 5 hours ahead of the spreadsheet's/);
    expect(zones.advice.join('\n')).toMatch(/Not affected: LFD\(\)/);
    expect(zones.advice.join('\n')).toMatch(/Tracking sheet’s ETA, ATA and Appointment/);
    // Only a bound script may change its own zone.
    expect(zones.advice.join('\n')).toMatch(/set the script's time zone to America\/New_York/);
    expect(value(before.autoRefresh)).toEqual([
      'Off',
      'Intervals this bound script allows: 15 minutes, 30 minutes, 1 hour, 2 hours, 4 hours, 6 hours, 8 hours, 12 hours, 1 day',
    ]);
    expect(value(before.lastRefresh)).toBeNull(); // and no status sheet was created by asking
    expect(h.gas.spreadsheet.sheetByName('Container Tracking status')).toBeUndefined();
    expect(value(before.api)).toEqual({ host: '127.0.0.1:4949', keySet: true });
    expect(before.limits[0]).toEqual({
      name: 'Tracking service requests',
      left: '95 of 95 free this minute (the service allows 100 a minute; 5 are kept spare)',
    });
    expect(before.limits.slice(1).map((l) => l.left)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^not (reported|observable)/)]),
    );
    // The manifest has the send-mail scope: the email quota is read, as Settings shows it.
    expect(before.limits).toContainEqual({
      name: 'Email recipients today',
      left: expect.stringMatching(/^\d+ left$/),
    });
    expect(JSON.stringify(before.limits)).not.toMatch(/permission/);
    expect(before.generatedAt).toBe(new Date(h.clock.now()).toISOString());

    h.gas.run('setupTrackingSheet');
    expect(value(diagnostics(h).lastRefresh)).toEqual({ at: null, outcome: 'Not refreshed yet' });
    h.gas.run('enableAutoRefresh', [15]);
    const refreshedAt = new Date(h.clock.now()).toISOString();
    h.gas.run('refreshTrackingSheet');
    const after = diagnostics(h);
    expect(value(after.autoRefresh)[0]).toBe('On, every 15 minutes');
    const last = value(after.lastRefresh)!;
    expect(last.at! >= refreshedAt).toBe(true);
    expect(last.outcome).not.toBe('Not refreshed yet');
    expect(JSON.stringify(after)).not.toContain(h.emulator.demoKey);
  });

  it('as an add-on in a UTC sheet: the zones agree and nothing needs doing', () => {
    const h = createHarness({ sheetTimeZone: 'Etc/GMT', addOn: true });
    const report = diagnostics(h);
    expect(value(report.deployment)).toMatchObject({
      mode: 'add-on',
      installationSource: 'WEB_STORE_ADD_ON',
    });
    expect(value(report.deployment).text).toMatch(/at most hourly/);
    expect(value(report.zones)).toMatchObject({ differ: false, hoursApartNow: 0, advice: [] });
  });

  it('as an add-on in a Tokyo sheet: no advice to change the script’s zone (it cannot)', () => {
    const h = createHarness({ sheetTimeZone: 'Asia/Tokyo', addOn: true });
    const zones = value(diagnostics(h).zones);
    expect(zones.differ).toBe(true);
    expect(zones.advice.join('\n')).toMatch(/9 hours behind the spreadsheet's/);
    expect(zones.advice.join('\n')).not.toMatch(/set the script's time zone/);
  });
});

describe('checkZones', () => {
  const november = Date.parse('2026-11-22T12:00:00Z');

  it('finds zones that agree today but not in summer (daylight saving)', () => {
    const z = checkZones('Europe/London', 'Etc/UTC', november, 'add-on');
    expect(z).toMatchObject({ differ: true, hoursApartNow: 0 });
    expect(z.advice[0]).toMatch(/agree today but not all year/);
  });

  it('treats names of the same clock as the same zone', () => {
    for (const name of ['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT']) {
      expect(checkZones(name, 'Etc/UTC', november, 'bound').differ).toBe(false);
    }
  });

  it('says half hours as they are', () => {
    const z = checkZones('Asia/Kolkata', 'Etc/UTC', november, 'add-on');
    expect(z.advice[0]).toMatch(/5\.5 hours behind/);
  });
});
