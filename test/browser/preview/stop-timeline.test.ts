// The selected row's Timeline and Stop / Resume tracking in the preview, end to end in Chromium:
// a demo row's container events in order with their place and local time, stopping (asked first,
// no browser dialog) that the next refresh shows in the row, and resuming.

import type { PreviewPage } from './preview-page';
import { usePreview } from './use-preview';

let p: PreviewPage;

const started = usePreview();
beforeAll(() => ({ p } = started));

test('a demo row’s timeline; stop (confirmed first) and resume its shipment', async () => {
  const row = await p.rowOf(/^Ready for pickup/);
  const numberCell = await p.at(row, 'Number');
  const number = await numberCell.textContent();
  await numberCell.click();
  await p.menu('Open sidebar');
  await p.sidebar.getByRole('tab', { name: 'References' }).click();
  await p.sidebar.getByRole('button', { name: 'Use selected row' }).click();
  await p.sidebar.getByText(`Row ${row}: container ${number}`).waitFor();

  await p.sidebar.getByRole('button', { name: 'Show timeline' }).click();
  const events = p.sidebar.getByRole('list', { name: `Events of ${number}` }).locator('li');
  await events.first().waitFor();
  const labels = await events.locator('.what').allTextContents();
  expect(labels.slice(0, 4)).toEqual([
    'Empty picked up for loading',
    'Full container gated in',
    'Loaded on vessel',
    'Vessel departed',
  ]);
  expect(labels).toContain('Discharged from vessel');
  const discharged = events.filter({ hasText: 'Discharged from vessel' });
  await expect(discharged.locator('.when').textContent()).resolves.toMatch(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} (?:[A-Z]{3,4}|GMT[+-]\d+)$/,
  );
  await expect(discharged.locator('.where').textContent()).resolves.toMatch(/ · /);
  await p.screenshot('timeline', p.page.locator('#sidebar'));

  await p.sidebar.getByRole('button', { name: 'Stop tracking…' }).click();
  await p.sidebar.getByText(`Stop tracking the shipment of ${number}?`).waitFor();
  await p.sidebar.getByRole('button', { name: 'Keep tracking' }).click();
  await p.sidebar.getByRole('button', { name: 'Stop tracking…' }).click();
  await p.sidebar.getByRole('button', { name: 'Stop tracking', exact: true }).click();
  await p.sidebar
    .locator('#row-tracking-status')
    .getByText(/^Done: Stopped tracking shipment /)
    .waitFor();

  await p.menu('Refresh now');
  const tracking = await p.at(row, 'Tracking');
  await tracking.filter({ hasText: /^stopped: by user$/ }).waitFor();
  // Demurrage does not stop with tracking: the box at the terminal keeps what it says.
  // (Whatever else is due that day, e.g. "LFD in 2 days; ", comes first.)
  await expect((await p.at(row, 'Attention')).textContent()).resolves.toMatch(
    /^(LFD [^;]+; )?ready for pickup \(tracking stopped\)$/,
  );
  await p.screenshot('stopped-row', tracking);

  await p.sidebar.getByRole('button', { name: 'Resume tracking' }).click();
  await p.sidebar
    .locator('#row-tracking-status')
    .getByText(/^Done: Resumed tracking shipment /)
    .waitFor();
  await p.menu('Refresh now');
  await tracking.filter({ hasText: /^tracked$/ }).waitFor();
  await expect((await p.at(row, 'Attention')).textContent()).resolves.toMatch(/ready for pickup/);
});
