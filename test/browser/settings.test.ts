// Settings tab in Chromium: opened by showSettings(); the key is write-only (only "ends in 1234"
// comes back, and no server answer or page ever holds a key); test connection with the account's
// size and with a rejected key; URL validation; auto-refresh on and off.

import type { SidebarSession } from './support/sidebar-session';
import { useSidebarSessions } from './support/use-sidebar-sessions';

const sidebar = useSidebarSessions();
let s: SidebarSession;

const keyState = () => s.page.locator('#settings-key-state').textContent();
const testStatus = () => s.page.locator('#settings-test-status');

/** Neither the page nor any answer the server sent it contains the key, once saved. */
async function expectNoKey(key: string): Promise<void> {
  await expect(s.page.getByLabel('API key').inputValue()).resolves.toBe('');
  // The detector does see the answers (getSettings' own field names are in them)…
  expect((await s.keyLeaks('apiKeyLast4')).length).toBeGreaterThan(0);
  // …and the key is in none of them.
  await expect(s.keyLeaks(key)).resolves.toEqual([]);
}

test('opens on Settings from the menu, shows the key only as its last 4, tests the connection', async () => {
  s = await sidebar.open({ path: '/settings' });
  const { page } = s;
  await expect(
    page.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected'),
  ).resolves.toBe('true');
  await page.locator('#settings-key-state', { hasText: 'Set' }).waitFor();
  await expect(keyState()).resolves.toBe('Set, ends in 0000.');
  await expect(page.getByLabel('API key').getAttribute('type')).resolves.toBe('password');
  await expect(page.getByLabel('API base URL').inputValue()).resolves.toBe(
    'http://127.0.0.1:4949/v2',
  );
  await expect(page.getByLabel('App URL').inputValue()).resolves.toBe(s.host.url);

  await page.getByRole('button', { name: 'Test connection' }).click();
  const count = s.h.emulator.account()!.containers().length;
  await testStatus().getByText(`The account tracks ${count} containers.`).waitFor();
  await expect(testStatus().getAttribute('data-container-count')).resolves.toBe(String(count));
  await s.screenshot('settings');
  await expectNoKey(s.h.emulator.demoKey);
});

test('a new key is sent once and never shown again; a rejected key fails the test (401)', async () => {
  s = await sidebar.open({ path: '/settings' });
  const { page } = s;
  const wrongKey = 'wrong-key-7c1e-4d1111';
  await page.locator('#settings-key-state', { hasText: 'Set' }).waitFor();
  await page.getByLabel('API key').fill(wrongKey);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.locator('#settings-status', { hasText: 'Settings saved.' }).waitFor();
  await expect(keyState()).resolves.toBe('Set, ends in 1111.');
  expect(s.callsTo('saveSettings')[0]!.args[0]).toMatchObject({ apiKey: wrongKey });

  await page.getByRole('button', { name: 'Test connection' }).click();
  await testStatus().getByText('The tracking service rejected the API key (401)').waitFor();
  await expect(testStatus().getAttribute('data-kind')).resolves.toBe('error');
  await s.screenshot('settings-401');
  await expectNoKey(wrongKey);
  await expectNoKey(s.h.emulator.demoKey);
});

test('an invalid URL is refused with the server’s reason; nothing is saved', async () => {
  s = await sidebar.open({ path: '/settings' });
  const { page } = s;
  await page.locator('#settings-key-state', { hasText: 'Set' }).waitFor();
  await page.getByLabel('API base URL').fill('http://api.example.com/v2');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.locator('#settings-status', { hasText: 'must use https' }).waitFor();
  expect(s.h.gas.run<{ apiBaseUrl: string }>('getSettings').apiBaseUrl).toBe(
    'http://127.0.0.1:4949/v2',
  );
});

test('the scheduled refresh’s share of the rate limit is shown and saved, within bounds', async () => {
  s = await sidebar.open({ path: '/settings' });
  const { page } = s;
  const share = page.getByLabel('Scheduled refresh: requests a minute');
  await page.locator('#settings-key-state', { hasText: 'Set' }).waitFor();
  await expect(share.inputValue()).resolves.toBe('80');
  await share.fill('200');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.locator('#settings-status[data-kind="error"]').waitFor();
  await share.fill('60');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.locator('#settings-status', { hasText: 'Settings saved.' }).waitFor();
  expect(
    s.h.gas.run<{ refreshRequestsPerMinute: number }>('getSettings').refreshRequestsPerMinute,
  ).toBe(60);
});

test('the autoImport checkbox shows and saves the setting', async () => {
  s = await sidebar.open({ path: '/settings' });
  const { page } = s;
  const box = page.getByLabel('Add new tracked containers to the Tracking sheet');
  await page.locator('#settings-key-state', { hasText: 'Set' }).waitFor();
  await expect(box.isChecked()).resolves.toBe(false);
  await box.check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.locator('#settings-status', { hasText: 'Settings saved.' }).waitFor();
  expect(s.h.gas.run<{ autoImport: boolean }>('getSettings').autoImport).toBe(true);
  await page.reload();
  await page.locator('#settings-key-state', { hasText: 'Set' }).waitFor();
  await expect(box.isChecked()).resolves.toBe(true);
});

test('email alerts: recipients, LFD days and digest hour are saved on their own; a bad address is refused', async () => {
  s = await sidebar.open({ path: '/settings' });
  const { page } = s;
  const status = page.locator('#alerts-status');
  await page.locator('#settings-key-state', { hasText: 'Set' }).waitFor();
  await expect(page.getByLabel('Daily digest at').inputValue()).resolves.toBe('7');
  await page.getByLabel('Send alerts to').fill('Dispatch <ops@example.com>');
  await page.getByRole('button', { name: 'Save alerts' }).click();
  await status.getByText('is not an email address').waitFor();
  await expect(status.getAttribute('data-kind')).resolves.toBe('error');

  await page.getByLabel('Send alerts to').fill('Ops@Example.com; desk@example.com');
  await page.getByLabel('Warn of an LFD within (days)').fill('3');
  await page.getByLabel('Daily digest at').selectOption('6');
  await page.getByRole('button', { name: 'Save alerts' }).click();
  await status
    .getByText('Alerts go to ops@example.com, desk@example.com; the digest at 06:00.')
    .waitFor();
  expect(s.callsTo('saveSettings').at(-1)!.args[0]).not.toHaveProperty('apiKey');
  expect(
    s.h.gas.run<{ alertRecipients: string; alertLfdDays: number; alertDigestHour: number }>(
      'getSettings',
    ),
  ).toMatchObject({
    alertRecipients: 'ops@example.com, desk@example.com',
    alertLfdDays: 3,
    alertDigestHour: 6,
  });
  await s.screenshot('settings-alerts');
});

test('turns auto-refresh on with an interval, and off', async () => {
  s = await sidebar.open({ path: '/settings' });
  const { page } = s;
  const autoStatus = page.locator('#auto-status');
  await autoStatus.getByText('Off.').waitFor();
  const interval = page.getByLabel('Every');
  // The build's shortest interval: 15 minutes for a bound script, an hour for the add-on.
  const shortest = s.h.shortestInterval;
  const every = shortest === 15 ? '15 minutes' : 'hour';
  await expect(interval.isDisabled()).resolves.toBe(true);
  await page.getByLabel('Refresh the Tracking sheet automatically').check();
  await interval.selectOption(String(shortest));
  await page.getByRole('button', { name: 'Save auto-refresh' }).click();
  await autoStatus.getByText(`On: the Tracking sheet refreshes every ${every}.`).waitFor();
  expect(s.h.gas.triggers.triggers).toHaveLength(1);
  expect(s.h.gas.triggers.triggers[0]).toMatchObject({ handlerFunction: 'runScheduledRefresh' });
  await s.screenshot('settings-auto-refresh');

  // Reopened, the sidebar shows the stored state.
  await page.reload();
  await autoStatus.getByText(`every ${every}`).waitFor();
  await expect(
    page.getByLabel('Refresh the Tracking sheet automatically').isChecked(),
  ).resolves.toBe(true);
  await expect(interval.inputValue()).resolves.toBe(String(shortest));

  await page.getByLabel('Refresh the Tracking sheet automatically').uncheck();
  await page.getByRole('button', { name: 'Save auto-refresh' }).click();
  await autoStatus.getByText('Off.').waitFor();
  expect(s.h.gas.triggers.triggers).toHaveLength(0);
});

test('without a key, a notice leads to Settings; saving a key removes it', async () => {
  s = await sidebar.open({ withKey: false });
  const { page } = s;
  const notice = page.locator('#key-notice');
  await notice.waitFor();
  await page.getByRole('button', { name: 'Add it in Settings' }).click();
  await expect(
    page.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected'),
  ).resolves.toBe('true');
  await expect(keyState()).resolves.toBe('Not set yet.');
  await page.getByLabel('API key').fill(s.h.emulator.demoKey);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.locator('#settings-status', { hasText: 'Settings saved.' }).waitFor();
  await expect(notice.isHidden()).resolves.toBe(true);
  await expect(keyState()).resolves.toBe('Set, ends in 0000.');
  await expectNoKey(s.h.emulator.demoKey);
});
