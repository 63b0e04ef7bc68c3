// Money at risk as a newcomer sees it in the preview at 1366×768: the demo's Free Time terms
// price the Tracking rows (Cost Tomorrow, Demurrage, Detention and Return By on screen, amounts
// with their currency), and the Pull List lists the boxes to send a truck for, most expensive
// first. Saves test-results/preview/money-tracking-1366x768.png and money-pull-list-1366x768.png.

import { LAPTOP, inViewport, type PreviewPage } from './preview-page';
import { usePreview } from './use-preview';

jest.setTimeout(60_000);

const VIEWPORT = LAPTOP;
const AMOUNT = /^USD [\d,]+\.\d{2}$/;

let p: PreviewPage;

const started = usePreview({ viewport: VIEWPORT });
beforeAll(() => ({ p } = started));

async function texts(header: string, rows: number): Promise<string[]> {
  const out: string[] = [];
  for (let row = 2; row <= rows; row++)
    out.push((await (await p.at(row, header)).textContent()) ?? '');
  return out;
}

test('the Tracking sheet shows what a day costs, on screen, in its currency', async () => {
  await p.menu('Refresh now');
  const late = await p.rowOf(/^Last free day passed/);
  for (const header of ['Cost Tomorrow', 'Demurrage', 'Detention', 'Return By']) {
    const cell = await p.at(1, header);
    expect([header, inViewport(await cell.boundingBox())]).toEqual([header, true]);
  }
  await expect((await p.at(late, 'Demurrage')).textContent()).resolves.toMatch(AMOUNT);
  await expect((await p.at(late, 'Cost Tomorrow')).textContent()).resolves.toMatch(AMOUNT);
  // A picked-up box: its demurrage is final, its detention clock runs from the full-out day.
  const out = await p.rowOf(/^Picked up/);
  await expect((await p.at(out, 'Return By')).textContent()).resolves.toMatch(
    /^\d{4}-\d{2}-\d{2}$/,
  );
  await p.screenshot('money-tracking-1366x768');
});

test('the Pull List puts the most expensive box to leave first', async () => {
  await p.sheet('Pull List');
  await p.cell('A1').filter({ hasText: 'Number' }).waitFor();
  const headers = await p.page.locator('#grid tbody tr:first-child td').allTextContents();
  expect(headers.slice(0, 7)).toEqual([
    'Number',
    'Terminal',
    'LFD',
    'Cost Tomorrow',
    'Demurrage',
    'Appointment',
    'Link',
  ]);
  // The pickups, down to the blank row above "Empties to return" (a list of its own).
  const column = await texts('Number', 12);
  const numbers = column.slice(0, column.includes('') ? column.indexOf('') : column.length);
  expect(numbers.length).toBeGreaterThan(0);
  const costs = (await texts('Cost Tomorrow', numbers.length + 1)).map((t) =>
    Number(t.replace(/[^\d.]/g, '')),
  );
  expect(costs).toEqual([...costs].sort((a, b) => b - a));
  expect(costs[0]).toBeGreaterThan(0);
  await p.screenshot('money-pull-list-1366x768');
});

test('Settings shows the Free Time rules in use and the boxes no rule matches', async () => {
  await p.sheet('Tracking');
  await p.menu('Settings');
  await p.sidebar
    .getByRole('heading', { name: 'Free Time (money at risk)' })
    .scrollIntoViewIfNeeded();
  const rules = p.sidebar.locator('#free-time-rules li');
  await rules.first().waitFor();
  const texts = await rules.allTextContents();
  expect(texts[0]).toMatch(
    /^Row 2: demurrage · any carrier · any terminal · 150x4, 250x5, 400 USD \(\d+ boxes\)$/,
  );
  expect(texts[1]).toMatch(
    /^Row 3: detention · any carrier · any terminal · 4 calendar free days · 100x5, 175 USD/,
  );
  await expect(p.sidebar.locator('#free-time-unmatched').textContent()).resolves.toBe(
    'Every box matches a rule.',
  );
  await p.screenshot('money-settings-1366x768');
});
