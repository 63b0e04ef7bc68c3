// Which schedule a spreadsheet runs, where every run can see it. The shared schedule lives in
// document properties, which an add-on's time-driven run without a document cannot read (it opens
// the spreadsheet by id): so its owner is also noted in the hidden status sheet, as a digest of
// the owner's user key (user-keys are random and per user; the digest names nobody). A run that
// finds another owner's digest, or `off`, deletes its own trigger: a spreadsheet keeps one
// schedule after a take-over, even when the old trigger never sees the document again.

import { sha256Hex } from '../../core/sha256';
import { myUserKey } from '../../gas/shared-schedule';
import { readScheduleMarker, writeScheduleMarker } from '../sheets/status-sheet';

const OFF = 'off';

const digestOf = (userKey: string) => sha256Hex(`schedule-owner\n${userKey}`).slice(0, 24);

/** This user's schedule now refreshes `ss`. */
export function markScheduleMine(ss: GoogleAppsScript.Spreadsheet.Spreadsheet): void {
  writeScheduleMarker(ss, digestOf(myUserKey()));
}

/** Nobody's schedule refreshes `ss` (`off`: turned off by another editor; null: cleared). */
export function markScheduleOff(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  how: 'off' | 'cleared',
): void {
  writeScheduleMarker(ss, how === 'off' ? OFF : null);
}

/** Whether `ss`'s marker names another owner, or says off (no marker: nothing is known). */
export function scheduleIsNotMine(ss: GoogleAppsScript.Spreadsheet.Spreadsheet): boolean {
  const marker = readScheduleMarker(ss);
  return marker !== null && (marker === OFF || marker !== digestOf(myUserKey()));
}
