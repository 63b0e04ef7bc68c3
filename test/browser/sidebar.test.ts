// The sidebar as a whole in Chromium: tablist semantics and keyboard use, labels and live
// regions, and that every failing server call ends up as a visible message.

import type { SidebarSession } from './support/sidebar-session';
import { useSidebarSessions } from './support/use-sidebar-sessions';

const sidebar = useSidebarSessions();
let s: SidebarSession;

const selectedTab = () =>
  s.page.evaluate('document.querySelector("[role=tab][aria-selected=true]").textContent.trim()');
const focusedId = () => s.page.evaluate('document.activeElement.id');

test('tabs: one tab stop, arrows/Home/End move and activate, panels labelled and hidden', async () => {
  s = await sidebar.open();
  const { page } = s;
  await expect(page.getByRole('tablist').getAttribute('aria-label')).resolves.toBe(
    'LFD Watch: Container Tracking',
  );
  await expect(page.getByRole('tab').count()).resolves.toBe(5);
  await expect(page.getByRole('tabpanel').count()).resolves.toBe(1); // hidden panels are not exposed
  await expect(page.getByRole('tabpanel', { name: 'Track' }).isVisible()).resolves.toBe(true);

  await page.keyboard.press('Tab');
  await expect(focusedId()).resolves.toBe('tab-track');
  await page.keyboard.press('ArrowRight');
  await expect(focusedId()).resolves.toBe('tab-upload');
  await expect(selectedTab()).resolves.toBe('Upload');
  await expect(page.getByRole('tabpanel', { name: 'Upload' }).isVisible()).resolves.toBe(true);
  await page.keyboard.press('End');
  await expect(selectedTab()).resolves.toBe('Diagnostics');
  await page.keyboard.press('ArrowRight'); // wraps around
  await expect(selectedTab()).resolves.toBe('Track');
  await page.keyboard.press('ArrowLeft');
  await expect(selectedTab()).resolves.toBe('Diagnostics');
  await page.keyboard.press('Home');
  await expect(selectedTab()).resolves.toBe('Track');
  // Tab leaves the tablist for the panel's first field.
  await page.keyboard.press('Tab');
  await expect(focusedId()).resolves.toBe('track-type');
  const tabIndexes = await page
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((t) => t.getAttribute('tabindex')));
  expect(tabIndexes).toEqual(['0', '-1', '-1', '-1', '-1']);
});

test('the form works from the keyboard alone', async () => {
  s = await sidebar.open();
  const { page } = s;
  const before = s.h.emulator.account()!.trackingRequests().length;
  await page.getByLabel('What to track').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.type('MAEU240577777');
  await page.keyboard.press('Tab');
  await page.keyboard.type('mae');
  await page.getByRole('option', { name: /MAEU/ }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(focusedId()).resolves.toBe('track-submit');
  await page.keyboard.press('Enter');
  await page
    .locator('#track-status', { hasText: 'Tracking requested for MAEU240577777' })
    .waitFor();
  expect(s.h.emulator.account()!.trackingRequests()).toHaveLength(before + 1);
});

test('every field has a label and every status line is a live region', async () => {
  s = await sidebar.open();
  for (const tab of ['Upload', 'References', 'Settings'] as const) await s.tab(tab);
  const unlabelled = await s.page.evaluate(`
    [...document.querySelectorAll('input, select, textarea')]
      .filter((e) => e.labels.length === 0 && !e.getAttribute('aria-label'))
      .map((e) => e.id || e.outerHTML)`);
  expect(unlabelled).toEqual([]);
  const silent = await s.page.evaluate(`
    [...document.querySelectorAll('.status')]
      .filter((e) => e.getAttribute('role') !== 'status')
      .map((e) => e.id)`);
  expect(silent).toEqual([]);
  const buttons = await s.page.evaluate(`
    [...document.querySelectorAll('button')].filter((b) => !b.textContent.trim()).length`);
  expect(buttons).toBe(0);
});

test('when the server fails, every action says why (no failure is swallowed)', async () => {
  s = await sidebar.open();
  const { page } = s;
  await page.route('**/__gas/run', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, error: 'Exception: Service unavailable right now.' }),
    }),
  );
  const shows = (id: string) =>
    page.locator(`#${id}`, { hasText: 'Service unavailable right now.' }).waitFor();

  await page.getByLabel('Number', { exact: true }).fill('MAEU240512345');
  await page.getByRole('combobox', { name: 'Carrier (SCAC)' }).fill('MAEU');
  await page.getByRole('button', { name: 'Track', exact: true }).click();
  await shows('track-status');
  await expect(page.locator('#track-status').textContent()).resolves.toBe(
    'Error: Service unavailable right now.', // Apps Script's "Exception: " prefix is dropped
  );
  await page.getByRole('button', { name: 'Track all untracked rows' }).click();
  await shows('track-all-status');
  await page.getByRole('button', { name: 'Open tracking page' }).click();
  await shows('open-page-status');

  await s.tab('Upload');
  await page.getByRole('button', { name: 'Choose from Drive' }).click();
  await shows('upload-picker-status');
  await page.getByLabel('Or paste a Drive link or file id').fill('1BoLsamplePdf000000000000000001');
  await page.getByRole('button', { name: 'Attach document' }).click();
  await shows('upload-status');

  await s.tab('References');
  await shows('refs-status');

  await s.tab('Settings');
  await shows('settings-status');
  await shows('auto-status');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await shows('settings-test-status');
  await page.getByRole('button', { name: 'Save auto-refresh' }).click();
  await shows('auto-status');
  await s.screenshot('server-failures');
  // Buttons are usable again after each failure.
  const disabled = await page.evaluate(
    `[...document.querySelectorAll('button')].filter((b) => b.disabled).length`,
  );
  expect(disabled).toBe(0);
});
