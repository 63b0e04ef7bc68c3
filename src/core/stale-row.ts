// What a row the refresh could not confirm still says is due. Its last known record (the cache
// keeps records 6 hours) gives the exact reasons; once that has expired, the row's own cells do:
// the LFD cell holds the facility's day, compared with today in the spreadsheet's zone (within a
// day of the facility's when their zones differ), and the other reasons stay as last confirmed.
// A warning must not fade because the refresh that would renew it is failing.

import { lfdReason } from './attention';
import { calendarDayIn, sheetSerialOfDay } from './timezone';

export interface StaleRowCells {
  attention: unknown;
  lfd: unknown;
  /** From the row's Status, Picked Up and Empty Returned cells (a BOL row: had an LFD reason). */
  atTerminal: boolean;
}

const isLfdReason = (reason: string) => reason.startsWith('LFD ');
const isStaleNote = (reason: string) => reason.startsWith('not updated');

export function reasonsFromCells(
  cells: StaleRowCells,
  sheetTimeZone: string,
  now: number,
): string[] {
  const previous = String(cells.attention ?? '')
    .split('; ')
    .filter((r) => r !== '' && !isStaleNote(r));
  const others = previous.filter((r) => !isLfdReason(r));
  if (!cells.atTerminal || !(cells.lfd instanceof Date)) return others;
  const due = sheetSerialOfDay(calendarDayIn(cells.lfd.getTime(), sheetTimeZone));
  const today = sheetSerialOfDay(calendarDayIn(now, sheetTimeZone));
  const lfd = lfdReason(due - today);
  return lfd ? [lfd, ...others] : others;
}
