// References tab and "Open tracking page" in Chromium: the selected Tracking row's ref numbers,
// edited with PATCH; API text that looks like HTML stays text; the deep link opens in a new tab.

import { ORIGIN } from '../helpers/addon-harness';
import type { SidebarSession } from './support/sidebar-session';
import { useSidebarSessions } from './support/use-sidebar-sessions';

const XSS = '<img src=x onerror=alert(1)>';

const sidebar = useSidebarSessions();
let s: SidebarSession;

const status = () => s.page.locator('#refs-status');
const refsShown = () => s.page.locator('#refs-current li').allTextContents();
const imagesInPage = () => s.page.evaluate('document.querySelectorAll("img").length');

/** Sets a container's ref numbers the way any API client would: PATCH /containers/{id}. */
function patchRefs(containerId: string, refs: string[]): void {
  const answer = s.h.emulator.handle({
    method: 'PATCH',
    url: `${ORIGIN}/v2/containers/${containerId}`,
    headers: {
      Authorization: `Token ${s.h.emulator.demoKey}`,
      'Content-Type': 'application/vnd.api+json',
    },
    body: JSON.stringify({
      data: { type: 'container', id: containerId, attributes: { ref_numbers: refs } },
    }),
  });
  expect(answer.status).toBe(200);
}

test('shows and edits the selected container’s ref numbers; HTML in them stays text', async () => {
  s = await sidebar.open();
  const container = s.h.emulator.account()!.containers()[0]!;
  const number = container.attributes.number;
  patchRefs(container.id, [XSS, 'PO-1001']);
  const row = s.selectTrackingRow({ Number: number });

  await s.tab('References');
  await s.page.locator('#refs-current li.ref').first().waitFor();
  await expect(s.page.locator('#refs-row').textContent()).resolves.toBe(
    `Row ${row}: container ${number}`,
  );
  await expect(refsShown()).resolves.toEqual([XSS, 'PO-1001']);
  await expect(s.page.getByLabel('Edit ref numbers').inputValue()).resolves.toBe(`${XSS}\nPO-1001`);
  await expect(imagesInPage()).resolves.toBe(0);
  await s.screenshot('references');

  await s.page.getByLabel('Edit ref numbers').fill(`${XSS}\nPO-1001\n  PO-2002  `);
  await s.page.getByRole('button', { name: 'Save ref numbers' }).click();
  await status().getByText(`Saved 3 ref numbers for ${number}.`).waitFor();
  expect(container.attributes.ref_numbers).toEqual([XSS, 'PO-1001', 'PO-2002']);
  expect(s.callsTo('updateRefNumbers')[0]!.args).toEqual([
    { number, refNumbers: [XSS, 'PO-1001', 'PO-2002'] },
  ]);
  await expect(refsShown()).resolves.toEqual([XSS, 'PO-1001', 'PO-2002']);
  await expect(imagesInPage()).resolves.toBe(0);
  await s.screenshot('references-saved');
});

test('follows the selection, and says when a row is not tracked or nothing is selected', async () => {
  s = await sidebar.open();
  s.selectTrackingRow({ Number: 'NOTTRACKED12345', SCAC: 'MAEU' });
  await s.tab('References');
  await status().getByText('NOTTRACKED12345').waitFor();
  await expect(status().getAttribute('data-kind')).resolves.toBe('error');
  await expect(s.page.locator('#refs-form').isHidden()).resolves.toBe(true);

  const shipment = s.h.emulator.account()!.shipments()[0]!;
  const bol = shipment.attributes.bill_of_lading_number;
  const row = s.selectTrackingRow({ Number: bol });
  await s.page.getByRole('button', { name: 'Use selected row' }).click();
  await s.page.locator('#refs-row', { hasText: `Row ${row}: shipment ${bol}` }).waitFor();
  await expect(s.page.locator('#refs-form').isVisible()).resolves.toBe(true);

  s.h.gas.select('Sheet1', 'A1');
  await s.page.getByRole('button', { name: 'Use selected row' }).click();
  await s.page.locator('#refs-row', { hasText: 'Select a row with a number' }).waitFor();
  await expect(s.page.locator('#refs-form').isHidden()).resolves.toBe(true);
});

test('"Open tracking page" opens the selected row’s deep link in a new tab', async () => {
  s = await sidebar.open();
  const container = s.h.emulator.account()!.containers()[0]!;
  s.selectTrackingRow({ Number: container.attributes.number });
  const [tab] = await Promise.all([
    s.page.waitForEvent('popup'),
    s.page.getByRole('button', { name: 'Open tracking page' }).click(),
  ]);
  // The deep link redirects to the shipment's page in the app.
  await tab.waitForURL(new RegExp(`^${s.host.url}/shipments/[^/?]+\\?container=${container.id}$`));
  await expect(tab.evaluate('window.opener')).resolves.toBeNull();
  await tab.close();
  await s.page.locator('#open-page-status', { hasText: 'Opened the tracking page' }).waitFor();
  expect(s.callsTo('getSelectedRow')).toHaveLength(1);

  s.h.gas.select('Sheet1', 'A1');
  const [empty] = await Promise.all([
    s.page.waitForEvent('popup'),
    s.page.getByRole('button', { name: 'Open tracking page' }).click(),
  ]);
  await s.page.locator('#open-page-status', { hasText: 'Select a row' }).waitFor();
  // The blank tab opened at the click is closed again (maybe before we get to listen).
  if (!empty.isClosed()) await empty.waitForEvent('close');
});
