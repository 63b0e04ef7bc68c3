// Writes the evidence grid (core/evidence-layout.ts) into its sheet: cleared, then one block of
// values, then one call per kind of format. Every text goes in as literal text (core/sheet-text:
// a hold description `=IMPORTDATA(…)` stays those characters); only the grid's own formulas (the
// Invoice check's differences) are written as formulas. The sheet is shown when written.

import type { EvidenceGrid } from '../../core/evidence-layout';
import { currencyFormat } from '../../core/money-outputs';
import { safeCell } from '../../core/sheet-text';
import { SHEET_DATE_FORMAT } from '../../core/sheet-layout';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

const INPUT_COLOUR = '#fff2cc';
// The labels, the Source notes and the day table through the detention columns fit 1366 px (the
// preview's screenshot, test/browser/preview/evidence.test.ts); longer reasons are cut, not lost.
const WIDTHS = [210, 160, 250, 265, 100, 115, 90, 110, 120, 130, 240];

/** Writes `grid` into the sheet `name` (made when missing, else cleared first) and shows it. */
export function writeEvidenceSheet(
  ss: Spreadsheet,
  name: string,
  existing: Sheet | null,
  grid: EvidenceGrid,
): Sheet {
  const sheet = existing ?? ss.insertSheet(name);
  if (existing) sheet.clear();
  const rows = grid.values.length;
  const width = grid.values[0]?.length ?? 1;
  if (sheet.getMaxRows() < rows)
    sheet.insertRowsAfter(sheet.getMaxRows(), rows - sheet.getMaxRows());
  if (sheet.getMaxColumns() < width)
    sheet.insertColumnsAfter(sheet.getMaxColumns(), width - sheet.getMaxColumns());
  const formula = new Set(grid.formulas.map((f) => `${f.row}:${f.column}`));
  const values = grid.values.map((line, r) =>
    line.map((v, c) => (formula.has(`${r + 1}:${c + 1}`) ? v : safeCell(v))),
  );
  sheet.getRange(1, 1, rows, width).setValues(values);
  if (grid.dates.length > 0) sheet.getRangeList(grid.dates).setNumberFormat(SHEET_DATE_FORMAT);
  const byCurrency = new Map<string, string[]>();
  for (const a of grid.amounts)
    byCurrency.set(a.currency, [...(byCurrency.get(a.currency) ?? []), a.a1]);
  for (const [currency, a1s] of byCurrency)
    sheet.getRangeList(a1s).setNumberFormat(currencyFormat(currency));
  if (grid.bold.length > 0) sheet.getRangeList(grid.bold).setFontWeight('bold');
  if (grid.inputs.length > 0) sheet.getRangeList(grid.inputs).setBackground(INPUT_COLOUR);
  if (!existing) WIDTHS.slice(0, width).forEach((w, i) => sheet.setColumnWidth(i + 1, w));
  ss.setActiveSheet(sheet);
  return sheet;
}
