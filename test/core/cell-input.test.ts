// The product's list of cell error values and the local runtime's agree: every error a cell can
// show in Sheets (and so in local/gas) is one the add-in recognises, and the add-in's extra ones
// are exactly Excel's, which a spreadsheet imported from .xlsx carries as text.

import { ERROR_VALUES as FAKE_ERRORS } from '../../local/gas/spreadsheet/cell-values';
import {
  EXCEL_ONLY_ERROR_VALUES,
  SHEETS_ERROR_VALUES,
  cellErrorValue,
} from '../../src/core/cell-input';

it("lists the same errors as the local runtime's Sheets, plus Excel's own", () => {
  expect([...SHEETS_ERROR_VALUES].sort()).toEqual([...FAKE_ERRORS].sort());
  for (const error of [...FAKE_ERRORS, ...EXCEL_ONLY_ERROR_VALUES]) {
    expect(cellErrorValue(` ${error.toLowerCase()} `)).toBe(error);
  }
  expect(cellErrorValue('#HOLD')).toBeNull();
});
