// The Timeline and Stop tracking in the sidebar, in Chromium: text the service sends (a port's
// name, an event name) shows as text, never as markup; the service's refusal is shown as it said it.

import { rewriteAnswers } from '../helpers/addon-harness';
import type { SidebarSession } from './support/sidebar-session';
import { useSidebarSessions } from './support/use-sidebar-sessions';

const XSS = '<img src=x onerror=alert(1)>';

const sidebar = useSidebarSessions();
let s: SidebarSession;

const imagesInPage = () => s.page.evaluate('document.querySelectorAll("img").length');

test('event names and places from the service stay text', async () => {
  s = await sidebar.open();
  const container = s.h.emulator.account()!.containers()[0]!;
  const number = container.attributes.number;
  rewriteAnswers(s.h, /\/transport_events$/, (doc) => {
    const events = doc.data as { attributes: Record<string, unknown> }[];
    events[0]!.attributes.event = `container.transport.${XSS}`;
    for (const r of (doc.included ?? []) as { attributes: Record<string, unknown> }[])
      r.attributes.name = `${XSS} port`;
    return doc;
  });
  s.selectTrackingRow({ Number: number });
  await s.tab('References');
  await s.page.locator('#refs-row', { hasText: number }).waitFor();
  await s.page.getByRole('button', { name: 'Show timeline' }).click();
  const where = s.page.locator('#timeline .where');
  await where.first().waitFor();
  await expect(where.first().textContent()).resolves.toMatch(
    /^<img src=x onerror=alert\(1\)> port/,
  );
  await expect(s.page.locator('#timeline .what').allTextContents()).resolves.toContainEqual(
    expect.stringContaining('<img src=x onerror=alert(1)>'),
  );
  await expect(imagesInPage()).resolves.toBe(0);
  expect(s.callsTo('getTimeline')[0]!.args).toEqual([{ number }]);
});

test('a refused stop shows the service’s own words; nothing is stopped', async () => {
  s = await sidebar.open();
  const container = s.h.emulator.account()!.containers()[0]!;
  s.h.interceptors.push((req) =>
    req.method === 'PATCH' && req.url.endsWith('/stop_tracking')
      ? {
          status: 422,
          headers: { 'Content-Type': 'application/vnd.api+json' },
          body: JSON.stringify({ errors: [{ status: '422', detail: `Refused ${XSS}` }] }),
        }
      : undefined,
  );
  s.selectTrackingRow({ Number: container.attributes.number });
  await s.tab('References');
  await s.page.locator('#refs-row', { hasText: container.attributes.number }).waitFor();
  await s.page.getByRole('button', { name: 'Stop tracking…' }).click();
  await s.page.getByRole('button', { name: 'Stop tracking', exact: true }).click();
  const status = s.page.locator('#row-tracking-status');
  await status.getByText(`Refused ${XSS}`).waitFor();
  await expect(status.getAttribute('data-kind')).resolves.toBe('error');
  await expect(imagesInPage()).resolves.toBe(0);
  expect(s.dialogs).toEqual([]);
  const shipment = s.h.emulator.account()!.shipmentOf(container)!;
  expect(shipment.attributes.line_tracking_stopped_at).toBeNull();
});
