// Growing a sheet before writing below its last row.

/**
 * Makes the sheet at least `lastRow` rows tall: a range past the sheet's last row is out of
 * bounds for getRange ("The coordinates of the range are outside the dimensions of the sheet");
 * only appendRow grows a sheet by itself.
 */
export function ensureRows(sheet: GoogleAppsScript.Spreadsheet.Sheet, lastRow: number): void {
  const max = sheet.getMaxRows();
  if (lastRow > max) sheet.insertRowsAfter(max, lastRow - max);
}
