// The evidence for a dispute as a newcomer meets it in the preview at 1366×768: the demo box
// returned late after a customs hold and a moved LFD; References → Evidence for a dispute writes
// and shows its `Evidence <number>` sheet (its dates, a row per day, the days to dispute with
// their reasons, the Invoice check); a BOL row gets a message saying what to do instead.
// Saves test-results/preview/evidence-1366x768.png and evidence-disputes-1366x768.png.

import { LAPTOP, type PreviewPage } from './preview-page';
import { usePreview } from './use-preview';

let p: PreviewPage;

const started = usePreview({ viewport: LAPTOP });
beforeAll(() => ({ p } = started));

async function openReferencesFor(note: RegExp): Promise<string> {
  await p.sheet('Tracking');
  const row = await p.rowOf(note);
  const numberCell = await p.at(row, 'Number');
  const number = (await numberCell.textContent()) ?? '';
  await numberCell.click();
  if (!(await p.sidebar.getByRole('tab', { name: 'References' }).isVisible()))
    await p.menu('Open sidebar');
  await p.sidebar.getByRole('tab', { name: 'References' }).click();
  await p.sidebar.getByRole('button', { name: 'Use selected row' }).click();
  await p.sidebar.getByText(new RegExp(`^Row ${row}: `)).waitFor();
  return number;
}

test('the demo box returned late: its evidence sheet, with the days to dispute and why', async () => {
  const number = await openReferencesFor(/^Returned late/);
  await p.sidebar.getByRole('button', { name: 'Evidence for a dispute' }).click();
  const status = p.sidebar.locator('#evidence-status');
  await status
    .getByText(`Sheet "Evidence ${number}" written: 2 charged days to dispute.`)
    .waitFor();

  // The sheet: its title, the moved LFD, the hold, the days and the reasons.
  await p.sheet(`Evidence ${number}`);
  await p
    .cell('A1')
    .filter({ hasText: `Evidence for a dispute: ${number}` })
    .waitFor();
  const grid = p.page.locator('#grid');
  const text = (await grid.textContent()) ?? '';
  expect(text).toContain('LFD, terminal');
  expect(text).toContain('Hold released');
  expect(text).toContain('customs: hold (CBP exam ordered)');
  expect(text).toContain('The add-in’s knowledge starts');
  // The demo's history and the service's record agree: no value only this build has seen.
  expect(text).not.toContain('first seen by this evidence');
  await p.screenshot('evidence-1366x768');

  // The sidebar closed, so the detention columns and the running total show too.
  await p.page.getByRole('button', { name: 'Close the sidebar' }).click();
  const disputes = p.page.locator('#grid td', { hasText: /^Days to dispute$/ }).first();
  await disputes.scrollIntoViewIfNeeded();
  expect(text).toMatch(/on an active hold all day: customs \(CBP exam ordered\)/);
  expect(text).toContain('terminal closed: Gate closed all day: storm');
  expect(text).toContain('Invoice check');
  await p.screenshot('evidence-disputes-1366x768', disputes);
  // The Invoice check at the top of the view: its yellow input cells and the differences.
  const check = p.page.locator('#grid td', { hasText: /^Invoice check$/ }).first();
  await check.evaluate((e) => e.scrollIntoView({ block: 'start' }));
  // The invoice charges one demurrage day more than the add-in counts (4 days, USD 600.00).
  const header = p.page.locator('#grid td', { hasText: /^Days \(add-in\)$/ }).first();
  const demurrage = Number(await header.getAttribute('data-row')) + 1;
  await p.type(p.cell(`E${demurrage}`), '5');
  await p.type(p.cell(`F${demurrage}`), '750');
  await p.cell(`G${demurrage}`).filter({ hasText: /^1$/ }).waitFor();
  await p.cell(`H${demurrage}`).filter({ hasText: 'USD 150.00' }).waitFor();
  await p.screenshot('evidence-invoice-check-1366x768');
});

test('a BOL row: the sidebar says evidence is per container, and no sheet is written', async () => {
  const number = await openReferencesFor(/^A BOL with several containers/);
  await p.sidebar.getByRole('button', { name: 'Evidence for a dispute' }).click();
  const status = p.sidebar.locator('#evidence-status');
  await status
    .getByText(
      `Evidence is built for one container, and ${number} is a bill of lading or booking`,
      {
        exact: false,
      },
    )
    .waitFor();
  await expect(status.getAttribute('data-kind')).resolves.toBe('error');
  await expect(p.page.getByRole('tab', { name: `Evidence ${number}` }).count()).resolves.toBe(0);
});
