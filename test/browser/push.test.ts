// Push updates in the preview, in Chromium: turn them on in Settings (the web app URL is the
// preview's own /exec route), change a container's LFD through the emulator's control surface,
// and watch the Tracking sheet's LFD cell change without pressing Refresh. Turning on proves the
// path with the service's test delivery; the emulator child delivers the webhook over real HTTP
// to /exec, which runs the bundle's doPost and answers 302, as Google does (so it retries).
// Settings' Push block, left open, then shows the push as applied. How fast a push lands is the
// benchmark's to measure: here the waits are for conditions, bounded only by the file's timeout.

import type { Preview } from '../../local/preview/start-preview';
import type { PreviewPage } from './preview/preview-page';
import { usePreview } from './preview/use-preview';

let preview: Preview;
let p: PreviewPage;

const started = usePreview();
beforeAll(() => ({ preview, p } = started));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test code reads arbitrary JSON
async function emulatorJson(pathname: string, init: RequestInit = {}): Promise<any> {
  const res = await fetch(`${preview.emulatorUrl}${pathname}`, init);
  return res.json();
}

/** The first demo row whose Status is `available` (its box waits at the terminal). */
async function availableRow(): Promise<number> {
  const rows = await p.page.locator('#grid tbody tr').count();
  for (let row = 1; row < rows; row++) {
    if ((await (await p.at(row, 'Status')).textContent()) === 'available') return row;
  }
  throw new Error('no available row');
}

test('an LFD changed at the service reaches the sheet by push, without a refresh', async () => {
  await p.menu('Settings');
  await p.sidebar.getByRole('heading', { name: 'Push updates' }).waitFor();
  await p.sidebar.getByLabel('Web app address').fill(`${preview.url}/exec`);
  await p.sidebar.getByRole('button', { name: 'Turn on' }).click();
  await p.sidebar.getByText(/On: the service sends changes to/).waitFor();
  // The test delivery reached doPost; the 302 it got is said plainly.
  await p.sidebar.getByText(/answered with status 302/).waitFor();

  const row = await availableRow();
  const number = (await (await p.at(row, 'Number')).textContent())!.trim();
  const lfd = await p.at(row, 'LFD');
  const before = await lfd.textContent();
  // Three days ago, at noon UTC: the same calendar day at any terminal.
  const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  expect(before).not.toBe(day);
  const changedAt = Date.now();
  const executionsBefore = preview.session.runtime.executions.at(-1)?.id ?? -1;
  const changed = await emulatorJson(`/__emulator/containers/${number}/changes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      lfd: { line: `${day}T12:00:00Z`, terminal: `${day}T12:00:00Z`, rail: `${day}T12:00:00Z` },
    }),
  });
  expect(changed.meta.notifications.length).toBeGreaterThan(0);
  await p.page.waitForFunction(
    ({ a1Row, text }) => {
      const headers = [...document.querySelectorAll('#grid tbody tr:first-child td')].map(
        (td) => td.textContent,
      );
      const col = headers.indexOf('LFD') + 1;
      return (
        document.querySelector(`#grid td[data-row="${a1Row}"][data-column="${col}"]`)
          ?.textContent === text
      );
    },
    { a1Row: row, text: day },
    { timeout: 60_000 },
  );
  console.log(`push: LFD shown ${Date.now() - changedAt} ms after the change`);
  // It came by push (doPost, a web-app execution); no refresh ran in between.
  const since = preview.session.runtime.executions.filter((e) => e.id > executionsBefore);
  expect(since.map((e) => e.kind)).toContain('web-app');
  const refreshes = ['refreshTrackingSheet', 'menuRefreshNow', 'runScheduledRefresh'];
  expect(since.filter((e) => refreshes.includes(e.functionName))).toEqual([]);
  // The service retries every delivery Google answered with a 302 (each retry a doPost run that
  // applies nothing), and the grid redraws as those runs show in the status bar: try again if the
  // cell was redrawn under the screenshot's scroll.
  for (let attempt = 1; ; attempt++) {
    try {
      await p.screenshot('push-lfd-changed', lfd);
      break;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }

  // The token is in the subscription the service holds, and in no answer the page received.
  const hooks = await emulatorJson('/v2/webhooks', {
    headers: { Authorization: `Token ${(await emulatorJson('/__emulator/state')).demoKey}` },
  });
  const token = new URL(hooks.data[0].attributes.url).searchParams.get('token')!;
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  for (const body of p.bodies) expect(body).not.toContain(token);
  await expect(p.sidebar.locator('#push-url').inputValue()).resolves.toBe(`${preview.url}/exec`);
});

test('Settings, left open, shows the push as applied', async () => {
  // The block asks for its status again every PUSH_STATUS_POLL_MS while it is in view.
  await p.sidebar
    .locator('#push-status')
    .getByText(/\([1-9]\d* applied; last one /)
    .waitFor({ timeout: 60_000 });
  await p.screenshot('push-status-applied', p.page.locator('#sidebar'));
});
