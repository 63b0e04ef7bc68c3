// How a Date returned by a custom function becomes a cell value. Sheets stores a serial day
// number (a wall-clock time without a zone); which zone's wall clock it takes is not documented:
// - 'spreadsheet': the Date's wall clock in the spreadsheet's time zone (what setValues does);
// - 'script': its wall clock in the script's time zone (appsscript.json: Etc/UTC).
// The custom-functions guide says only, of dates passed in, that when the two zones differ "the
// custom function needs to compensate". Tests run the add-in under both (test/addon/lfd-*.test.ts).
// The model keeps dates as instants shown in the spreadsheet's zone, so under 'script' the cell
// gets the instant whose wall clock in the spreadsheet's zone is the one Sheets took.

import { fromWallTime, wallParts } from '../../gas/time-zone';

export type ReturnedDateConvention = 'spreadsheet' | 'script';

export interface ReturnedDates {
  convention: ReturnedDateConvention;
  /** Session.getScriptTimeZone() of the runtime. */
  scriptTimeZone: string;
}

/** The cell value Sheets makes of one value a custom function returned. */
export function cellValueOfReturned(
  value: unknown,
  spreadsheetTimeZone: string,
  dates: ReturnedDates,
): unknown {
  if (!(value instanceof Date) || dates.convention === 'spreadsheet') return value;
  const ms = value.getTime();
  if (Number.isNaN(ms)) return value;
  const w = wallParts(ms, dates.scriptTimeZone);
  const at = fromWallTime(spreadsheetTimeZone, w.year, w.month, w.day, w.hour, w.minute, w.second);
  return new Date(at + w.millisecond);
}
