// The README's picture of the preview, taken from the running product at a laptop's 1366 × 768 so
// it never shows a page that no longer exists: the Tracking sheet after a refresh, with the
// sidebar open. Writes docs/images/preview.png (committed; this test keeps it current).

import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PreviewPage } from './preview-page';
import { usePreview } from './use-preview';

jest.setTimeout(60_000);

const PICTURE = path.resolve(__dirname, '../../../docs/images/preview.png');

let p: PreviewPage;
const started = usePreview({ viewport: { width: 1366, height: 768 } });
beforeAll(() => ({ p } = started));

test('docs/images/preview.png shows the Tracking sheet and the sidebar at 1366×768', async () => {
  await p.menu('Refresh now');
  await p.menu('Open sidebar');
  await p.sidebar.getByRole('tab', { name: 'Track' }).waitFor();
  // What the picture must show before it is taken: the urgent words, and the sidebar beside them.
  await p.page
    .locator('#grid td', { hasText: /^LFD (passed|today)/ })
    .first()
    .waitFor();
  await expect(p.page.locator('#sidebar-frame').isVisible()).resolves.toBe(true);
  mkdirSync(path.dirname(PICTURE), { recursive: true });
  const before = Date.now();
  await p.page.screenshot({ path: PICTURE });
  expect(statSync(PICTURE).mtimeMs).toBeGreaterThanOrEqual(before - 1000);
  expect(statSync(PICTURE).size).toBeGreaterThan(20_000);
});
