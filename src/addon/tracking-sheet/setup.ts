// setupTrackingSheet(): creates or repairs the Tracking sheet. Running it again adds what is
// missing and reapplies the formats; it never moves, duplicates or clears a column.

import { readLayout } from '../../core/sheet-layout';
import { ensureFreeTimeSheet } from '../money/free-time-sheet';
import { ensureClosedDaysSheet } from '../money/closed-days-sheet';
import { ALL_HEADERS, NEW_SHEET_COLUMNS, applyFormats } from './tracking-format';
import { TRACKING_SHEET } from '../sheets/sheet-names';
import { statusSheet } from '../sheets/status-sheet';

export function setupTrackingSheet(): string {
  const ss = SpreadsheetApp.getActive();
  const sheet = ss.getSheetByName(TRACKING_SHEET) ?? ss.insertSheet(TRACKING_SHEET);
  const width = Math.max(sheet.getLastColumn(), 1);
  const header = sheet.getRange(1, 1, 1, width).getValues()[0] ?? [];
  const present = new Set(header.map((h) => String(h).trim().toLowerCase()));
  const blank = header.every((h) => String(h).trim() === '');
  const missing = ALL_HEADERS.filter((h) => !present.has(h.toLowerCase()));
  // A new sheet has 26 columns; writing headers past them would fail.
  const needed = blank ? ALL_HEADERS.length : width + missing.length;
  const max = sheet.getMaxColumns();
  if (needed > max) sheet.insertColumnsAfter(max, needed - max);
  if (blank) {
    sheet.getRange(1, 1, 1, ALL_HEADERS.length).setValues([[...ALL_HEADERS]]);
    NEW_SHEET_COLUMNS.forEach((c, i) => sheet.setColumnWidth(i + 1, c.width));
  } else if (missing.length > 0) {
    sheet.getRange(1, width + 1, 1, missing.length).setValues([missing]);
  }
  const finalHeader = sheet.getRange(1, 1, 1, sheet.getLastColumn()).getValues()[0] ?? [];
  const layout = readLayout(finalHeader);
  applyFormats(sheet, layout);
  statusSheet(ss);
  const terms = ensureFreeTimeSheet(ss)
    ? ' Free Time sheet created with two example rules: they price nothing until you make them your own.'
    : '';
  const closed = ensureClosedDaysSheet(ss, Date.now())
    ? ' Closed Days sheet created with one example day.'
    : '';
  const added = blank
    ? 'created the header row'
    : missing.length > 0
      ? `added ${missing.join(', ')}`
      : 'headers already complete';
  return `Tracking sheet ready (${added}).${terms}${closed}`;
}
