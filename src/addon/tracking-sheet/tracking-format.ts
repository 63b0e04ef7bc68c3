// The Tracking sheet's look: header row, frozen, date formats, conditional formatting, a how-to note.

import { columnLetter, SHEET_DATE_FORMAT, type SheetLayout } from '../../core/sheet-layout';
import { PRODUCT_NAME } from '../../core/product';

/**
 * A new sheet's columns with their widths (px). The first ones answer what a dispatcher scans
 * for, "what needs doing, for which box, by when", and fit a 1366×768 laptop (about 1,250 px of
 * grid after the row numbers and scroll bar): Number, Attention, LFD, what a day of delay costs
 * and what has accrued (Cost Tomorrow, Demurrage, Detention, Return By), Status, Ready, Holds and
 * Terminal (where to send the truck). The rest follows; the user's inputs after the answers.
 */
export const NEW_SHEET_COLUMNS: readonly { header: string; width: number }[] = [
  { header: 'Number', width: 125 },
  { header: 'Attention', width: 240 },
  { header: 'LFD', width: 85 },
  { header: 'Cost Tomorrow', width: 110 },
  { header: 'Demurrage', width: 95 },
  { header: 'Detention', width: 90 },
  { header: 'Return By', width: 85 },
  { header: 'Status', width: 105 },
  { header: 'Ready', width: 50 },
  { header: 'Holds', width: 140 },
  { header: 'Terminal', width: 125 },
  { header: 'LFD Source', width: 85 },
  { header: 'Appointment', width: 140 },
  { header: 'Updated', width: 115 },
  { header: 'Fees', width: 130 },
  { header: 'Tracking', width: 110 },
  { header: 'SCAC', width: 60 },
  { header: 'Type', width: 110 },
  { header: 'Ref Numbers', width: 140 },
  { header: 'Vessel', width: 140 },
  { header: 'POD', width: 140 },
  { header: 'ETA', width: 140 },
  { header: 'ATA', width: 140 },
  { header: 'Picked Up', width: 140 },
  { header: 'Empty Returned', width: 140 },
  { header: 'Last Checked', width: 140 },
  { header: 'Link', width: 200 },
];
export const ALL_HEADERS = NEW_SHEET_COLUMNS.map((c) => c.header);

// Facility times (ETA, Appointment, …) are written as labelled text (`2026-11-24 11:30 PST`), so
// they need no date format; Updated is the sheet's own date-time of the last confirmation.
const FORMATS: Record<string, string> = {
  LFD: SHEET_DATE_FORMAT,
  'Return By': SHEET_DATE_FORMAT,
  Updated: 'yyyy-mm-dd hh:mm',
  Number: '@',
  SCAC: '@',
  'Ref Numbers': '@',
};

/**
 * Columns whose words a narrow column would cut where they matter ("return empty: 3 days late
 * (USD 100.00 a day)", "… should be 6", "2 places: …", "13:00 PST"): wrapped, so the row grows
 * instead. The widths above keep the first screen's columns; numbers and dates stay on one line.
 */
const WRAPPED = ['Attention', 'Status', 'Holds', 'Terminal', 'Appointment', 'ETA', 'ATA'];

/** What Type accepts, offered as a dropdown. */
export const TYPE_CHOICES = ['container', 'bill_of_lading', 'booking_number'];

/**
 * Colours, driven by the Attention text so colour and words always agree: whether an LFD is
 * "today" depends on the facility's calendar, which a rule on TODAY() (the spreadsheet's zone)
 * cannot know. The first matching rule wins, so the order is the urgency order.
 */
const RED = '#f4c7c3';
const AMBER = '#fce8b2';
const HOLD = '#e1c4f0';
const GREEN = '#b7e1cd';
const GREY = '#e0e0e0';

export const HOW_TO =
  `${PRODUCT_NAME}: type container numbers, BOLs or booking numbers under Number; new ones are tracked at the next refresh (add a SCAC, or leave it empty and the service detects the carrier). ` +
  'Columns are found by their header, so you can reorder them and add your own: the add-in only writes Attention, Status, Ready, LFD, LFD Source, Holds, Terminal, Fees, ' +
  'Vessel, POD, ETA, ATA, Appointment, Picked Up, Empty Returned, Last Checked, Tracking, Updated, Link, Demurrage, Detention, Return By and Cost Tomorrow. ' +
  'Money comes from your terms in the Free Time sheet (one rule a row, the first matching row from the top). ' +
  "Attention says what needs doing (the LFD is judged on the terminal's own calendar); times are the facility's local time. " +
  `Refresh from Extensions → ${PRODUCT_NAME}.`;

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
  for (const header of WRAPPED) {
    const col = columns[header];
    if (col != null) sheet.getRange(2, col + 1, rows, 1).setWrap(true);
  }
  sheet.setFrozenRows(1);
  // The Number column stays in view while scrolling right, when it is the first one.
  if (layout.inputs.Number === 0) sheet.setFrozenColumns(1);
  applyValidation(sheet, layout, rows);
  sheet.getRange(1, 1, 1, layout.width).setFontWeight('bold');
  sheet.getRange(1, (layout.inputs.Number ?? 0) + 1).setNote(HOW_TO);

  const keep = sheet.getConditionalFormatRules().filter((rule) => {
    const condition = rule.getBooleanCondition();
    const values = condition ? condition.getCriteriaValues() : [];
    return !values.some((v) => typeof v === 'string' && v.includes(RULE_TAG));
  });
  const rules = layout.outputs.Attention == null ? [] : attentionRules(sheet, layout, rows);
  sheet.setConditionalFormatRules([...keep, ...rules]);
}

function applyValidation(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  layout: SheetLayout,
  rows: number,
): void {
  if (layout.inputs.Type != null) {
    sheet
      .getRange(2, layout.inputs.Type + 1, rows, 1)
      .setDataValidation(
        SpreadsheetApp.newDataValidation()
          .requireValueInList(TYPE_CHOICES, true)
          .setAllowInvalid(false)
          .setHelpText('container, bill_of_lading or booking_number; leave blank to infer it.')
          .build(),
      );
  }
  if (layout.outputs.Ready != null) {
    // The add-in writes TRUE/FALSE; a checkbox shows them at a glance.
    sheet
      .getRange(2, layout.outputs.Ready + 1, rows, 1)
      .setDataValidation(SpreadsheetApp.newDataValidation().requireCheckbox().build());
  }
}

/** The rules, each on the row's first answers (Number, Attention, LFD) and its own column. */
function attentionRules(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  layout: SheetLayout,
  rows: number,
): GoogleAppsScript.Spreadsheet.ConditionalFormatRule[] {
  const a = `$${columnLetter(layout.outputs.Attention!)}2`;
  const starts = (text: string) => `LEFT(${a},${text.length})="${text}"`;
  const has = (text: string) => `ISNUMBER(SEARCH("${text}",${a}))`;
  const columns = (...cols: (number | undefined)[]) =>
    [...new Set(cols.filter((c): c is number => c != null))].map((c) =>
      sheet.getRange(2, c + 1, rows, 1),
    );
  const scan = columns(layout.outputs.Attention, layout.inputs.Number, layout.outputs.LFD);
  // Return By is a deadline like the LFD, with the LFD's colours, on its own date.
  const empties = columns(
    layout.outputs.Attention,
    layout.inputs.Number,
    layout.outputs['Return By'],
  );
  const emptyDue = `AND(${starts('return empty by')}, ${has('(today)')})`;
  const rule = (condition: string, colour: string, ranges: GoogleAppsScript.Spreadsheet.Range[]) =>
    SpreadsheetApp.newConditionalFormatRule()
      .whenFormulaSatisfied(`=AND(${condition}, ${RULE_TAG})`)
      .setBackground(colour)
      .setRanges(ranges)
      .build();
  const list = [
    rule(`OR(${starts('LFD passed')}, ${starts('LFD today')})`, RED, scan),
    rule(`OR(${starts('LFD tomorrow')}, ${starts('LFD in ')})`, AMBER, scan),
    rule(`OR(${starts('return empty:')}, ${emptyDue})`, RED, empties),
    rule(starts('return empty by'), AMBER, empties),
    rule(starts('on hold'), HOLD, scan),
    rule(starts('ready for pickup'), GREEN, scan),
    rule(
      `OR(${starts('tracking failed')}, ${starts('not updated')}, ${starts('number not valid')}, ${starts('terminal not checked')})`,
      GREY,
      scan,
    ),
  ];
  // A hold or readiness behind a more urgent LFD still marks its own column.
  const holds = columns(layout.outputs.Holds);
  if (holds.length > 0) list.push(rule(has('on hold'), HOLD, holds));
  const ready = columns(layout.outputs.Ready);
  if (ready.length > 0) list.push(rule(has('ready for pickup'), GREEN, ready));
  return list;
}
