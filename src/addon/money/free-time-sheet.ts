// The `Free Time` sheet: the user's demurrage and detention terms. Set-up creates it when missing,
// with two example rows (marked as such in their Note: they price nothing until the user makes
// them their own), and never touches it again; each refresh reads it once (core/free-time.ts
// turns the values into rules).

import {
  EXAMPLE_RULES,
  FREE_TIME_HEADERS,
  FREE_TIME_SHEET,
  NO_TERMS,
  isBroken,
  NOTE_HEADER,
  readFreeTime,
  type FreeTimeTerms,
} from '../../core/free-time';
import { readClosedDaysSheet } from './closed-days-sheet';

const EXAMPLE_NOTE = 'EXAMPLE: prices nothing until you change its terms or clear this note';

/** Typical US terms: tiers after the LFD, 4 free days of detention; marked as examples. */
const EXAMPLES: readonly unknown[][] = EXAMPLE_RULES.map((r) => [...r, EXAMPLE_NOTE]);

export const FREE_TIME_HELP =
  'Free Time: one rule a row. Kind: demurrage (terminal, after the LFD) or detention (line, after Return By). ' +
  'Carrier (SCAC) and Terminal (as the Tracking sheet shows it) may be blank: blank matches any. ' +
  'For each box the first matching row from the top of each kind is used. ' +
  "Free Days: detention only (the LFD already counts demurrage free days). Counting: calendar, business (Mon–Fri) or working (Mon–Fri except the Closed Days sheet's days). " +
  'Daily Rates: 150 (every day) or tiers 150x4, 250x5, 400 (150 a day for 4 days, 250 for the next 5, then 400). ' +
  'Currency: ISO code, default USD. Equipment (optional): dry, reefer, open top, flat rack, bulk or tank, with a length if the terms say (reefer 40). ' +
  "Contract (optional): matched against the Tracking sheet's Contract column. Blank Equipment or Contract matches any. " +
  'The EXAMPLE rows price nothing until you change their terms or clear their note. ' +
  'The add-in never writes to this sheet after creating it.';

/** Creates the Free Time sheet when missing; returns whether it did. */
export function ensureFreeTimeSheet(ss: GoogleAppsScript.Spreadsheet.Spreadsheet): boolean {
  if (ss.getSheetByName(FREE_TIME_SHEET)) return false;
  const sheet = ss.insertSheet(FREE_TIME_SHEET);
  const header = [...FREE_TIME_HEADERS, NOTE_HEADER];
  // Daily Rates, Carrier, Terminal and Currency are text as typed (`150x4, 250x5, 400`).
  sheet.getRange(1, 1, 1 + EXAMPLES.length, header.length).setNumberFormat('@');
  sheet.getRange(1, 1, 1 + EXAMPLES.length, header.length).setValues([header, ...EXAMPLES]);
  sheet.getRange(1, 1, 1, header.length).setFontWeight('bold');
  sheet.getRange(1, 1).setNote(FREE_TIME_HELP);
  sheet.setFrozenRows(1);
  sheet.setColumnWidth(6, 160);
  sheet.setColumnWidth(8, 100);
  sheet.setColumnWidth(9, 100);
  sheet.setColumnWidth(header.length, 330);
  return true;
}

/**
 * The rules in use: one read of the sheet; none when it does not exist. The Closed Days are read
 * too (one more read) only when a rule counts `working` days: otherwise nothing needs them.
 */
export function readFreeTimeTerms(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sheetTimeZone?: string,
): FreeTimeTerms {
  const sheet = ss.getSheetByName(FREE_TIME_SHEET);
  if (!sheet) return NO_TERMS;
  const terms = readFreeTime(sheet.getDataRange().getValues());
  if (!terms.rules.some((r) => !isBroken(r) && r.counting === 'working')) return terms;
  const closedDays = readClosedDaysSheet(ss, sheetTimeZone ?? ss.getSpreadsheetTimeZone());
  return { ...terms, closedDays };
}
