// Stage: read the sheet. One getValues of the Tracking sheet, its layout found by header text, and
// its rows; a missing sheet or merged headers stop the run with what to do.

import { AppError } from '../../core/errors';
import { readLayout } from '../../core/sheet-layout';
import { readRows, type Row } from '../sheets/rows-io';
import { TRACKING_SHEET } from '../sheets/sheet-names';
import type { SheetState } from './sheet-state';
import { PRODUCT_NAME } from '../../core/product';

function hasInnerBlank(header: Row): boolean {
  const filled = header.map((h) => String(h ?? '').trim() !== '');
  const last = filled.lastIndexOf(true);
  return filled.slice(0, last).includes(false);
}

export function readSheet(ss: GoogleAppsScript.Spreadsheet.Spreadsheet): SheetState {
  const sheet = ss.getSheetByName(TRACKING_SHEET);
  if (!sheet) {
    throw new AppError(
      'input',
      `There is no sheet named "${TRACKING_SHEET}". Run Extensions → ${PRODUCT_NAME} → Set up Tracking sheet (or rename your sheet back to "${TRACKING_SHEET}").`,
    );
  }
  const values = sheet.getDataRange().getValues() as Row[];
  const layout = readLayout(values[0] ?? []);
  // A merge leaves blank cells inside the header row; only then is it worth asking Sheets (one
  // more call) whether headers are merged.
  if (
    hasInnerBlank(values[0] ?? []) &&
    sheet.getRange(1, 1, 1, layout.width).getMergedRanges().length > 0
  ) {
    throw new AppError(
      'input',
      'Header cells in row 1 of the Tracking sheet are merged. Unmerge them so each column has its own header.',
    );
  }
  return { sheet, values, layout, rows: readRows(values, layout) };
}
