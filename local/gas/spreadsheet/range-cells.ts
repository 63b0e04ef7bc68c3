// Cell-walking helpers shared by the Range classes, with Apps Script's size-check messages
// ("The number of rows in the data does not match the number of rows in the range. The data has
// 1 but the range has 2.").

import { fail } from '../errors';
import type { Area } from './a1';
import type { Cell } from './cell-values';
import type { SheetModel } from './model';

export interface RangeView {
  sheet: SheetModel;
  area: Area;
}

export function eachCell<T>(
  { sheet, area }: RangeView,
  fn: (cell: Cell | undefined, row: number, column: number) => T,
): T[][] {
  const out: T[][] = [];
  for (let r = area.row; r < area.row + area.numRows; r += 1) {
    const line: T[] = [];
    for (let c = area.column; c < area.column + area.numColumns; c += 1) {
      line.push(fn(sheet.cell(r, c), r, c));
    }
    out.push(line);
  }
  return out;
}

/** Applies `fn` to every cell of the range, creating cells as needed. */
export function setAll(
  { sheet, area }: RangeView,
  fn: (cell: Cell, row: number, column: number) => void,
): void {
  for (let r = area.row; r < area.row + area.numRows; r += 1) {
    for (let c = area.column; c < area.column + area.numColumns; c += 1)
      fn(sheet.ensure(r, c), r, c);
  }
}

function describeArg(values: unknown): string {
  if (!Array.isArray(values)) return typeof values === 'string' ? 'String' : typeof values;
  const types = new Set(
    values.map((v) =>
      typeof v === 'string' ? 'String' : Array.isArray(v) ? 'Object[]' : typeof v,
    ),
  );
  return `${types.size === 1 ? [...types][0] : 'Object'}[]`;
}

/** A 2-D array matching the range exactly, or Apps Script's error for what is wrong. */
export function checkShape({ area }: RangeView, values: unknown, method: string): unknown[][] {
  if (!Array.isArray(values) || !values.every((line) => Array.isArray(line))) {
    fail(
      `The parameters (${describeArg(values)}) don't match the method signature for SpreadsheetApp.Range.${method}.`,
    );
  }
  const rows = values as unknown[][];
  if (rows.length !== area.numRows) {
    fail(
      `The number of rows in the data does not match the number of rows in the range. The data has ${rows.length} but the range has ${area.numRows}.`,
    );
  }
  for (const line of rows) {
    if (line.length !== area.numColumns) {
      fail(
        `The number of columns in the data does not match the number of columns in the range. The data has ${line.length} but the range has ${area.numColumns}.`,
      );
    }
  }
  return rows;
}

/** Applies `fn` to each cell with the matching element of a range-shaped 2-D array. */
export function setEach<T>(
  view: RangeView,
  values: unknown,
  method: string,
  fn: (cell: Cell, value: T, row: number, column: number) => void,
): void {
  const rows = checkShape(view, values, method);
  rows.forEach((line, r) =>
    line.forEach((v, c) => {
      const row = view.area.row + r;
      const column = view.area.column + c;
      fn(view.sheet.ensure(row, column), v as T, row, column);
    }),
  );
}
