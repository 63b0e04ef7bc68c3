// The README's "five-minute tour", walked in Chromium at 1366×768 step by step as written, with
// the steps the tour invites repeating done twice (the second Demo changes picks other boxes).
// Each step saves test-results/preview/tour-*.png; a person looks at them (README's tour).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Preview } from '../../../local/preview/start-preview';
import { LAPTOP, type PreviewPage } from './preview-page';
import { usePreview } from './use-preview';

let preview: Preview;
let p: PreviewPage;

const started = usePreview({ viewport: LAPTOP });
beforeAll(() => ({ preview, p } = started));

const README = readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
const tour = README.slice(
  README.indexOf('## A five-minute tour'),
  README.indexOf('## Where to read on'),
);

const tracking = () => preview.session.runtime.spreadsheet.sheetByName('Tracking')!;

async function text(row: number, header: string): Promise<string> {
  return (await (await p.at(row, header)).textContent()) ?? '';
}

/** Waits until `check` holds (the runtime's state, read from the test's side). */
async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not reached in ${timeoutMs} ms: ${check.toString()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Presses Demo changes and returns its notice (the page's answer), failing on an error. */
async function demoChanges(): Promise<string> {
  const answered = p.page.waitForResponse((r) => r.url().endsWith('/__preview/demo-changes'));
  await p.page.getByRole('button', { name: 'Demo changes' }).click();
  const answer = (await (await answered).json()) as { notice?: string; error?: string };
  expect(answer.error).toBeUndefined();
  await p.page.locator('#demo-changes:not([disabled])').waitFor();
  return answer.notice ?? '';
}

/** The boxes a Demo changes notice names ("MSCU…: LFD moved to today; …"). */
function named(notice: string): string[] {
  return [...notice.matchAll(/\b([A-Z]{4}\d{7}): /g)].map((m) => m[1]!);
}

/** The boxes the terminal's changes touched (the arrival estimate goes to the box at sea). */
function atTerminal(notice: string): string[] {
  return [...notice.matchAll(/\b([A-Z]{4}\d{7}): (?!arrival)/g)].map((m) => m[1]!);
}

test('step 1: the Tracking sheet shows each demo row, the rail box at its ramp, the late empty', async () => {
  expect(tour).toMatch(/1\. \*\*Read the Tracking sheet\.\*\*/);
  const rail = await p.rowOf(/^Inland rail/);
  await expect(text(rail, 'Terminal')).resolves.toMatch(/Marion|Memphis/);
  const empty = await p.rowOf(/^Empty not back/);
  await expect(text(empty, 'Attention')).resolves.toMatch(/^return empty/);
  await expect(text(1, 'LFD Source')).resolves.toBe('LFD Source');
  await p.screenshot('tour-1-tracking');
});

test('step 2: the money columns price each box; a rate edited in Free Time changes them', async () => {
  const ready = await p.rowOf(/^Last free day passed/);
  const before = await text(ready, 'Demurrage');
  expect(before).toMatch(/USD/);
  await p.sheet('Pull List');
  await p.page.locator('#grid td', { hasText: 'Empties to return' }).first().waitFor();
  await p.screenshot('tour-2-pull-list');
  await p.sheet('Free Time');
  const a1 = await p.page
    .locator('#grid td', { hasText: /^150x4, 250x5, 400$/ })
    .first()
    .getAttribute('data-cell');
  await p.type(p.cell(a1!), '300x4, 250x5, 400');
  await p.screenshot('tour-2-free-time');
  await p.sheet('Tracking');
  await p.menu('Refresh now');
  await expect(text(ready, 'Demurrage')).resolves.not.toBe(before);
});

test('step 3: a typed number gets one tracking request; a wrong last digit is named', async () => {
  expect(tour).toContain('`MSCU1234566`');
  const row = tracking().lastRow() + 1;
  const number = await p.at(row, 'Number');
  await p.type(number, 'MSCU1234566');
  await p.menu('Refresh now');
  await expect(text(row, 'Tracking')).resolves.toMatch(/^(detecting carrier|pending|tracked)$/);
  await p.screenshot('tour-3-typed', number);
  await p.type(number, 'MSCU1234567');
  await p.menu('Refresh now');
  await expect(text(row, 'Attention')).resolves.toMatch(/check digit.*6/i);
  await p.screenshot('tour-3-check-digit', number);
  // Back to the valid number, so step 4 can watch it fill in.
  await p.type(number, 'MSCU1234566');
});

test('step 4: auto-refresh on, Time ×60: the trigger fires and the typed row fills in', async () => {
  await p.menu('Auto-refresh', 'Every 15 minutes');
  await p.page
    .locator('#auto-refresh')
    .filter({ hasText: /^every 15 min/ })
    .waitFor();
  await p.page.getByRole('button', { name: 'Time ×60' }).click();
  await p.page.locator('#speed[aria-pressed="true"]').waitFor();
  const row = tracking().lastRow();
  // 15 minutes of emulator time are 15 s here; a busy machine may take longer.
  await (await p.at(row, 'Tracking')).filter({ hasText: /^tracked$/ }).waitFor({ timeout: 90_000 });
  await (await p.at(row, 'Status')).filter({ hasText: /\S/ }).waitFor({ timeout: 90_000 });
  await p.page
    .locator('#activity')
    .filter({ hasText: 'runScheduledRefresh (trigger)' })
    .waitFor({ timeout: 90_000 });
  await p.screenshot('tour-4-time-runs');
  // Back to real time: the demo changes below are easier to read at one speed.
  await p.page.getByRole('button', { name: 'Time ×60' }).click();
  await p.page.locator('#speed[aria-pressed="false"]').waitFor();
});

test('step 5: Demo changes, twice: each time other boxes, a Change Log row a change, an email', async () => {
  const outbox = () => preview.session.runtime.project.mail.outbox.length;
  const sentBefore = outbox();
  const first = await demoChanges();
  expect(first).toMatch(/LFD moved to today/);
  expect(first).toMatch(/customs hold placed/);
  expect(first).toMatch(/made available/);
  await p.screenshot('tour-5-demo-changes');
  expect(outbox()).toBeGreaterThan(sentBefore);
  const second = await demoChanges();
  expect(second).toMatch(/LFD moved to today/);
  console.log(`Demo changes, first: ${first}\nsecond: ${second}`);
  const again = atTerminal(second).filter((n) => atTerminal(first).includes(n));
  expect(again).toEqual([]);
  await p.sheet('Change Log');
  for (const number of [...named(first), ...named(second)])
    await p.page.locator('#grid td', { hasText: number }).first().waitFor();
  await p.screenshot('tour-5-change-log');
  await p.page.getByRole('button', { name: /Outbox/ }).click();
  await p.page.frameLocator('#outbox-frame').getByText(named(second)[0]!).first().waitFor();
  await p.screenshot('tour-5-outbox');
  await p.page.getByRole('button', { name: 'Close the Outbox' }).click();
  await p.sheet('Tracking');
});

test('step 6: the sidebar tracks with a suggested carrier, shows references, Settings', async () => {
  await p.menu('Open sidebar');
  await p.sidebar.getByLabel('What to track').selectOption('bill_of_lading');
  await p.sidebar.getByLabel('Number', { exact: true }).pressSequentially('HLCU RTM 2611 0077');
  await p.sidebar.getByText(/Carrier from the number: Hapag-Lloyd/).waitFor();
  await p.screenshot('tour-6-track');
  const ready = await p.rowOf(/^Inland rail/);
  await (await p.at(ready, 'Number')).click();
  await p.sidebar.getByRole('tab', { name: 'References' }).click();
  await p.sidebar.getByRole('button', { name: 'Use selected row' }).click();
  await p.sidebar.getByText(new RegExp(`^Row ${ready}: container`)).waitFor();
  await p.screenshot('tour-6-references');
  await p.menu('Settings');
  await p.sidebar.getByText(/ends in 0000/).waitFor();
  await p.sidebar.getByRole('button', { name: 'Send digest now' }).click();
  await p.sidebar.locator('#alerts-digest-status', { hasText: /Digest sent/ }).waitFor();
  // Sidebar times carry their zone.
  await p.sidebar
    .locator('#alerts-state', { hasText: /Last digest \d+ \w+, \d\d:\d\d [A-Z]{2,5}|GMT/ })
    .waitFor();
  await p.screenshot('tour-6-settings');
});

test("step 7: the tour's formulas, typed in empty cells, read as dates", async () => {
  await p.sheet('Formulas');
  const step = tour.slice(tour.indexOf('7. **Try the formulas.**'), tour.indexOf('8. **Push.**'));
  const formulas = [...step.matchAll(/`(=LFD\([^`]+\))`/g)].map((m) => m[1]!);
  expect(formulas).toEqual(['=LFD(A2)', '=LFD(A2:A9, "terminal", CT_LAST_REFRESH)']);
  const sheet = preview.session.runtime.spreadsheet.sheetByName('Formulas')!;
  const row = sheet.lastRow() + 2;
  const [one, range] = [p.cell(`H${row}`), p.cell(`H${row + 2}`)];
  await p.type(one, formulas[0]!);
  await one.filter({ hasText: /^\d{4}-\d{2}-\d{2}$/ }).waitFor();
  await p.type(range, formulas[1]!);
  // The range's answer fills its cell and the seven below, each a date or blank (no terminal LFD).
  await range.filter({ hasText: /^(\d{4}-\d{2}-\d{2})?$/ }).waitFor();
  for (let r = row + 2; r < row + 10; r += 1) {
    await expect(p.cell(`H${r}`).textContent()).resolves.toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
  }
  expect(sheet.cell(row + 9, 8)?.numberFormat).toBe('yyyy-mm-dd');
  await p.screenshot('tour-7-formulas', one);
});

test('step 8: push on, then Demo changes: the change reaches the sheet with no refresh', async () => {
  await p.sheet('Tracking');
  await p.menu('Settings');
  await p.sidebar.getByRole('heading', { name: 'Push updates' }).waitFor();
  expect(tour).toContain('`http://127.0.0.1:3000/exec`');
  await p.sidebar.getByLabel('Web app address').fill(`${preview.url}/exec`);
  await p.sidebar.getByRole('button', { name: 'Turn on' }).click();
  await p.sidebar.getByText(/On: the service sends changes to/).waitFor();
  const notice = await demoChanges();
  expect(named(notice).length).toBeGreaterThan(0);
  await until(() => preview.session.runtime.executions.some((e) => e.kind === 'web-app'));
  await p.screenshot('tour-8-push');
});

test("the sheet's time zone can be changed, as Diagnostics suggests", async () => {
  await p.page.getByLabel('Spreadsheet time zone').selectOption('Asia/Tokyo');
  await until(() => preview.session.runtime.spreadsheet.timeZone === 'Asia/Tokyo');
  await p.sidebar.getByRole('tab', { name: 'Diagnostics' }).click();
  await p.sidebar.getByText('Asia/Tokyo').first().waitFor();
  await p.screenshot('tour-zone-diagnostics');
});
