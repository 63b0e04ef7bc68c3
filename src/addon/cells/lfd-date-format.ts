// A freshly typed =LFD(A2) reads as a date. LFD() answers the day's serial number (core/lfd.ts
// says why not a Date), and Sheets gives a number a custom function returns no format of its own,
// so the cell would show 46354. onEdit(e) runs when a person types or pastes, never on the
// add-in's own writes (triggers guide): the cells a typed call of LFD fills get the date format
// the Tracking sheet's LFD column has, where the user has set no number format of their own.
// Nothing else changes: not a value, not a cell a format was chosen for, not `=LFD(A2)-TODAY()`.
//
// Cost: one read of the edited range's formulas per edit; a typed LFD() adds a read of formats
// and one write. It runs in AuthMode.LIMITED (a bound script, or an add-on used in this file),
// which may change the bound document; in NONE (an add-on not yet used here) it does nothing.

import { lfdAnswerShape, type LfdAnswerShape } from '../../core/lfd-formula';
import { columnLetter, SHEET_DATE_FORMAT } from '../../core/sheet-layout';

type Range = GoogleAppsScript.Spreadsheet.Range;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
export type EditEvent = { authMode?: GoogleAppsScript.Script.AuthMode; range?: Range };

/**
 * The number formats of a cell nobody formatted: Apps Script answers '0.###############' (gas-fakes
 * test/testsheets.js); 'General' as the Sheets UI names it.
 */
const UNFORMATTED = new Set(['', 'general', '0.###############']);

interface Area {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

export function onEdit(e?: EditEvent): void {
  if (!e?.range || String(e.authMode) === 'NONE') return;
  try {
    dateFormatTypedLfd(e.range);
  } catch {
    // A format is a convenience: the edit itself has landed, and nothing of it is at stake.
  }
}

/** Gives the cells the LFD() calls in `edited` fill the date format; returns how many areas. */
export function dateFormatTypedLfd(edited: Range): number {
  const found: { r: number; c: number; shape: LfdAnswerShape }[] = [];
  edited.getFormulas().forEach((line, r) =>
    line.forEach((formula, c) => {
      const shape = formula ? lfdAnswerShape(formula) : null;
      if (shape) found.push({ r, c, shape });
    }),
  );
  if (found.length === 0) return 0;
  const top = edited.getRow();
  const left = edited.getColumn();
  const sheet = edited.getSheet();
  const editedFormats = edited.getNumberFormats();
  const targets: { row: number; column: number }[] = [];
  for (const { r, c, shape } of found) {
    const answer = answerArea(
      sheet,
      { row: top + r, column: left + c, rows: 1, columns: 1 },
      shape,
    );
    const formats =
      answer.rows === 1 && answer.columns === 1
        ? [[editedFormats[r]?.[c] ?? '']]
        : sheet.getRange(answer.row, answer.column, answer.rows, answer.columns).getNumberFormats();
    formats.forEach((line, dr) =>
      line.forEach((format, dc) => {
        if (UNFORMATTED.has(format.trim().toLowerCase())) {
          targets.push({ row: answer.row + dr, column: answer.column + dc });
        }
      }),
    );
  }
  const runs = columnRuns(targets);
  if (runs.length > 0) sheet.getRangeList(runs).setNumberFormat(SHEET_DATE_FORMAT);
  return runs.length;
}

/** The cells the answer fills from `at`, within the sheet (Sheets does not grow it for them). */
function answerArea(sheet: Sheet, at: Area, shape: LfdAnswerShape): Area {
  if (shape.rows === 1 && shape.columns === 1) return at;
  let rows: number;
  if (typeof shape.rows === 'number') rows = shape.rows;
  else {
    const source = shape.rows.sheet ? sheet.getParent().getSheetByName(shape.rows.sheet) : sheet;
    rows = source ? source.getMaxRows() - shape.rows.fromRow + 1 : 1;
  }
  return {
    row: at.row,
    column: at.column,
    rows: Math.max(1, Math.min(rows, sheet.getMaxRows() - at.row + 1)),
    columns: Math.max(1, Math.min(shape.columns, sheet.getMaxColumns() - at.column + 1)),
  };
}

/** A1 ranges covering `cells`, one per unbroken run down a column (a pasted column is one). */
export function columnRuns(cells: readonly { row: number; column: number }[]): string[] {
  const sorted = [...new Map(cells.map((c) => [`${c.column}:${c.row}`, c])).values()].sort(
    (a, b) => a.column - b.column || a.row - b.row,
  );
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    const first = sorted[i] as { row: number; column: number };
    let last = first;
    while (sorted[i + 1]?.column === first.column && sorted[i + 1]?.row === last.row + 1) {
      i += 1;
      last = sorted[i] as { row: number; column: number };
    }
    const letter = columnLetter(first.column - 1);
    runs.push(
      first.row === last.row
        ? `${letter}${first.row}`
        : `${letter}${first.row}:${letter}${last.row}`,
    );
    i += 1;
  }
  return runs;
}
