// The `Closed Days` sheet: the days a terminal did not work, as the user lists them. Set-up
// creates it when missing, with one example row (marked as such: it closes nothing), and never
// touches it again; a refresh reads it only when a Free Time row counts `working` days
// (core/closed-days.ts turns the values into days).

import {
  CLOSED_DAYS_HEADERS,
  CLOSED_DAYS_SHEET,
  EXAMPLE_MARK,
  NO_CLOSED_DAYS,
  readClosedDays,
  type ClosedDays,
} from '../../core/closed-days';
import { calendarDayIn, serialCellDate, sheetSerialOfDay } from '../../core/timezone';
import { SHEET_DATE_FORMAT } from '../../core/sheet-layout';

const EXAMPLE_NOTE = `${EXAMPLE_MARK}: a day the terminal was closed (holiday, strike, weather); replace with your own, or delete this row`;

export const CLOSED_DAYS_HELP =
  'Closed Days: one day a row, the days a terminal did not work (public holidays, strikes, weather, no appointments). ' +
  'Date: the day (2026-12-25). Terminal: as the Tracking sheet shows it; blank = every terminal. Note: why, in your words. ' +
  'Free Time rows with Counting "working" count free days Monday to Friday except these days, and the evidence for a dispute marks charged days that fall on them. ' +
  'A row whose Note starts with EXAMPLE closes nothing. The add-in never writes to this sheet after creating it.';

/** Creates the Closed Days sheet when missing; returns whether it did. */
export function ensureClosedDaysSheet(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  now: number,
): boolean {
  if (ss.getSheetByName(CLOSED_DAYS_SHEET)) return false;
  const zone = ss.getSpreadsheetTimeZone();
  const sheet = ss.insertSheet(CLOSED_DAYS_SHEET);
  // Christmas Day of this year, in the spreadsheet's zone: a date a reader recognises at once.
  const year = calendarDayIn(now, zone).year;
  const example = serialCellDate(sheetSerialOfDay({ year, month: 12, day: 25 }), zone);
  const width = CLOSED_DAYS_HEADERS.length;
  sheet.getRange(2, 1, Math.max(sheet.getMaxRows() - 1, 1), 1).setNumberFormat(SHEET_DATE_FORMAT);
  sheet.getRange(1, 2, sheet.getMaxRows(), width - 1).setNumberFormat('@');
  sheet.getRange(1, 1, 2, width).setValues([[...CLOSED_DAYS_HEADERS], [example, '', EXAMPLE_NOTE]]);
  sheet.getRange(1, 1, 1, width).setFontWeight('bold');
  sheet.getRange(1, 1).setNote(CLOSED_DAYS_HELP);
  sheet.setFrozenRows(1);
  sheet.setColumnWidth(2, 200);
  sheet.setColumnWidth(3, 420);
  return true;
}

/** The closed days listed: one read of the sheet; none when it does not exist. */
export function readClosedDaysSheet(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sheetTimeZone: string,
): ClosedDays {
  const sheet = ss.getSheetByName(CLOSED_DAYS_SHEET);
  if (!sheet) return NO_CLOSED_DAYS;
  return readClosedDays(sheet.getDataRange().getValues(), sheetTimeZone);
}
