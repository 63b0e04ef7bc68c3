// A freshly typed =LFD(…) reads as a date (issue 30): the person's edit runs the add-in's
// onEdit(e), which gives the cells the call fills the Tracking sheet's date format where they have
// no number format of their own. The value stays the day's serial number.

import { DEFAULT_NUMBER_FORMAT, displayValue } from '../../../local/gas/spreadsheet/number-format';
import { createHarness } from '../../helpers/addon-harness';
import { customFunctionCells } from '../../helpers/custom-function-cells';

const ZONE = 'America/Los_Angeles';
const LFDS = ['2026-11-25T05:00:00Z', '2026-11-26T05:00:00Z', '2026-11-27T05:00:00Z'];
const DAYS = ['2026-11-25', '2026-11-26', '2026-11-27'];

function setup() {
  const h = createHarness({ sheetTimeZone: ZONE, sheets: [{ name: 'Sheet1' }] });
  const boxes = h.emulator.account()!.containers().slice(0, LFDS.length);
  boxes.forEach((box, i) => {
    const a = box.attributes;
    a.pickup_lfd = LFDS[i]!;
    a.pod_timezone = 'America/New_York';
    a.final_destination_timezone = null;
    a.import_deadlines = {
      pickup_lfd_terminal: LFDS[i]!,
      pickup_lfd_line: null,
      pickup_lfd_rail: null,
    };
  });
  const model = h.gas.spreadsheet;
  const sheet = model.sheetByName('Sheet1')!;
  boxes.forEach((b, i) => model.write(sheet, i + 1, 1, b.attributes.number));
  const cells = customFunctionCells(h);
  /** What a person sees in the cell, through its own number format. */
  const shown = (row: number, column: number) => {
    cells.recalculate();
    const cell = sheet.cell(row, column);
    return displayValue(cells.valueAt(sheet, row, column) as number, cell?.numberFormat, ZONE);
  };
  const formatOf = (row: number, column: number) =>
    sheet.cell(row, column)?.numberFormat ?? DEFAULT_NUMBER_FORMAT;
  const type = (row: number, column: number, input: unknown, authMode?: 'NONE') =>
    h.gas.userEdit('Sheet1', row, column, input, authMode ? { authMode } : {});
  /** The Apps Script calls of the last onEdit(e). */
  const onEditCalls = () =>
    h.gas.executions.filter((e) => e.functionName === 'onEdit').at(-1)!.calls;
  return { h, model, sheet, cells, shown, formatOf, type, onEditCalls };
}

describe('a freshly typed LFD() reads as a date', () => {
  it('=LFD(A1) typed in an empty cell shows the day, and keeps the serial underneath', () => {
    const { shown, type, cells, sheet } = setup();
    expect(type(1, 2, '=LFD(A1)')).toEqual({ ran: true });
    expect(shown(1, 2)).toBe('2026-11-25');
    expect(cells.valueAt(sheet, 1, 2)).toBe(46351);
  });

  it('a range call formats every cell its answer fills; an open range down to the sheet end', () => {
    const { shown, type, formatOf, sheet } = setup();
    type(1, 2, '=LFD(A1:A3)');
    expect([1, 2, 3].map((r) => shown(r, 2))).toEqual(DAYS);
    expect(formatOf(4, 2)).toBe(DEFAULT_NUMBER_FORMAT);
    type(1, 3, '=LFD(A1:A, "terminal")');
    expect([1, 2, 3].map((r) => shown(r, 3))).toEqual(DAYS);
    expect(formatOf(sheet.maxRows, 3)).toBe('yyyy-mm-dd');
    // The preview's formulas have no IFERROR: its format is all this can check.
    type(1, 5, '=IFERROR(LFD(A1:A2), "")');
    expect([formatOf(1, 5), formatOf(2, 5), formatOf(3, 5)]).toEqual([
      'yyyy-mm-dd',
      'yyyy-mm-dd',
      DEFAULT_NUMBER_FORMAT,
    ]);
  });

  it('a pasted column of LFD() calls is formatted with one write', () => {
    const { shown, type, onEditCalls } = setup();
    type(1, 4, [['=LFD(A1)'], ['=LFD(A2)'], ['=LFD(A3)']]);
    expect([1, 2, 3].map((r) => shown(r, 4))).toEqual(DAYS);
    expect(onEditCalls().totals.SpreadsheetWrite).toBe(1);
  });

  it('keeps a format the user chose, and leaves non-dates alone', () => {
    const { sheet, shown, formatOf, type } = setup();
    sheet.ensure(1, 2).numberFormat = '0.00';
    type(1, 2, '=LFD(A1)');
    expect(shown(1, 2)).toBe('46351.00');
    type(2, 2, '=LFD(A2)-DATE(2026,11,20)');
    expect(formatOf(2, 2)).toBe(DEFAULT_NUMBER_FORMAT);
    type(3, 2, '=CONTAINER_STATUS(A3)');
    expect(formatOf(3, 2)).toBe(DEFAULT_NUMBER_FORMAT);
  });

  it('an ordinary edit costs one read of the edited formulas and writes nothing', () => {
    const { type, formatOf, onEditCalls } = setup();
    type(5, 2, 'a note');
    expect(onEditCalls().calls).toEqual({ SpreadsheetRead: { 'Range.getFormulas': 1 } });
    expect(formatOf(5, 2)).toBe(DEFAULT_NUMBER_FORMAT);
  });

  it('an add-on not yet used in the file (AuthMode.NONE) leaves the cell as it is, quietly', () => {
    const { type, formatOf } = setup();
    expect(type(1, 2, '=LFD(A1)', 'NONE')).toEqual({ ran: true });
    expect(formatOf(1, 2)).toBe(DEFAULT_NUMBER_FORMAT);
  });
});
