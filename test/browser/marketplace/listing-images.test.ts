// The Workspace Marketplace listing's images, made from the product so they follow it. Sizes are
// Google's (developers.google.com/workspace/marketplace/create-listing, "Graphic assets"): icons
// 128 × 128 and 32 × 32 (96 × 96 and 48 × 48 for listings with a web app), the card banner
// 220 × 140, screenshots 1280 × 800 "with square corners and no padding (full bleed)"; the
// review criteria add that icons are square with transparent backgrounds (about-app-review,
// "Graphics"). The OAuth consent screen's logo is 120 × 120. The icons and the banner are
// rendered from the SVGs in docs/marketplace/images/; the screenshots are the local preview
// (the real bundle against the emulator's demo account) at exactly 1280 × 800. Each file's size
// is read back from its PNG header. Writes docs/marketplace/images/*.png (committed).

import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { PreviewPage } from '../preview/preview-page';
import { usePreview } from '../preview/use-preview';

const IMAGES = path.resolve(__dirname, '../../../docs/marketplace/images');
const SCREEN = { width: 1280, height: 800 };

/** Width, height and colour type of a PNG, from its IHDR chunk (PNG spec: bytes 16–25). */
export function pngHeader(file: string): { width: number; height: number; colourType: number } {
  const bytes = readFileSync(file);
  const signature = bytes.subarray(0, 8).toString('hex');
  if (signature !== '89504e470d0a1a0a') throw new Error(`${file} is not a PNG`);
  if (bytes.subarray(12, 16).toString('ascii') !== 'IHDR') throw new Error(`${file}: no IHDR`);
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    colourType: bytes.readUInt8(25),
  };
}

/** PNG colour type 6: truecolour with alpha, so the background can be transparent. */
const RGBA = 6;

/** Renders an SVG file into a PNG of exactly `size`, on a transparent page when `transparent`. */
async function renderSvg(
  page: Page,
  svgFile: string,
  out: string,
  size: { width: number; height: number },
  transparent: boolean,
): Promise<void> {
  const svg = readFileSync(path.join(IMAGES, svgFile)).toString('base64');
  await page.setViewportSize(size);
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:transparent">` +
      `<img id="art" alt="" width="${size.width}" height="${size.height}" ` +
      `style="display:block" src="data:image/svg+xml;base64,${svg}"></body></html>`,
  );
  await page.locator('#art').evaluate((img: HTMLImageElement) => img.decode());
  await page.screenshot({ path: path.join(IMAGES, out), omitBackground: transparent });
}

let p: PreviewPage;
const started = usePreview({ viewport: SCREEN });
beforeAll(() => {
  ({ p } = started);
  mkdirSync(IMAGES, { recursive: true });
});

/** Closes every toast and, unless kept, the sidebar: the picture shows the sheet itself. */
async function clearView(keepSidebar = false): Promise<void> {
  for (const close of await p.page.getByRole('button', { name: 'Close the message' }).all())
    await close.click();
  const sidebar = p.page.locator('#sidebar-close');
  if (!keepSidebar && (await sidebar.isVisible())) await sidebar.click();
}

async function shoot(name: string, keepSidebar = false): Promise<void> {
  await clearView(keepSidebar);
  const file = path.join(IMAGES, name);
  await p.page.screenshot({ path: file });
  expect(pngHeader(file)).toMatchObject({ width: SCREEN.width, height: SCREEN.height });
}

test('the icons: every size the listing and the consent screen ask for, square and transparent', async () => {
  const page = await p.page.context().newPage();
  try {
    for (const size of [128, 120, 96, 48, 32]) {
      const name = `icon-${size}.png`;
      await renderSvg(page, 'icon.svg', name, { width: size, height: size }, true);
      expect([name, pngHeader(path.join(IMAGES, name))]).toEqual([
        name,
        { width: size, height: size, colourType: RGBA },
      ]);
    }
  } finally {
    await page.close();
  }
});

test('the application card banner is 220 × 140', async () => {
  const page = await p.page.context().newPage();
  try {
    await renderSvg(
      page,
      'card-banner.svg',
      'card-banner-220x140.png',
      {
        width: 220,
        height: 140,
      },
      false,
    );
  } finally {
    await page.close();
  }
  expect(pngHeader(path.join(IMAGES, 'card-banner-220x140.png'))).toMatchObject({
    width: 220,
    height: 140,
  });
});

test('screenshot 1: the Tracking sheet with Attention and money', async () => {
  await p.menu('Refresh now');
  await p.page
    .locator('#grid td', { hasText: /^LFD (passed|today)/ })
    .first()
    .waitFor();
  await p.page
    .locator('#grid td', { hasText: /^USD [\d,]+\.\d{2}$/ })
    .first()
    .waitFor();
  await shoot('screenshot-1-tracking.png');
});

test("screenshot 2: the sidebar beside the sheet, a row's references and timeline", async () => {
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
  await events.nth(2).scrollIntoViewIfNeeded();
  await expect(p.page.locator('#sidebar-frame').isVisible()).resolves.toBe(true);
  await shoot('screenshot-2-sidebar.png', true);
});

test('screenshot 3: the Pull List, most expensive box first', async () => {
  await p.sheet('Pull List');
  await p.cell('A1').filter({ hasText: 'Number' }).waitFor();
  await p.cell('D2').filter({ hasText: /^USD / }).waitFor();
  await shoot('screenshot-3-pull-list.png');
});

test('screenshot 4: an alert email in the Outbox', async () => {
  const { page } = p;
  await p.sheet('Tracking');
  const before = Number(await page.locator('#outbox-count').textContent());
  const changed = page.waitForResponse((r) => r.url().endsWith('/__preview/demo-changes'));
  await page.getByRole('button', { name: 'Demo changes' }).click();
  await changed;
  await page.waitForFunction(
    (n) => Number(document.getElementById('outbox-count')!.textContent) > n,
    before,
  );
  await page.getByRole('button', { name: /Outbox/ }).click();
  await page.locator('#outbox-list li').first().click();
  await page.frameLocator('#outbox-frame').getByText(/LFD/).first().waitFor();
  await shoot('screenshot-4-alert-email.png');
});
