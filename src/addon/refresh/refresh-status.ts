// How the last refresh went, where people see it: the hidden status sheet (B1 is the
// CT_LAST_REFRESH cell formulas point at) and, for a run someone started, a toast.

import { redact } from '../../core/redact';
import { safeCell } from '../../core/sheet-text';
import { statusSheet } from '../sheets/status-sheet';
import { PRODUCT_NAME } from '../../core/product';

/**
 * The status sheet says how the last refresh went. A failure also stays in "Unresolved failure"
 * until a refresh succeeds, so the next time the spreadsheet is opened (menu.ts) it can say what
 * failed and what to do; a skipped run (another one was refreshing) is no failure.
 */
export function reportRefresh(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  message: string,
  outcome: { wrote: boolean; failed: boolean },
  at: Date,
  interactive: boolean,
): void {
  message = redact(message); // the sheet and the toast are read by people: never the key
  const status = statusSheet(ss);
  // B1 is CT_LAST_REFRESH: changing it makes cells that point at it recalculate.
  if (outcome.wrote) status.getRange('B1').setValue(at);
  status.getRange('B2').setValue(safeCell(message));
  if (outcome.wrote || outcome.failed) {
    const failure = outcome.failed ? safeCell(message) : '';
    status.getRange('A3:B3').setValues([['Unresolved failure', failure]]);
  }
  if (interactive) ss.toast(message, PRODUCT_NAME, 8);
}
