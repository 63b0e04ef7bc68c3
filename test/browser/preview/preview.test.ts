// The local preview end to end in Chromium: the real dist/Code.js in the local runtime, the
// emulator in a child process over real HTTP, the page and the real sidebar. One preview for the
// file; the steps build on each other as a person's session would.

import type { Preview } from '../../../local/preview/start-preview';
import type { PreviewPage } from './preview-page';
import { usePreview } from './use-preview';

const RED = 'rgb(244, 199, 195)';
const AMBER = 'rgb(252, 232, 178)';
const GREEN = 'rgb(183, 225, 205)';

let preview: Preview;
let p: PreviewPage;
let demoKey: string;

async function emulator(pathname: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${preview.emulatorUrl}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as Record<string, unknown>;
}

const started = usePreview();
beforeAll(async () => {
  ({ preview, p } = started);
  demoKey = String((await emulator('/__emulator/state')).demoKey);
});

test('opens on the demo Tracking sheet: statuses, LFDs as dates, rule colours, menu, sidebar', async () => {
  await expect(p.page.locator('#doc-title').textContent()).resolves.toBe('Container Tracking demo');
  const ready = await p.rowOf(/^Ready for pickup/);
  const passed = await p.rowOf(/^Last free day passed/);
  const soon = await p.rowOf(/^Last free day within/);
  await expect((await p.at(ready, 'Status')).textContent()).resolves.toBe('available');
  await expect(p.background(await p.at(ready, 'Ready'))).resolves.toBe(GREEN);
  const lfd = await p.at(passed, 'LFD');
  await expect(lfd.textContent()).resolves.toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(p.background(lfd)).resolves.toBe(RED);
  await expect(p.background(await p.at(soon, 'LFD'))).resolves.toBe(AMBER);
  const bol = await p.rowOf(/^A BOL with several/);
  await expect((await p.at(bol, 'Status')).textContent()).resolves.toMatch(/: \d/);
  const typo = await p.rowOf(/^A mistyped/);
  await expect((await p.at(typo, 'Tracking')).textContent()).resolves.toBe(
    'invalid container number',
  );

  // createAddonMenu(): under Extensions, for a bound script too.
  await p.page.getByRole('button', { name: 'Extensions', exact: true }).click();
  await p.page.getByRole('menuitem', { name: 'LFD Watch: Container Tracking' }).click();
  await expect(p.page.getByRole('menuitem').allTextContents()).resolves.toEqual([
    'LFD Watch: Container Tracking',
    'Open sidebar',
    'Set up Tracking sheet',
    'Refresh now',
    'Import all tracked containers',
    'Auto-refresh',
    'Settings',
  ]);
  await p.page.getByRole('menuitem', { name: 'Auto-refresh' }).click();
  await expect(p.page.getByRole('menuitem').allTextContents()).resolves.toEqual(
    expect.arrayContaining(['Every 15 minutes', 'Every hour', 'Every 6 hours', 'Off']),
  );
  await p.screenshot('menu');
  await p.page.keyboard.press('Escape');
  await p.sidebar.getByRole('tab', { name: 'Track' }).waitFor();
  await expect(p.page.locator('#sidebar-frame').evaluate((f) => f.clientWidth)).resolves.toBe(300);
  await p.screenshot('tracking-sheet');
});

test('menu items run in the add-in: Settings and Open sidebar show its sidebar, Set up reports', async () => {
  await p.page.getByRole('button', { name: 'Close the sidebar' }).click();
  await expect(p.page.locator('#sidebar').isHidden()).resolves.toBe(true);
  await p.menu('Settings');
  await p.sidebar.getByLabel('API key').waitFor();
  await expect(p.sidebar.locator('#settings-key-state').textContent()).resolves.toMatch(
    demoKey.slice(-4),
  );
  await p.menu('Open sidebar');
  await p.sidebar.getByLabel('What to track').waitFor();
  await expect(p.page.locator('#sidebar-frame').getAttribute('src')).resolves.toMatch(
    /^\/__preview\/sidebar\/\d+$/,
  );
  await p.menu('Set up Tracking sheet');
  await p.page
    .locator('#toasts')
    .getByText(/Tracking sheet ready \(headers already complete\)/)
    .waitFor();
});

test('a new BOL row with a SCAC goes pending → tracked, containers filled in, while time runs ×60', async () => {
  const row = (await p.rowOf(/^A mistyped/)) + 1;
  await p.type(await p.at(row, 'Number'), 'MAEU261100901', 'Tab');
  await p.type(await p.at(row, 'SCAC'), 'maeu');
  await p.menu('Refresh now');
  const tracking = await p.at(row, 'Tracking');
  await expect(tracking.textContent()).resolves.toBe('pending');
  await expect((await p.at(row, 'Status')).textContent()).resolves.toBe('');
  await p.screenshot('bol-pending', tracking);

  const speed = p.page.getByRole('button', { name: 'Time ×60' });
  await speed.click();
  // The page shows the new speed once its next state arrives (it polls): wait for it.
  await p.page.locator('#speed[aria-pressed="true"]').waitFor();
  // Emulator time runs far ahead of real time: measured over a wait for a condition (five
  // minutes of emulator time), not over a fixed sleep, so a busy machine only makes it longer.
  const clock = async () => Date.parse((await emulator('/__emulator/state')).now as string);
  const [before, realBefore] = [await clock(), Date.now()];
  const sinceBefore = async () => (await clock()) - before;
  while ((await sinceBefore()) < 300_000) await new Promise((r) => setTimeout(r, 100));
  expect((await sinceBefore()) / (Date.now() - realBefore)).toBeGreaterThan(20);

  await p.menu('Auto-refresh', 'Every 15 minutes');
  await p.page
    .locator('#toasts')
    .getByText(/refreshes every 15 minutes/)
    .waitFor();
  await p.page
    .locator('#auto-refresh')
    .filter({ hasText: /^every 15 min/ })
    .waitFor();
  // Skip ahead to the trigger's time: the preview's timer sees the clock pass it and runs it.
  await emulator('/__emulator/clock', { advanceMs: 15 * 60_000 });
  await tracking.filter({ hasText: /^tracked$/ }).waitFor();
  await expect((await p.at(row, 'Status')).textContent()).resolves.toMatch(/^[a-z_]+: \d+/);
  await expect((await p.at(row, 'Vessel')).textContent()).resolves.not.toBe('');
  await expect(p.page.locator('#activity').textContent()).resolves.toContain(
    'runScheduledRefresh (trigger)',
  );
  await p.screenshot('bol-tracked', tracking);
  // Back to real time: the later steps need no scheduled refresh every 15 s beside them.
  await speed.click();
  await p.page.locator('#speed[aria-pressed="false"]').waitFor();
});

test('a ref number typed in the sheet shows as text; the sidebar edits a container’s ref numbers', async () => {
  const ready = await p.rowOf(/^Ready for pickup/);
  const refs = await p.at(ready, 'Ref Numbers');
  await p.type(refs, '<img src=x onerror=alert(1)>');
  await expect(refs.textContent()).resolves.toBe('<img src=x onerror=alert(1)>');
  await expect(refs.locator('img').count()).resolves.toBe(0);

  await (await p.at(ready, 'Number')).click();
  const number = await (await p.at(ready, 'Number')).textContent();
  await p.sidebar.getByRole('tab', { name: 'References' }).click();
  await p.sidebar.getByRole('button', { name: 'Use selected row' }).click();
  await p.sidebar.getByText(`Row ${ready}: container ${number}`).waitFor();
  await p.sidebar.getByLabel('Edit ref numbers').fill('PO-1001\nPO-1002');
  await p.sidebar.getByRole('button', { name: 'Save ref numbers' }).click();
  await p.sidebar.getByText(`Saved 2 ref numbers for ${number}.`).waitFor();
  await p.screenshot('references');
});

test('uploads a sample document from the sidebar', async () => {
  await p.sidebar.getByRole('tab', { name: 'Upload' }).click();
  // The stand-in picker lists the samples of local/samples/drive; picking one grants it. It opens
  // in a modal dialog over the page (the Picker does not fit the 300 px sidebar), and the pick
  // reaches the sidebar through the server.
  await p.sidebar.getByRole('button', { name: 'Choose from Drive' }).click();
  const dialog = p.page.frameLocator('iframe[data-gas-dialog]');
  await dialog
    .getByRole('dialog', { name: 'Select a file' })
    .getByRole('button', { name: 'arrival-notice.pdf' })
    .click();
  await p.page.locator('iframe[data-gas-dialog]').waitFor({ state: 'detached' });
  await p.sidebar.getByText('arrival-notice.pdf', { exact: true }).first().waitFor();
  await p.sidebar.getByRole('button', { name: 'Attach document' }).click();
  const id = p.sidebar.locator('#upload-result .document-id');
  await id.waitFor();
  await expect(id.textContent()).resolves.toMatch(/\S/);
  const accounts = (await emulator('/__emulator/state')).accounts as { documents: number }[];
  expect(accounts[0]?.documents).toBe(1);
  await p.sidebar.getByText('Done: Attached "arrival-notice.pdf".').waitFor();
  await p.screenshot('upload');
});

test('formulas of the add-in’s functions; a bad container number shows a clear error', async () => {
  await p.sheet('Formulas');
  await expect(p.cell('B2').textContent()).resolves.toMatch(/^[a-z_]+$/);
  await expect(p.cell('C2').textContent()).resolves.toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await p.cell('B3').click();
  await expect(p.page.locator('#cell-message').textContent()).resolves.toBe(
    'Shown by the formula in B2.',
  );

  // Under the demo's formulas, a number and an LFD() of it typed as a user would.
  const row = preview.session.runtime.spreadsheet.sheetByName('Formulas')!.lastRow() + 2;
  await p.type(p.cell(`A${row}`), 'MSCU 12345');
  await p.type(p.cell(`B${row}`), `=LFD(A${row})`);
  const result = p.cell(`B${row}`);
  await result.filter({ hasText: '#ERROR!' }).waitFor();
  await result.click();
  await expect(p.page.locator('#cell-input').inputValue()).resolves.toBe(`=LFD(A${row})`);
  await expect(p.page.locator('#cell-message').textContent()).resolves.toMatch(
    /^#ERROR! "MSCU 12345" is not a container number\. .* like AAAU1234567\.$/,
  );
  await p.screenshot('formulas-error');
});

test('never sends the API key to the page', () => {
  expect(p.bodies.length).toBeGreaterThan(10);
  for (const body of p.bodies) expect(body).not.toContain(demoKey);
});
