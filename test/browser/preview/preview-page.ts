// The preview page under test: a page object over the grid, the formula bar, the menu bar and
// the sidebar frame, recording page errors, dialogs and every body the preview served (to prove
// the API key is never among them). Screenshots go to test-results/preview.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';

export const SCREENSHOTS = path.resolve(__dirname, '../../../test-results/preview');

/** The laptop screen the dispatcher views are checked at. */
export const LAPTOP = { width: 1366, height: 768 };

type Box = { x: number; y: number; width: number; height: number };

/** Whether an element's box lies wholly on a screen of `viewport`'s size. */
export function inViewport(box: Box | null, viewport = LAPTOP): boolean {
  return (
    box !== null &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= viewport.width &&
    box.y + box.height <= viewport.height
  );
}

export class PreviewPage {
  readonly pageErrors: string[] = [];
  readonly dialogs: string[] = [];
  readonly bodies: string[] = [];
  /** Console errors of the page and the sidebar frame (a blocked script or style shows here). */
  readonly consoleErrors: string[] = [];
  readonly sidebar: FrameLocator;

  private constructor(readonly page: Page) {
    this.sidebar = page.frameLocator('#sidebar-frame');
  }

  static async open(context: BrowserContext, url: string): Promise<PreviewPage> {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1600, height: 900 });
    const p = new PreviewPage(page);
    page.on('pageerror', (e) => p.pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') p.consoleErrors.push(m.text());
    });
    page.on('dialog', (d) => {
      p.dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('response', (res) => {
      if (res.url().startsWith(url))
        void res.text().then(
          (t) => p.bodies.push(t),
          () => undefined,
        );
    });
    await page.goto(url);
    await p.cell('A2').waitFor();
    return p;
  }

  cell(a1: string): Locator {
    return this.page.locator(`#grid td[data-cell="${a1}"]`);
  }

  /** The cell under a header of the active sheet's first row, e.g. at(12, 'Tracking'). */
  async at(row: number, header: string): Promise<Locator> {
    const headers = await this.page.locator('#grid tbody tr:first-child td').allTextContents();
    const column = headers.indexOf(header);
    if (column < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
    return this.page.locator(`#grid td[data-row="${row}"][data-column="${column + 1}"]`);
  }

  /** Row number of the demo row whose "Demo note" cell (the last column) matches. */
  async rowOf(note: RegExp): Promise<number> {
    const notes = await this.page
      .locator('#grid tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.lastElementChild?.textContent ?? ''));
    const index = notes.findIndex((n) => note.test(n));
    if (index < 0) throw new Error(`no demo row ${note}`);
    return index + 1;
  }

  async background(cell: Locator): Promise<string> {
    return cell.evaluate((e) => getComputedStyle(e).backgroundColor);
  }

  /**
   * Selects a cell and types into it through the formula bar, as a person would, then waits for
   * the cell to show what was typed (or, for a formula, for the edit to be saved).
   */
  async type(cell: Locator, text: string, key: 'Enter' | 'Tab' = 'Enter'): Promise<void> {
    await cell.click();
    await this.page.locator('#cell-input').fill(text);
    const saved = this.page.waitForResponse((r) => r.url().endsWith('/__preview/cell'));
    await this.page.locator('#cell-input').press(key);
    await saved;
    if (!text.startsWith('=')) await cell.filter({ hasText: text }).waitFor();
  }

  /** Runs an item of Extensions › LFD Watch: Container Tracking and waits until the page has applied its result. */
  async menu(...path: string[]): Promise<void> {
    await this.page.getByRole('button', { name: 'Extensions', exact: true }).click();
    await this.page.getByRole('menuitem', { name: 'LFD Watch: Container Tracking' }).click();
    const ran = this.page.waitForResponse((r) => r.url().endsWith('/__preview/menu'));
    for (const caption of path) await this.page.getByRole('menuitem', { name: caption }).click();
    await ran;
    // The page marks a running item with a progress cursor and clears it once the state is shown.
    await this.page.waitForFunction(() => document.body.style.cursor !== 'progress');
  }

  async sheet(name: string): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  /** Saves a screenshot, the grid scrolled to show `focus` if given. */
  async screenshot(name: string, focus?: Locator): Promise<void> {
    await focus?.scrollIntoViewIfNeeded();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await this.page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  }
}
