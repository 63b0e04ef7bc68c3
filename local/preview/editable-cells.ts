// Which cells the preview lets a person type into. On the Tracking sheet: the input columns
// (Number, SCAC, Type, Ref Numbers) and any column of their own, below the header row; the
// add-in's output columns are its to write. Every cell of other sheets is the user's.

import type { SheetModel } from '../gas/spreadsheet/model';
import { OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { TRACKING_SHEET } from '../../src/addon/sheets/sheet-names';

const OUTPUTS = new Set(OUTPUT_HEADERS.map((h) => h.toLowerCase()));

const headerOf = (sheet: SheetModel, column: number) =>
  String(sheet.cell(1, column)?.value ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

export function isEditable(sheet: SheetModel, row: number, column: number): boolean {
  if (row < 1 || column < 1 || row > sheet.maxRows || column > sheet.maxColumns) return false;
  if (sheet.name !== TRACKING_SHEET) return true;
  return row > 1 && !OUTPUTS.has(headerOf(sheet, column));
}
