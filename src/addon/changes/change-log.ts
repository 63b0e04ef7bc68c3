// The `Change Log` sheet: append-only history of what changed, one row per change, written as
// literal text (a value from the service or a cell never becomes a formula). Created on first
// use. One append per run: callers collect their rows and call appendChanges once.
//
// Bounded: the log keeps at most LOG_ROWS rows; older ones are moved, in order, to the sheet
// `Change Log archive` (oldest first, a block at a time). The archive keeps at most ARCHIVE_ROWS
// rows; past that its oldest rows are deleted, the only place history is ever dropped. Together
// that is under 0.5 M cells of the spreadsheet's 10 M.

import { safeCell } from '../../core/sheet-text';
import { ensureRows } from '../sheets/ensure-rows';

export const CHANGE_LOG_SHEET = 'Change Log';
export const CHANGE_LOG_ARCHIVE_SHEET = 'Change Log archive';
export const CHANGE_LOG_HEADERS = ['Time', 'Number', 'Field', 'Old', 'New', 'Source'] as const;
export const LOG_ROWS = 5_000;
export const ARCHIVE_ROWS = 50_000;
/** Moved at once when the log is over its limit, so a busy log is not trimmed on every run. */
const MOVE_BLOCK = 500;
/**
 * Time shows like the sheet's other times (the Tracking sheet's Updated column): a Date written
 * into a cell nobody formatted would show in Sheets' default "M/d/yyyy H:mm:ss".
 */
export const CHANGE_LOG_TIME_FORMAT = 'yyyy-mm-dd hh:mm';

export type ChangeSource = 'refresh' | 'push' | 'sidebar';

export interface Change {
  time: Date;
  number: string;
  field: string;
  old: string;
  new: string;
  source: ChangeSource;
}

function sheetWithHeaders(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  name: string,
): GoogleAppsScript.Spreadsheet.Sheet {
  const existing = ss.getSheetByName(name);
  if (existing) return existing;
  const sheet = ss.insertSheet(name);
  sheet.getRange(1, 1, 1, CHANGE_LOG_HEADERS.length).setValues([[...CHANGE_LOG_HEADERS]]);
  sheet.setFrozenRows(1);
  return sheet;
}

const asRow = (c: Change): unknown[] => [
  c.time,
  safeCell(c.number),
  safeCell(c.field),
  safeCell(c.old),
  safeCell(c.new),
  safeCell(c.source),
];

/** Appends `changes` in one write, then moves the oldest rows out when the log is over its limit. */
export function appendChanges(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  changes: readonly Change[],
): void {
  if (changes.length === 0) return;
  const log = sheetWithHeaders(ss, CHANGE_LOG_SHEET);
  const last = Math.max(log.getLastRow(), 1);
  ensureRows(log, last + changes.length);
  log
    .getRange(last + 1, 1, changes.length, CHANGE_LOG_HEADERS.length)
    .setValues(changes.map(asRow));
  log.getRange(last + 1, 1, changes.length, 1).setNumberFormat(CHANGE_LOG_TIME_FORMAT);
  const rows = last - 1 + changes.length;
  if (rows > LOG_ROWS) archiveOldest(ss, log, rows - LOG_ROWS + MOVE_BLOCK);
}

function archiveOldest(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  log: GoogleAppsScript.Spreadsheet.Sheet,
  count: number,
): void {
  const width = CHANGE_LOG_HEADERS.length;
  const moving = log.getRange(2, 1, count, width).getValues();
  const archive = sheetWithHeaders(ss, CHANGE_LOG_ARCHIVE_SHEET);
  const last = Math.max(archive.getLastRow(), 1);
  ensureRows(archive, last + moving.length);
  // Re-written as literal text: what was text in the log stays text in the archive, Time too
  // (a person may have typed into the log); Dates and numbers pass through as they are.
  archive
    .getRange(last + 1, 1, moving.length, width)
    .setValues(moving.map((r) => r.map((v) => safeCell(v))));
  archive.getRange(last + 1, 1, moving.length, 1).setNumberFormat(CHANGE_LOG_TIME_FORMAT);
  log.deleteRows(2, count);
  const archived = last - 1 + moving.length;
  if (archived > ARCHIVE_ROWS) archive.deleteRows(2, archived - ARCHIVE_ROWS);
}
