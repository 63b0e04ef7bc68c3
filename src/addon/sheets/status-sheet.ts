// The hidden status sheet: how the last refresh went. B1 (named CT_LAST_REFRESH) is the cell
// custom-function formulas may point at, so a refresh that wrote makes them recalculate; B3
// keeps an unresolved failure for the next time the spreadsheet is opened.

import { STATUS_SHEET, REFRESH_SIGNAL_NAME } from './sheet-names';

export function statusSheet(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
): GoogleAppsScript.Spreadsheet.Sheet {
  let sheet = ss.getSheetByName(STATUS_SHEET);
  if (!sheet) {
    sheet = ss.insertSheet(STATUS_SHEET);
    sheet.getRange(1, 1, 2, 2).setValues([
      ['Last refresh', ''],
      ['Status', 'Not refreshed yet'],
    ]);
    sheet.hideSheet();
  }
  if (!ss.getRangeByName(REFRESH_SIGNAL_NAME))
    ss.setNamedRange(REFRESH_SIGNAL_NAME, sheet.getRange('B1'));
  return sheet;
}

/** When the last refresh of any kind wrote, as the status sheet says; null when unknown. */
export function lastRefreshAt(ss: GoogleAppsScript.Spreadsheet.Spreadsheet | null): number | null {
  const at = ss
    ?.getSheetByName(STATUS_SHEET)
    ?.getRange(1, 1, 3, 2)
    .getValues()
    .find((r) => String(r[0]).trim().toLowerCase() === 'last refresh')?.[1];
  const ms = at instanceof Date ? at.getTime() : Date.parse(String(at ?? ''));
  return Number.isFinite(ms) ? ms : null;
}

/** A refresh failure no later refresh resolved (B3), or '' (read when the spreadsheet opens). */
export function unresolvedFailure(ss: GoogleAppsScript.Spreadsheet.Spreadsheet | null): string {
  const failure = ss?.getSheetByName(STATUS_SHEET)?.getRange('B3').getValue();
  return typeof failure === 'string' ? failure.trim() : '';
}

/** A4:B4: whose schedule refreshes the spreadsheet, as a digest of the owner's user key, or `off`. */
const SCHEDULE_ROW = 'A4:B4';
const SCHEDULE_LABEL = 'Schedule owner';

/**
 * Notes whose schedule refreshes the spreadsheet where a scheduled run without the document can
 * read it (it opens the spreadsheet by id; document properties are out of its reach): `marker` is
 * a digest of the owner's user key, `off`, or null to clear it.
 */
export function writeScheduleMarker(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  marker: string | null,
): void {
  const status = statusSheet(ss);
  status.getRange(SCHEDULE_ROW).setValues([marker === null ? ['', ''] : [SCHEDULE_LABEL, marker]]);
}

/** The schedule marker (see writeScheduleMarker); null when none was written. */
export function readScheduleMarker(ss: GoogleAppsScript.Spreadsheet.Spreadsheet): string | null {
  const row = ss.getSheetByName(STATUS_SHEET)?.getRange(SCHEDULE_ROW).getValues()[0];
  return row && String(row[0]) === SCHEDULE_LABEL && String(row[1]) !== '' ? String(row[1]) : null;
}
