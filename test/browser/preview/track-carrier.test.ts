// Carriers in the local preview (`npm start`): the real bundle, the emulator over real HTTP, the
// page and its sidebar. Typing a number in the Track tab fills its SCAC by itself, and the demo
// row without a SCAC is tracked with the service's carrier detection instead of asking for one.

import type { PreviewPage } from './preview-page';
import { usePreview } from './use-preview';

let p: PreviewPage;

const started = usePreview();
beforeAll(() => ({ p } = started));

test('the Track tab fills the SCAC by itself from the number, and tracks with it', async () => {
  await p.menu('Open sidebar');
  const sidebar = p.sidebar;
  await sidebar.getByLabel('What to track').selectOption('bill_of_lading');
  await sidebar.getByLabel('Number', { exact: true }).pressSequentially('HLCU RTM 2611 0042');
  const scac = sidebar.getByRole('combobox', { name: 'Carrier (SCAC)' });
  await sidebar.getByText('Carrier from the number: Hapag-Lloyd (HLCU).').waitFor();
  await expect(scac.inputValue()).resolves.toBe('HLCU');
  await p.screenshot('track-carrier-suggested');
  await sidebar.getByRole('button', { name: 'Track', exact: true }).click();
  await sidebar.getByText('Tracking requested for HLCURTM26110042').waitFor();
  await expect(sidebar.locator('#track-result').textContent()).resolves.toContain('SCACHLCU');
});

test('the demo row without a SCAC is tracked by carrier detection, not asked for a SCAC', async () => {
  await p.menu('Refresh now');
  const notes = await p.page
    .locator('#grid tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.lastElementChild?.textContent ?? ''));
  const row = notes.findIndex((n) => n.startsWith('Not tracked, no SCAC')) + 1;
  expect(row).toBeGreaterThan(0);
  const tracking = await (await p.at(row, 'Tracking')).textContent();
  expect(['detecting carrier', 'tracked']).toContain(tracking);
});
