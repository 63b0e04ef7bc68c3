// Diagnostics tab in Chromium: the zones and what to do when they differ, bound script or add-on,
// auto-refresh and the last refresh, limits, the API host; all as text, never the key.

import type { SidebarSession } from './support/sidebar-session';
import { useSidebarSessions } from './support/use-sidebar-sessions';

const sidebar = useSidebarSessions();
let s: SidebarSession;

function detail(label: string) {
  return s.page
    .locator('#diag-report dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

test('a bound script in a New York sheet: zones differ, with what to do; refresh state', async () => {
  s = await sidebar.open({ sheetTimeZone: 'America/New_York', addOn: false });
  s.h.gas.run('setupTrackingSheet');
  s.h.gas.run('enableAutoRefresh', [15]);
  s.h.gas.run('refreshTrackingSheet');
  const { page } = s;
  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  await detail('Spreadsheet time zone').filter({ hasText: 'America/New_York' }).waitFor();
  await expect(detail('Script time zone').textContent()).resolves.toBe('Etc/UTC');
  await expect(detail('Zones').textContent()).resolves.toBe('Differ: see below');
  await expect(detail('Deployment').textContent()).resolves.toMatch(/^Bound script/);
  await expect(detail('Auto-refresh').textContent()).resolves.toMatch(
    /^On, every 15 minutes; Intervals this bound script allows: 15 minutes, .*, 1 day; Runs as you \(user@example\.com\): its trigger time counts against your daily quota$/,
  );
  await expect(detail('Last refresh').textContent()).resolves.toMatch(/\(2026-11-20T15:\d\d/);
  await expect(detail('API host').textContent()).resolves.toBe('127.0.0.1:4949');
  const advice = page.getByRole('note');
  await expect(advice.textContent()).resolves.toMatch(/Time zones differ/);
  await expect(advice.locator('li').count()).resolves.toBe(5);
  await expect(advice.textContent()).resolves.toMatch(/set the script's time zone/);
  await expect(detail('Tracking service requests').textContent()).resolves.toMatch(
    // The add-on build counts with the user's other spreadsheets on the key and says so.
    /^\d+ of 95 free this minute(, counted with your other spreadsheets on this key)? \(the service allows 100 a minute; 5 are kept spare\)$/,
  );
  await s.screenshot('diagnostics');
  expect(s.callsTo('getDiagnostics')).toHaveLength(1);

  await page.getByRole('button', { name: 'Check again' }).click();
  await page.locator('#diag-reload:not([disabled])').waitFor();
  expect(s.callsTo('getDiagnostics')).toHaveLength(2);
});

test('an add-on in a UTC sheet: zones agree, no advice; the status text stays text', async () => {
  s = await sidebar.open({ sheetTimeZone: 'Etc/GMT', addOn: true });
  s.h.gas.run('setupTrackingSheet');
  const model = s.h.gas.spreadsheet;
  const markup = '<img src=x onerror="alert(1)">';
  model.write(model.sheetByName('Container Tracking status')!, 2, 2, markup);
  const { page } = s;
  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  await detail('Zones').filter({ hasText: 'Agree' }).waitFor();
  await expect(detail('Deployment').textContent()).resolves.toMatch(/^Add-on.*at most hourly/);
  await expect(detail('Last refresh').textContent()).resolves.toBe('Never');
  await expect(detail('Last outcome').textContent()).resolves.toBe(markup);
  await expect(page.locator('#diag-report img').count()).resolves.toBe(0);
  await expect(page.getByRole('note').count()).resolves.toBe(0);
  await s.screenshot('diagnostics-add-on');
});
