// One running preview and a Chromium page on it for a test file: the preview's local tools built,
// `startPreview` on free ports, the page opened (optionally at a viewport), all closed after the
// file; after each test, the page must have had no script error, console error or dialog. Call at
// the top level; the returned object's fields are set once beforeAll has run. Sets the file's
// jest timeout (BROWSER_TEST_MS).

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startPreview, type Preview } from '../../../local/preview/start-preview';
import { BROWSER_TEST_MS, launchChromium, type Chromium } from '../support/chromium';
import { PreviewPage } from './preview-page';

const ROOT = path.resolve(__dirname, '../../..');

export interface PreviewUnderTest {
  preview: Preview;
  p: PreviewPage;
}

export function usePreview(
  options: { viewport?: { width: number; height: number } } = {},
): PreviewUnderTest {
  const session = {} as PreviewUnderTest;
  let browser: Chromium | undefined;
  // Starting the preview and a whole session's steps: room for slow waits on a busy machine.
  jest.setTimeout(BROWSER_TEST_MS);
  beforeAll(async () => {
    // dist/Code.js is built by `npm run test:browser`; the preview's own files by the local build.
    execFileSync(process.execPath, ['esbuild.config.mjs', '--local'], { cwd: ROOT });
    session.preview = await startPreview({ port: 0, emulatorPort: 0 });
    browser = await launchChromium();
    session.p = await PreviewPage.open(browser.context, session.preview.url);
    if (options.viewport) await session.p.page.setViewportSize(options.viewport);
  });
  afterEach(() => {
    expect(session.p.pageErrors).toEqual([]);
    expect(session.p.dialogs).toEqual([]);
    expect(session.p.consoleErrors).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await session.preview?.close();
  });
  return session;
}
