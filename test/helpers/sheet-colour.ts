// The background the Tracking sheet's own conditional-format rules give a cell, evaluated as
// Sheets would (the preview's evaluator), for tests that check what a dispatcher sees.

import type { SheetModel } from '../../local/gas/spreadsheet/model';
import { conditionalStyle } from '../../local/preview/formula/conditional-format';
import { headerRow, type createHarness } from './addon-harness';

/** `row` counts data rows from 0 (sheet row 2); `name` is the column's header. */
export function cellColour(
  h: ReturnType<typeof createHarness>,
  row: number,
  name: string,
  timeZone: string,
): string | null {
  const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
  return (
    conditionalStyle(sheet, row + 2, headerRow(h).indexOf(name) + 1, {
      timeZone,
      now: h.clock.now(),
      sheetByName: (n) => h.gas.spreadsheet.sheetByName(n),
      valueAt: (s: SheetModel, r: number, c: number) => s.cell(r, c)?.value ?? '',
    })?.background ?? null
  );
}
