// The Tracking sheet's look: header row, frozen, date formats, conditional formatting, a how-to note.

import {
  columnLetter,
  INPUT_HEADERS,
  OUTPUT_HEADERS,
  type SheetLayout,
} from '../core/sheet-layout';

export const SHEET_NAME = 'Tracking';
export const STATUS_SHEET_NAME = 'Container Tracking status';
export const REFRESH_SIGNAL_NAME = 'CT_LAST_REFRESH';
export const ALL_HEADERS = [...INPUT_HEADERS, ...OUTPUT_HEADERS];

const FORMATS: Record<string, string> = {
  LFD: 'yyyy-mm-dd',
  ETA: 'yyyy-mm-dd hh:mm',
  ATA: 'yyyy-mm-dd hh:mm',
  Appointment: 'yyyy-mm-dd hh:mm',
  Updated: 'yyyy-mm-dd hh:mm',
  Fees: '#,##0.00',
  Number: '@',
  SCAC: '@',
  'Ref Numbers': '@',
};

export const HOW_TO =
  'Container Tracking: type container numbers, BOLs or booking numbers under Number (add a SCAC to start tracking new ones). ' +
  'Columns are found by their header, so you can reorder them and add your own: the add-in only writes Status, Ready, LFD, Holds, Fees, ' +
  'Vessel, POD, ETA, ATA, Appointment, Tracking, Updated and Link. Refresh from Extensions → Container Tracking.';

/**
 * Marks our conditional-format rules (a condition that is always true) so running set-up again replaces them
 * instead of stacking copies, and leaves the user's own rules alone.
 */
const RULE_TAG = 'N("container-tracking")=0';

export function applyFormats(sheet: GoogleAppsScript.Spreadsheet.Sheet, layout: SheetLayout): void {
  const rows = Math.max(sheet.getMaxRows() - 1, 1);
  const columns = { ...layout.inputs, ...layout.outputs } as Record<string, number>;
  for (const [header, format] of Object.entries(FORMATS)) {
    const col = columns[header];
    if (col != null) sheet.getRange(2, col + 1, rows, 1).setNumberFormat(format);
  }
  sheet.setFrozenRows(1);
  sheet.getRange(1, 1, 1, layout.width).setFontWeight('bold');
  sheet.getRange(1, (layout.inputs.Number ?? 0) + 1).setNote(HOW_TO);

  const keep = sheet.getConditionalFormatRules().filter((rule) => {
    const condition = rule.getBooleanCondition();
    const values = condition ? condition.getCriteriaValues() : [];
    return !values.some((v) => typeof v === 'string' && v.includes(RULE_TAG));
  });
  const rules: GoogleAppsScript.Spreadsheet.ConditionalFormatRule[] = [];
  if (layout.outputs.LFD != null) {
    const l = columnLetter(layout.outputs.LFD);
    const range = sheet.getRange(2, layout.outputs.LFD + 1, rows, 1);
    rules.push(
      SpreadsheetApp.newConditionalFormatRule()
        .whenFormulaSatisfied(`=AND(ISNUMBER($${l}2), $${l}2<TODAY(), ${RULE_TAG})`)
        .setBackground('#f4c7c3')
        .setRanges([range])
        .build(),
      SpreadsheetApp.newConditionalFormatRule()
        .whenFormulaSatisfied(
          `=AND(ISNUMBER($${l}2), $${l}2>=TODAY(), $${l}2<=TODAY()+2, ${RULE_TAG})`,
        )
        .setBackground('#fce8b2')
        .setRanges([range])
        .build(),
    );
  }
  if (layout.outputs.Ready != null) {
    const r = columnLetter(layout.outputs.Ready);
    rules.push(
      SpreadsheetApp.newConditionalFormatRule()
        .whenFormulaSatisfied(`=AND($${r}2=TRUE, ${RULE_TAG})`)
        .setBackground('#b7e1cd')
        .setRanges([sheet.getRange(2, layout.outputs.Ready + 1, rows, 1)])
        .build(),
    );
  }
  sheet.setConditionalFormatRules([...keep, ...rules]);
}
