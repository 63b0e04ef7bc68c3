// The Tracking sheet as a dispatcher first sees it on a 1366×768 laptop: the urgent rows (LFD
// passed or today, on hold) and the reasons for them are on screen without scrolling, in the
// colour the reason calls for. Saves test-results/preview/dispatcher-1366x768.png.

import { LAPTOP, inViewport, type PreviewPage } from './preview-page';
import { usePreview } from './use-preview';

const RED = 'rgb(244, 199, 195)';
const HOLD = 'rgb(225, 196, 240)';
const VIEWPORT = LAPTOP;

let p: PreviewPage;

const started = usePreview({ viewport: VIEWPORT });
beforeAll(() => ({ p } = started));

/** Attention cells of the Tracking sheet whose text matches, with their row numbers. */
async function attention(match: RegExp): Promise<{ row: number; text: string }[]> {
  const headers = await p.page.locator('#grid tbody tr:first-child td').allTextContents();
  const column = headers.indexOf('Attention') + 1;
  expect(column).toBeGreaterThan(0);
  const cells = p.page.locator(`#grid td[data-column="${column}"]`);
  const all = await cells.evaluateAll((tds) =>
    tds.map((td) => ({ row: Number(td.getAttribute('data-row')), text: td.textContent ?? '' })),
  );
  return all.filter((c) => c.row > 1 && match.test(c.text));
}

test('at 1366×768 the urgent rows and their reasons show without scrolling, coloured', async () => {
  await p.menu('Refresh now');
  const urgent = await attention(/^(LFD passed|LFD today)/);
  const held = await attention(/^on hold/);
  expect(urgent.length).toBeGreaterThan(0);
  expect(held.length).toBeGreaterThan(0);
  for (const { row, text } of [...urgent, ...held]) {
    const cell = await p.at(row, 'Attention');
    expect([text, inViewport(await cell.boundingBox())]).toEqual([text, true]);
    const number = await p.at(row, 'Number');
    expect(inViewport(await number.boundingBox())).toBe(true);
    const colour = text.startsWith('on hold') ? HOLD : RED;
    await expect(p.background(cell)).resolves.toBe(colour);
    await expect(p.background(await p.at(row, 'LFD'))).resolves.toBe(colour);
  }
  // A box that has left the terminal keeps its old LFD, uncoloured: nothing to do about it; its
  // Attention speaks only of the empty to return (Return By is a deadline: docs/reference.md).
  const notes = await p.page
    .locator('#grid tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.lastElementChild?.textContent ?? ''));
  const pickedUp = notes.findIndex((n) => n.startsWith('Picked up')) + 1;
  expect(pickedUp).toBeGreaterThan(0);
  await expect((await p.at(pickedUp, 'Attention')).textContent()).resolves.toMatch(
    /^(|return empty.*)$/,
  );
  await expect((await p.at(pickedUp, 'LFD')).textContent()).resolves.toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(p.background(await p.at(pickedUp, 'LFD'))).resolves.not.toBe(RED);
  await p.screenshot('dispatcher-1366x768');
});
