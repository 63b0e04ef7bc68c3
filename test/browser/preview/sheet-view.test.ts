// The preview's grid as a person uses it on a 1366×768 laptop: frozen rows and the frozen Number
// column stay in view while the grid scrolls (checked by what is actually on top at a point, not
// by CSS), toasts from before the page opened do not come back, Format → Number → Date makes an
// LFD() cell's day number a date, and the Change Log's times read like the sheet's other times.
// Saves screenshots in test-results/preview.

import type { Preview } from '../../../local/preview/start-preview';
import type { PreviewPage } from './preview-page';
import { usePreview } from './use-preview';

const VIEWPORT = { width: 1366, height: 768 };

let preview: Preview;
let p: PreviewPage;

const started = usePreview({ viewport: VIEWPORT });
beforeAll(() => ({ preview, p } = started));

/** What the page shows on top at the centre of `box` (as a click there would hit it). */
async function topmostAt(x: number, y: number): Promise<{ cell: string | null; text: string }> {
  return p.page.evaluate(
    ([px, py]) => {
      const hit = document.elementFromPoint(px!, py!)?.closest('td, th');
      return { cell: hit?.getAttribute('data-cell') ?? null, text: hit?.textContent ?? '' };
    },
    [x, y],
  );
}

async function centre(a1: string): Promise<{ x: number; y: number }> {
  const box = (await p.cell(a1).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The page has applied a state from the server (the clock shows the emulator's time). */
async function stateShown(): Promise<void> {
  await p.page
    .locator('#clock')
    .filter({ hasText: /\d{4}-\d{2}-\d{2}/ })
    .waitFor();
}

async function formatNumberAs(choice: string): Promise<void> {
  const applied = p.page.waitForResponse((r) => r.url().endsWith('/__preview/format'));
  await p.page.getByRole('button', { name: 'Format', exact: true }).click();
  // The submenu's opener (its name ends in ▸); its own "Number" choice is hidden until it opens.
  await p.page.getByRole('menuitem', { name: /^Number\W/ }).click();
  await p.page.getByRole('menuitem', { name: choice, exact: true }).click();
  expect((await applied).status()).toBe(200);
}

test('a toast from before the page opened stays away; a new one shows and can be closed', async () => {
  // The start-up's refresh toasted; so does any action before a reload.
  expect(preview.session.runtime.ui.toasts.length).toBeGreaterThan(0);
  await p.page.reload();
  await stateShown();
  // A second state too: whatever the page would show from the first one is up by then.
  await p.page.waitForResponse((r) => r.url().endsWith('/__preview/state'));
  await expect(p.page.locator('#toasts .toast').count()).resolves.toBe(0);
  await p.screenshot('reload-no-old-toast');

  await p.menu('Set up Tracking sheet');
  const toast = p.page.locator('#toasts .toast', { hasText: /Tracking sheet ready/ });
  await toast.waitFor();
  await toast.getByRole('button', { name: 'Close the message' }).click();
  await toast.waitFor({ state: 'detached' });
});

test('the header row, its number and the Number column stay in view while the grid scrolls', async () => {
  // Something far below the demo rows (in the user's own column), so the grid scrolls down too.
  const note = await p.at(1, 'Demo note');
  const noteColumn = Number(await note.getAttribute('data-column'));
  const model = preview.session.runtime.spreadsheet;
  model.write(model.sheetByName('Tracking')!, 60, noteColumn, 'far below');
  await p.page.locator(`#grid td[data-row="60"]`, { hasText: 'far below' }).waitFor();
  await p.page.locator('#grid-scroll').evaluate((grid) => {
    grid.scrollLeft = 700;
    grid.scrollTop = 300;
  });
  const grid = (await p.page.locator('#grid-scroll').boundingBox())!;
  const row = (await p.page.locator('#grid tbody th', { hasText: /^20$/ }).boundingBox())!;
  await p.screenshot('frozen-scrolled');

  // Row 1 (the headers) and its number, under the column letters.
  const header = await centre('A1');
  await expect(topmostAt(header.x, header.y)).resolves.toEqual({ cell: 'A1', text: 'Number' });
  await expect(topmostAt(grid.x + 20, header.y)).resolves.toEqual({ cell: null, text: '1' });
  expect(header.x).toBeLessThan(grid.x + 46 + 125);
  // Row 20's Number, beside its row number, though the grid is scrolled 700 px right.
  const number = await centre('A20');
  expect(Math.abs(number.y - (row.y + row.height / 2))).toBeLessThan(2);
  expect(number.x).toBeLessThan(grid.x + 46 + 125);
  const numberCell = await topmostAt(number.x, number.y);
  expect(numberCell.cell).toBe('A20');
  // The columns scrolled under it are out of sight; the one right of the frozen edge shows.
  await expect(topmostAt(grid.x + 46 + 125 + 20, header.y)).resolves.not.toMatchObject({
    cell: 'B1',
  });
  // Its column letter stays above it.
  await expect(topmostAt(header.x, grid.y + 10)).resolves.toEqual({ cell: null, text: 'A' });
  await p.page.locator('#grid-scroll').evaluate((g) => g.scrollTo(0, 0));
});

test('a typed LFD() reads as a date at once; Format → Number → Date formats a cell or a whole column', async () => {
  await p.sheet('Formulas');
  const sheet = preview.session.runtime.spreadsheet.sheetByName('Formulas')!;
  // Below the demo's rows, which stay as they are.
  const row = sheet.lastRow() + 2;
  const number = (await p.cell('A2').textContent())!;
  await p.type(p.cell(`A${row}`), number, 'Tab');
  await p.type(p.cell(`B${row}`), `=LFD(A${row}, "pickup")`);
  const lfd = p.cell(`B${row}`);
  // The edit ran the add-in's onEdit: the cell got the LFD column's format, the value its serial.
  await lfd.filter({ hasText: /^\d{4}-\d{2}-\d{2}$/ }).waitFor();
  expect(sheet.cell(row, 2)?.numberFormat).toBe('yyyy-mm-dd');
  const day = (await lfd.textContent())!;
  const serial = (Date.parse(`${day}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;
  await p.screenshot('format-date', lfd);

  // A number typed by hand is no LFD(): it shows as a number until formatted.
  const typed = p.cell(`C${row}`);
  await p.type(typed, String(serial));
  await typed.filter({ hasText: String(serial) }).waitFor();
  await typed.click();
  await formatNumberAs('Date');
  await typed.filter({ hasText: day }).waitFor();
  // It went through the runtime's Range: a script reads the same format back.
  expect(sheet.cell(row, 3)?.numberFormat).toBe('yyyy-mm-dd');

  // A column's letter selects the whole column; the format reaches every row of it.
  const inH = p.cell(`H${row + 1}`);
  await p.type(inH, String(serial));
  await inH.filter({ hasText: String(serial) }).waitFor();
  await p.page.locator('#grid thead th', { hasText: /^H$/ }).click();
  await expect(p.page.locator('#name-box').textContent()).resolves.toBe('H:H');
  await formatNumberAs('Date');
  await inH.filter({ hasText: day }).waitFor();
  expect(sheet.cell(sheet.maxRows, 8)?.numberFormat).toBe('yyyy-mm-dd');
  await p.sheet('Tracking');
});

test('the Change Log shows its times the way the Tracking sheet shows Updated', async () => {
  const changed = p.page.waitForResponse((r) => r.url().endsWith('/__preview/demo-changes'));
  await p.page.getByRole('button', { name: 'Demo changes' }).click();
  expect((await (await changed).json()).error).toBeUndefined();
  const updatedColumn = Number(await (await p.at(1, 'Updated')).getAttribute('data-column'));
  const updated = await p.page
    .locator(`#grid td[data-row="2"][data-column="${updatedColumn}"]`)
    .textContent();
  await p.sheet('Change Log');
  await p.cell('A2').filter({ hasText: /\d/ }).waitFor();
  const times = await p.page.locator('#grid td[data-column="1"]').allTextContents();
  const shape = (text: string) => text.replace(/\d/g, '9');
  expect(shape(updated!)).toBe('9999-99-99 99:99');
  expect(new Set(times.slice(1).filter(Boolean).map(shape))).toEqual(new Set([shape(updated!)]));
  await p.screenshot('change-log-times');
  await p.sheet('Tracking');
});
