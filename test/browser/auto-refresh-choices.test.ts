// The sidebar's auto-refresh intervals come from the server: the same list as the menu, only
// intervals the deployment allows (an add-on: hourly or longer), and every one of them works.

import type { SidebarSession } from './support/sidebar-session';
import { useSidebarSessions } from './support/use-sidebar-sessions';

const sidebar = useSidebarSessions();
let s: SidebarSession;

async function shownChoices(): Promise<string[]> {
  await s.page.locator('#auto-status').getByText('Off.').waitFor();
  return s.page
    .locator('#auto-interval option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

test('an add-on offers what its menu offers, and "1 day" works', async () => {
  s = await sidebar.open({ path: '/settings', addOn: true });
  const { page } = s;
  s.h.gas.run('onOpen', [], { kind: 'simple-trigger', authMode: 'LIMITED' });
  const menuItems = JSON.stringify(s.h.gas.ui.menus);
  const values = await shownChoices();
  expect(values).toEqual(['60', '120', '240', '360', '480', '720', '1440']);
  for (const v of values) expect(menuItems).toContain(`"menuAutoRefresh${v}"`);
  expect(menuItems).not.toContain('menuAutoRefresh15');

  await page.getByLabel('Refresh the Tracking sheet automatically').check();
  await page.getByLabel('Every').selectOption('1440');
  await page.getByRole('button', { name: 'Save auto-refresh' }).click();
  await page.locator('#auto-status').getByText('On: the Tracking sheet refreshes every').waitFor();
  expect(s.h.gas.triggers.triggers.map((t) => t.everyMs)).toEqual([24 * 3_600_000]);
});

test('a bound script offers 15 minutes and up', async () => {
  s = await sidebar.open({ path: '/settings' });
  await expect(shownChoices()).resolves.toEqual([
    '15',
    '30',
    '60',
    '120',
    '240',
    '360',
    '480',
    '720',
    '1440',
  ]);
});
