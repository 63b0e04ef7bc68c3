// A1 notation: "B2", "A1:C3", "Sheet 1!A:A", "'My sheet'!2:3", "A2:C" (open-ended ranges run to
// the sheet's last row or column). Unparseable input fails like Apps Script: "Range not found".

import { fail } from '../errors';

export interface Area {
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

export function columnToLetters(column: number): string {
  let out = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  }
  return out;
}

function lettersToColumn(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export function areaToA1(area: Area): string {
  const start = `${columnToLetters(area.column)}${area.row}`;
  if (area.numRows === 1 && area.numColumns === 1) return start;
  const endRow = area.row + area.numRows - 1;
  const endColumn = area.column + area.numColumns - 1;
  return `${start}:${columnToLetters(endColumn)}${endRow}`;
}

/** Splits "Sheet!A1" into its sheet name (unquoted) and the cell part. */
export function splitSheetName(a1: string): { sheetName?: string; cells: string } {
  const bang = a1.lastIndexOf('!');
  if (bang === -1) return { cells: a1 };
  let name = a1.slice(0, bang);
  if (name.startsWith("'") && name.endsWith("'")) name = name.slice(1, -1).replace(/''/g, "'");
  return { sheetName: name, cells: a1.slice(bang + 1) };
}

interface Ref {
  column?: number;
  row?: number;
}

function parseRef(ref: string): Ref {
  const m = /^\$?([A-Za-z]*)\$?(\d*)$/.exec(ref.trim());
  if (!m || (m[1] === '' && m[2] === '')) fail('Range not found');
  return {
    ...(m[1] ? { column: lettersToColumn(m[1]) } : {}),
    ...(m[2] ? { row: Number(m[2]) } : {}),
  };
}

export function parseA1(cells: string, maxRows: number, maxColumns: number): Area {
  const [first, second, extra] = cells.split(':');
  if (first === undefined || extra !== undefined || first === '') fail('Range not found');
  const a = parseRef(first);
  const b = second === undefined ? a : parseRef(second);
  if (second === undefined && (a.row === undefined || a.column === undefined)) {
    fail('Range not found');
  }
  const r1 = a.row ?? 1;
  const c1 = a.column ?? 1;
  const r2 = b.row ?? maxRows;
  const c2 = b.column ?? maxColumns;
  if (r1 < 1 || c1 < 1) fail('Range not found');
  const row = Math.min(r1, r2);
  const column = Math.min(c1, c2);
  return {
    row,
    column,
    numRows: Math.max(r1, r2) - row + 1,
    numColumns: Math.max(c1, c2) - column + 1,
  };
}

export function intersects(a: Area, b: Area): boolean {
  return (
    a.row < b.row + b.numRows &&
    b.row < a.row + a.numRows &&
    a.column < b.column + b.numColumns &&
    b.column < a.column + a.numColumns
  );
}
