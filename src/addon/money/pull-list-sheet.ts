// The `Pull List` sheet, owned by the add-in: rebuilt whole by each refresh (cleared, then one
// write of every row), never appended to, so it always is today's list and stays bounded by the
// boxes on the Tracking sheet. The rows come from core/pull-list.ts.

import {
  EMPTIES_HEADERS,
  PULL_LIST_HEADERS,
  PULL_LIST_SHEET,
  type PullListRow,
} from '../../core/pull-list';
import { safeCell } from '../../core/sheet-text';
import { SHEET_DATE_FORMAT } from '../../core/sheet-layout';

const NOTE =
  'Pull List: the boxes still to be picked up (at the terminal, or inland after a rail move), available and without an active hold, ' +
  'most expensive to leave first (Cost Tomorrow, then the earlier LFD). Below them, the empties to return, most expensive first. ' +
  'Rebuilt by every refresh of the Tracking sheet: edits here are replaced.';

function pullListSheet(ss: GoogleAppsScript.Spreadsheet.Spreadsheet) {
  const found = ss.getSheetByName(PULL_LIST_SHEET);
  if (found) return found;
  const sheet = ss.insertSheet(PULL_LIST_SHEET);
  sheet.getRange(1, 1, 1, PULL_LIST_HEADERS.length).setFontWeight('bold');
  sheet.getRange(1, 1).setNote(NOTE);
  sheet.setFrozenRows(1);
  sheet.getRange(2, 3, Math.max(sheet.getMaxRows() - 1, 1), 1).setNumberFormat(SHEET_DATE_FORMAT);
  return sheet;
}

/**
 * Replaces the Pull List with `rows` and, under a blank row, the `empties` to return, in one
 * write: the rows of the last list that the new one does not reach are written blank in the same
 * block. Returns the sheet writes it made.
 */
export function rebuildPullList(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  rows: readonly PullListRow[],
  empties: readonly PullListRow[] = [],
): number {
  const sheet = pullListSheet(ss);
  const blank = PULL_LIST_HEADERS.map(() => '');
  const cells = (list: readonly PullListRow[]) => list.map((r) => r.cells.map((v) => safeCell(v)));
  const values: unknown[][] = [
    [...PULL_LIST_HEADERS],
    ...cells(rows),
    ...(empties.length > 0 ? [blank, [...EMPTIES_HEADERS], ...cells(empties)] : []),
  ];
  const last = sheet.getLastRow();
  while (values.length < last) values.push(blank);
  if (values.length > last) {
    const max = sheet.getMaxRows();
    if (values.length > max) sheet.insertRowsAfter(max, values.length - max);
  }
  const width = PULL_LIST_HEADERS.length;
  sheet.getRange(1, 1, values.length, width).setValues(values);
  // The empties' header reads as a header wherever this rebuild puts it; the rows it left do not.
  if (values.length > 1) sheet.getRange(2, 1, values.length - 1, width).setFontWeight('normal');
  if (empties.length > 0) sheet.getRange(rows.length + 3, 1, 1, width).setFontWeight('bold');
  return 1;
}
