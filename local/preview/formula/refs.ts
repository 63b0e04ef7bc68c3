// Cell and range references as formulas write them, keeping the `$` anchors: a conditional-format
// rule's formula is written for the top-left cell of its range and applies to every other cell
// shifted by the relative parts only (`$G2` moves down the rows but stays in column G).

import { columnToLetters } from '../../gas/spreadsheet/a1';

export interface CellRef {
  column: number;
  /** Undefined in a column range (A:A) or the open end of A2:A. */
  row?: number;
  columnAbsolute: boolean;
  rowAbsolute: boolean;
}

export interface RangeRef {
  sheet?: string;
  start: CellRef;
  /** Absent for a single cell. */
  end?: CellRef;
}

export interface Area {
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

function lettersToColumn(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

function parseCell(text: string): CellRef {
  const m = /^(\$?)([A-Za-z]{1,3})(\$?)(\d*)$/.exec(text);
  if (!m) throw new Error(`Not a cell reference: ${text}`);
  return {
    column: lettersToColumn(m[2] ?? ''),
    ...(m[4] ? { row: Number(m[4]) } : {}),
    columnAbsolute: m[1] === '$',
    rowAbsolute: m[3] === '$',
  };
}

/** "A1", "$A$1", "A2:C9", "A2:A", "A:A", "Sheet 1!B2" or "'My sheet'!B2:B". */
export function parseRange(text: string): RangeRef {
  const bang = text.lastIndexOf('!');
  let sheet: string | undefined;
  if (bang >= 0) {
    const name = text.slice(0, bang);
    sheet =
      name.startsWith("'") && name.endsWith("'") ? name.slice(1, -1).replace(/''/g, "'") : name;
  }
  const [first = '', second] = text.slice(bang + 1).split(':');
  return {
    ...(sheet !== undefined ? { sheet } : {}),
    start: parseCell(first),
    ...(second !== undefined ? { end: parseCell(second) } : {}),
  };
}

/** The reference as seen from a cell `rows`/`columns` away from where it was written. */
export function shiftRange(ref: RangeRef, rows: number, columns: number): RangeRef {
  const shift = (c: CellRef): CellRef => ({
    ...c,
    column: c.columnAbsolute ? c.column : c.column + columns,
    ...(c.row === undefined ? {} : { row: c.rowAbsolute ? c.row : c.row + rows }),
  });
  return { ...ref, start: shift(ref.start), ...(ref.end ? { end: shift(ref.end) } : {}) };
}

/**
 * The area a reference covers. Open ends (A2:A, A:A) stop at `lastRow`: the preview passes the
 * rows that hold data rather than the sheet's thousand mostly blank ones.
 */
export function rangeArea(ref: RangeRef, lastRow: number): Area {
  const end = ref.end ?? ref.start;
  const r1 = ref.start.row ?? 1;
  const r2 = end.row ?? Math.max(lastRow, r1);
  const row = Math.min(r1, r2);
  const column = Math.min(ref.start.column, end.column);
  return {
    row,
    column,
    numRows: Math.max(r1, r2) - row + 1,
    numColumns: Math.max(ref.start.column, end.column) - column + 1,
  };
}

export function a1(row: number, column: number): string {
  return `${columnToLetters(column)}${row}`;
}
