// The way up between the spreadsheet objects. Spreadsheet makes Sheets and Ranges, Sheet makes
// Ranges, conditional format rules and range lists (each module imports the ones below it); the
// way back, Range.getSheet() and Sheet.getParent(), goes through here: sheet.ts and
// spreadsheet.ts register how their object is made when they load, and what it is to the one
// below is declared here, so no two of these modules import each other.

import type { SheetModel, SpreadsheetModel } from './model';

type GasSheet = GoogleAppsScript.Spreadsheet.Sheet;
type GasSpreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** A Sheet (FakeSheet, sheet.ts) as Range.getSheet() returns it. */
export type SheetObject = Pick<
  GasSheet,
  | 'getName'
  | 'getSheetId'
  | 'getIndex'
  | 'getLastRow'
  | 'getLastColumn'
  | 'getMaxRows'
  | 'getMaxColumns'
  | 'getFrozenRows'
  | 'getFrozenColumns'
  | 'getColumnWidth'
>;

/** A Spreadsheet (FakeSpreadsheet, spreadsheet.ts) as Sheet.getParent() returns it. */
export type SpreadsheetObject = Pick<
  GasSpreadsheet,
  'getId' | 'getName' | 'getSpreadsheetTimeZone' | 'getUrl'
>;

type MakeSheet = (model: SpreadsheetModel, sheet: SheetModel) => SheetObject;
type MakeSpreadsheet = (model: SpreadsheetModel) => SpreadsheetObject;

let makeSheet: MakeSheet | undefined;
let makeSpreadsheet: MakeSpreadsheet | undefined;

/** Called once by sheet.ts. */
export function provideSheets(make: MakeSheet): void {
  makeSheet = make;
}

/** Called once by spreadsheet.ts. */
export function provideSpreadsheets(make: MakeSpreadsheet): void {
  makeSpreadsheet = make;
}

/** The Sheet over `sheet` (Range.getSheet()). */
export function sheetObject(model: SpreadsheetModel, sheet: SheetModel): SheetObject {
  if (!makeSheet) throw new Error('spreadsheet/sheet.ts is not loaded');
  return makeSheet(model, sheet);
}

/** The Spreadsheet over `model` (Sheet.getParent()). */
export function spreadsheetObject(model: SpreadsheetModel): SpreadsheetObject {
  if (!makeSpreadsheet) throw new Error('spreadsheet/spreadsheet.ts is not loaded');
  return makeSpreadsheet(model);
}
