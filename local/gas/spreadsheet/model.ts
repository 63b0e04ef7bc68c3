// The spreadsheet's state, shared by every execution (the fakes are views over it). New sheets
// get Sheets' default grid of 1000 rows × 26 columns.

import { fail } from '../errors';
import type { Area } from './a1';
import { interpretWrite, isBlank, type Cell } from './cell-values';

export const DEFAULT_ROWS = 1000;
export const DEFAULT_COLUMNS = 26;

export interface ConditionalRuleData {
  criteria: string;
  values: unknown[];
  background?: string;
  fontColor?: string;
  bold?: boolean;
  ranges: { sheet: SheetModel; area: Area }[];
}

export type FormulaEvaluator = (
  formula: string,
  at: { sheet: string; row: number; column: number },
) => unknown;

let nextSheetId = 0;

export class SheetModel {
  readonly sheetId = nextSheetId === 0 ? nextSheetId++ : 1_000_000 + nextSheetId++;
  /** rows[r-1][c-1]; sparse. */
  rows: (Cell | undefined)[][] = [];
  frozenRows = 0;
  frozenColumns = 0;
  hidden = false;
  merges: Area[] = [];
  conditionalRules: ConditionalRuleData[] = [];
  columnWidths = new Map<number, number>();
  /** Sheet.protect(): null while the sheet is not protected. */
  protection: { description: string; warningOnly: boolean } | null = null;

  constructor(
    public name: string,
    public maxRows = DEFAULT_ROWS,
    public maxColumns = DEFAULT_COLUMNS,
  ) {}

  cell(row: number, column: number): Cell | undefined {
    return this.rows[row - 1]?.[column - 1];
  }

  ensure(row: number, column: number): Cell {
    const line = (this.rows[row - 1] ??= []);
    return (line[column - 1] ??= { value: '' });
  }

  lastRow(): number {
    for (let r = this.rows.length; r > 0; r -= 1) {
      if (this.rows[r - 1]?.some((c) => !isBlank(c))) return r;
    }
    return 0;
  }

  lastColumn(): number {
    let last = 0;
    for (const line of this.rows) {
      if (!line) continue;
      for (let c = line.length; c > last; c -= 1) {
        if (!isBlank(line[c - 1])) {
          last = c;
          break;
        }
      }
    }
    return last;
  }

  insertRows(afterRow: number, count: number): void {
    const blanks: (Cell | undefined)[][] = Array.from({ length: count }, () => []);
    while (this.rows.length < afterRow) this.rows.push([]);
    this.rows.splice(afterRow, 0, ...blanks);
    this.maxRows += count;
  }

  /** Blank columns after `afterColumn`: cells to their right move right (widths too). */
  insertColumns(afterColumn: number, count: number): void {
    for (const line of this.rows) {
      if (!line || line.length <= afterColumn) continue;
      line.splice(afterColumn, 0, ...Array.from({ length: count }, () => undefined));
    }
    const widths = [...this.columnWidths].map(
      ([c, w]) => [c > afterColumn ? c + count : c, w] as [number, number],
    );
    this.columnWidths = new Map(widths);
    this.maxColumns += count;
  }

  deleteRows(row: number, count: number): void {
    if (row < 1 || row + count - 1 > this.maxRows) fail('Those rows are out of bounds.');
    if (count >= this.maxRows) fail("You can't delete all the rows on the sheet.");
    this.rows.splice(row - 1, count);
    this.maxRows -= count;
  }

  checkInside(area: Area): void {
    if (
      area.row + area.numRows - 1 > this.maxRows ||
      area.column + area.numColumns - 1 > this.maxColumns
    ) {
      fail('The coordinates of the range are outside the dimensions of the sheet.');
    }
  }
}

export interface SpreadsheetOptions {
  id?: string;
  name?: string;
  timeZone?: string;
  sheets?: { name: string; values?: unknown[][] }[];
  /**
   * The account that owns the file (default: the runtime's user). A custom function's user
   * stores are the owner's (globals.ts).
   */
  owner?: string;
}

export class SpreadsheetModel {
  readonly id: string;
  name: string;
  timeZone: string;
  /** The file's owner: whose user properties, cache and lock a custom function gets. */
  owner: string | undefined;
  sheets: SheetModel[] = [];
  namedRanges = new Map<string, { sheet: SheetModel; area: Area }>();
  active: { sheet: SheetModel; area: Area } | null = null;
  formulaEvaluator: FormulaEvaluator | undefined;
  /** The newest toasts (keep-newest.ts); `toastsDropped` older ones are gone. */
  readonly toasts: { message: string; title: string; timeoutSeconds: number }[] = [];
  toastsDropped = 0;

  constructor(options: SpreadsheetOptions = {}) {
    this.id = options.id ?? 'fake-spreadsheet-id';
    this.name = options.name ?? 'Untitled spreadsheet';
    this.timeZone = options.timeZone ?? 'America/New_York';
    this.owner = options.owner;
    const specs = options.sheets?.length ? options.sheets : [{ name: 'Sheet1' }];
    for (const spec of specs) {
      const values = spec.values ?? [];
      const width = Math.max(0, ...values.map((r) => r.length));
      const sheet = this.addSheet(spec.name, this.sheets.length);
      sheet.maxRows = Math.max(DEFAULT_ROWS, values.length);
      sheet.maxColumns = Math.max(DEFAULT_COLUMNS, width);
      values.forEach((line, r) => line.forEach((v, c) => this.write(sheet, r + 1, c + 1, v)));
    }
  }

  sheetByName(name: string): SheetModel | undefined {
    return this.sheets.find((s) => s.name === name);
  }

  addSheet(name: string, index: number): SheetModel {
    this.checkNewName(name);
    const sheet = new SheetModel(name);
    this.sheets.splice(Math.max(0, Math.min(index, this.sheets.length)), 0, sheet);
    return sheet;
  }

  checkNewName(name: string): void {
    if (this.sheets.some((s) => s.name.toLowerCase() === name.toLowerCase())) {
      fail(`A sheet with the name "${name}" already exists. Please enter another name.`);
    }
  }

  activeSheet(): SheetModel {
    const sheet = this.active?.sheet;
    return sheet && this.sheets.includes(sheet) ? sheet : (this.sheets[0] as SheetModel);
  }

  /** A script write to one cell, with Sheets' parsing of strings. */
  write(sheet: SheetModel, row: number, column: number, input: unknown): void {
    const cell = sheet.ensure(row, column);
    const written = interpretWrite(input, cell.numberFormat, this.timeZone);
    cell.value = written.value;
    if (written.formula === undefined) delete cell.formula;
    else cell.formula = written.formula;
    if (written.impliedFormat && cell.numberFormat === undefined) {
      cell.numberFormat = written.impliedFormat;
    }
  }
}
