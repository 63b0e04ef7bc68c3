// Format → Number from the page: the choice's pattern goes through the local runtime's
// Range.setNumberFormat (FakeSheet.rangeAt checks the area as getRange would), so a cell
// formatted by hand behaves like one the bundle formatted. A custom function such as LFD()
// returns a day number: this is how its new cells become dates, as in Sheets.

import type { Area } from '../gas/spreadsheet/a1';
import type { SheetModel, SpreadsheetModel } from '../gas/spreadsheet/model';
import { DEFAULT_NUMBER_FORMAT } from '../gas/spreadsheet/number-format';
import { FakeSheet } from '../gas/spreadsheet/sheet';
import { NUMBER_FORMAT_CHOICES, type NumberFormatChoice } from './page/number-format-choices';

export function numberFormatChoice(id: unknown): NumberFormatChoice | undefined {
  return NUMBER_FORMAT_CHOICES.find((c) => c.id === id);
}

export function applyNumberFormat(
  model: SpreadsheetModel,
  sheet: SheetModel,
  area: Area,
  choice: NumberFormatChoice,
): void {
  FakeSheet.rangeAt(model, sheet, area).setNumberFormat(choice.pattern ?? DEFAULT_NUMBER_FORMAT);
}
