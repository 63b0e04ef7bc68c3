// Settings → Schedules and the hand-over in Chromium (docs/reference.md#schedules-list,
// docs/reference.md#hand-over): the owner sees the spreadsheet their auto-refresh runs in, as a
// link, and hands the schedule over; the editor it was handed to presses Take over and it is
// theirs. The sidebar runs as the harness's user (user@example.com).

import type { SidebarSession } from './support/sidebar-session';
import { useSidebarSessions } from './support/use-sidebar-sessions';

const sidebar = useSidebarSessions();
let s: SidebarSession;

const ME = 'user@example.com';
const ANA = 'ana@example.com';

test('the owner sees their schedule as a link, and hands it over', async () => {
  s = await sidebar.open({ path: '/settings' });
  const { page } = s;
  // A name is text, never markup.
  s.h.gas.spreadsheet.name = '<img src=x onerror=alert(1)> Boxes';
  await page
    .locator('#schedules-status')
    .getByText('Your auto-refresh runs in no spreadsheet.')
    .waitFor();
  await expect(page.locator('#handover-block').isHidden()).resolves.toBe(true);

  await page.getByLabel('Refresh the Tracking sheet automatically').check();
  await page.getByLabel('Every').selectOption('60');
  await page.getByRole('button', { name: 'Save auto-refresh' }).click();
  await page.locator('#auto-status').getByText('On: the Tracking sheet refreshes every').waitFor();
  const item = page.locator('#schedules-list li');
  await item.getByText('every hour · no run yet').waitFor();
  await expect(item.textContent()).resolves.toMatch(/set, not run yet \(this spreadsheet\)\./);
  const link = item.getByRole('link', { name: '<img src=x onerror=alert(1)> Boxes' });
  await expect(link.getAttribute('href')).resolves.toBe(
    `https://docs.google.com/spreadsheets/d/${s.h.gas.spreadsheet.id}/edit`,
  );
  await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');
  await expect(page.locator('#schedules-list img').count()).resolves.toBe(0);

  await expect(page.locator('#handover-block').isVisible()).resolves.toBe(true);
  await expect(page.getByRole('button', { name: 'Take over' }).isHidden()).resolves.toBe(true);
  await page.getByLabel('Hand over to').fill('not an address');
  await page.getByRole('button', { name: 'Hand over' }).click();
  await page.locator('#handover-status').getByText('is not an email address').waitFor();
  await page.getByLabel('Hand over to').fill('Ana@Example.com');
  await page.getByRole('button', { name: 'Hand over' }).click();
  await page
    .locator('#handover-status')
    .getByText(`Handed over to ${ANA}: it stays yours until they press Take over.`)
    .waitFor();
  await page.locator('#auto-status').getByText(`You handed this schedule over to ${ANA}`).waitFor();
  expect(s.h.gas.triggers.triggers.map((t) => t.owner)).toEqual([ME]);
  await s.screenshot('schedules-owner');
});

test('the editor it was handed to takes it over at once', async () => {
  s = await sidebar.open({ path: '/settings', withKey: true });
  const { page } = s;
  // Ana's schedule, handed over to the person at this sidebar.
  s.h.gas.run('enableAutoRefresh', [30], { kind: 'sidebar', user: ANA });
  s.h.gas.run('handOverSchedule', [{ to: ME }], { kind: 'sidebar', user: ANA });
  await page.getByRole('tab', { name: 'Track' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.locator('#auto-status').getByText('handed this schedule over to you').waitFor();
  await expect(page.locator('#handover-block').isHidden()).resolves.toBe(true);

  await page.getByRole('button', { name: 'Take over' }).click();
  await page.locator('#handover-status').getByText('The schedule is yours now.').waitFor();
  await page.locator('#auto-status').getByText(`You took over auto-refresh from ${ANA}`).waitFor();
  await page.locator('#schedules-list li').getByText('every 30 minutes').waitFor();
  await expect(page.getByRole('button', { name: 'Take over' }).isHidden()).resolves.toBe(true);
  expect(s.h.gas.triggers.triggers.map((t) => t.owner)).toEqual([ANA, ME]);
  await s.screenshot('schedules-taken-over');
});
