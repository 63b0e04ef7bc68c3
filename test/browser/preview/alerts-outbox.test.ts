// Alerts in the preview, end to end in Chromium: the demo has alerts on (to a demo address the
// local MailApp keeps); "Demo changes" moves an LFD to today, places a customs hold, makes a box
// available and delays an arrival at the emulator, then refreshes. The Change Log shows each
// change, the Outbox shows the alert email as its recipient would see it, and "Send digest now"
// in the sidebar adds the digest.

import type { Preview } from '../../../local/preview/start-preview';
import type { PreviewPage } from './preview-page';
import { usePreview } from './use-preview';

let preview: Preview;
let p: PreviewPage;

const started = usePreview();
beforeAll(() => ({ preview, p } = started));

const outbox = () => preview.session.runtime.project.mail.outbox;

test('demo changes reach the Change Log and the Outbox; the digest is sent from the sidebar', async () => {
  const { page } = p;
  const before = outbox().length;
  const count = page.locator('#outbox-count');
  await expect(count.textContent()).resolves.toBe(String(before));

  const changed = page.waitForResponse((r) => r.url().endsWith('/__preview/demo-changes'));
  // A toast is gone after a few seconds: watched from before the click, so a slow answer on a
  // busy machine cannot let it come and go unseen.
  const toasted = page.locator('.toast', { hasText: 'Demo changes' }).waitFor();
  await page.getByRole('button', { name: 'Demo changes' }).click();
  const answer = (await (await changed).json()) as { notice?: string; error?: string };
  expect(answer.error).toBeUndefined();
  expect(answer.notice).toMatch(/LFD moved to today/);
  expect(answer.notice).toMatch(/customs hold placed/);
  const lfdNumber = /(\w{11}): LFD moved to today/.exec(answer.notice!)![1]!;
  const holdNumber = /(\w{11}): customs hold placed/.exec(answer.notice!)![1]!;
  await toasted;

  // One email at once for the run, naming both boxes.
  await page.waitForFunction(
    (n) => Number(document.getElementById('outbox-count')!.textContent) > n,
    before,
  );
  const sent = outbox().slice(before);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.to).toEqual(['dispatch@example.com']);
  expect(sent[0]!.body).toContain(lfdNumber);
  expect(sent[0]!.body).toContain(holdNumber);

  await page.getByRole('button', { name: /Outbox/ }).click();
  const panel = page.locator('#outbox');
  await panel.getByText(sent[0]!.subject).first().waitFor();
  const email = page.frameLocator('#outbox-frame');
  await email.getByText(lfdNumber).first().waitFor();
  await email
    .getByText(/customs/i)
    .first()
    .waitFor();
  await p.screenshot('alerts-outbox');
  await panel.getByRole('button', { name: 'Plain text' }).click();
  await expect(panel.locator('#outbox-text').textContent()).resolves.toContain(holdNumber);

  // The Change Log sheet holds the changes, with their source.
  await p.sheet('Change Log');
  await p.page.locator('#grid td', { hasText: holdNumber }).first().waitFor();
  const log = preview.session.runtime.spreadsheet.sheetByName('Change Log')!;
  const rows = Array.from({ length: log.lastRow() - 1 }, (_, i) =>
    [1, 2, 3, 4, 5, 6].map((c) => String(log.cell(i + 2, c)?.value ?? '')),
  );
  expect(rows.some((r) => r[1] === holdNumber && /hold/i.test(r[2]!) && r[5] === 'refresh')).toBe(
    true,
  );
  expect(rows.some((r) => r[1] === lfdNumber && /lfd/i.test(r[2]!))).toBe(true);
  await p.screenshot('change-log');

  // The sidebar's "Send digest now": the digest lists what was sent at once since the last one.
  await p.sheet('Tracking');
  await p.menu('Settings');
  await p.sidebar.getByRole('heading', { name: 'Email alerts' }).waitFor();
  await p.sidebar.getByRole('button', { name: 'Send digest now' }).click();
  await p.sidebar
    .locator('#alerts-digest-status', { hasText: /Digest sent to dispatch@example.com/ })
    .waitFor();
  await p.sidebar.locator('#alerts-state', { hasText: /Last digest/ }).waitFor();
  const digest = outbox().at(-1)!;
  expect(digest.subject).toMatch(/digest/i);
  expect(digest.body).toContain(lfdNumber);
  await page.waitForFunction(
    (n) => Number(document.getElementById('outbox-count')!.textContent) === n,
    outbox().length,
  );
  expect(p.pageErrors).toEqual([]);
  for (const body of p.bodies)
    expect(body).not.toContain(preview.session.runtime.properties.document.map.get('CT_API_KEY'));
});
