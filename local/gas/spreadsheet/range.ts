// Range: a view of an area of a shared sheet. Value rules live in cell-values.ts; the size
// checks reproduce Apps Script's messages ("The number of rows in the data does not match the
// number of rows in the range. The data has 1 but the range has 2.").

import { fail } from '../errors';
import { registerFake } from '../registry';
import { areaToA1, intersects, type Area } from './a1';
import type { Cell, CellValue } from './cell-values';
import type { SheetModel, SpreadsheetModel } from './model';
import { DEFAULT_NUMBER_FORMAT, displayValue } from './number-format';
import { spreadsheetRules } from './rules';
import { FakeSheet } from './sheet';

type GasRange = GoogleAppsScript.Spreadsheet.Range;

function describeArg(values: unknown): string {
  if (!Array.isArray(values)) return typeof values === 'string' ? 'String' : typeof values;
  const types = new Set(
    values.map((v) =>
      typeof v === 'string' ? 'String' : Array.isArray(v) ? 'Object[]' : typeof v,
    ),
  );
  return `${types.size === 1 ? [...types][0] : 'Object'}[]`;
}

export class FakeRange implements Pick<
  GasRange,
  | 'getRow'
  | 'getColumn'
  | 'getNumRows'
  | 'getNumColumns'
  | 'getLastRow'
  | 'getLastColumn'
  | 'getA1Notation'
  | 'getFormula'
  | 'getFormulas'
  | 'getDisplayValue'
  | 'getDisplayValues'
  | 'getNumberFormat'
  | 'getNumberFormats'
  | 'getNote'
  | 'isPartOfMerge'
> {
  constructor(
    private readonly model: SpreadsheetModel,
    private readonly sheet: SheetModel,
    private readonly area: Area,
  ) {}

  static areaOf(range: FakeRange): { sheet: SheetModel; area: Area } {
    return { sheet: range.sheet, area: range.area };
  }

  #each<T>(fn: (cell: Cell | undefined, row: number, column: number) => T): T[][] {
    const out: T[][] = [];
    for (let r = 0; r < this.area.numRows; r += 1) {
      const line: T[] = [];
      for (let c = 0; c < this.area.numColumns; c += 1) {
        const row = this.area.row + r;
        const column = this.area.column + c;
        line.push(fn(this.sheet.cell(row, column), row, column));
      }
      out.push(line);
    }
    return out;
  }

  #value(cell: Cell | undefined, row: number, column: number): CellValue {
    if (!cell) return '';
    if (cell.formula === undefined)
      return cell.value instanceof Date ? new Date(cell.value) : cell.value;
    const computed = this.model.formulaEvaluator?.(cell.formula, {
      sheet: this.sheet.name,
      row,
      column,
    });
    if (computed === undefined || computed === null) return '';
    return computed as CellValue;
  }

  #checkShape(values: unknown, method: string): unknown[][] {
    if (!Array.isArray(values) || !values.every((line) => Array.isArray(line))) {
      fail(
        `The parameters (${describeArg(values)}) don't match the method signature for SpreadsheetApp.Range.${method}.`,
      );
    }
    const rows = values as unknown[][];
    if (rows.length !== this.area.numRows) {
      fail(
        `The number of rows in the data does not match the number of rows in the range. The data has ${rows.length} but the range has ${this.area.numRows}.`,
      );
    }
    for (const line of rows) {
      if (line.length !== this.area.numColumns) {
        fail(
          `The number of columns in the data does not match the number of columns in the range. The data has ${line.length} but the range has ${this.area.numColumns}.`,
        );
      }
    }
    return rows;
  }

  #setAll(fn: (cell: Cell) => void): this {
    for (let r = 0; r < this.area.numRows; r += 1) {
      for (let c = 0; c < this.area.numColumns; c += 1) {
        fn(this.sheet.ensure(this.area.row + r, this.area.column + c));
      }
    }
    return this;
  }

  #setEach<T>(
    values: unknown,
    method: string,
    fn: (cell: Cell, v: T, row: number, column: number) => void,
  ): this {
    const rows = this.#checkShape(values, method);
    rows.forEach((line, r) =>
      line.forEach((v, c) => {
        const row = this.area.row + r;
        const column = this.area.column + c;
        fn(this.sheet.ensure(row, column), v as T, row, column);
      }),
    );
    return this;
  }

  getValues(): CellValue[][] {
    return this.#each((cell, r, c) => this.#value(cell, r, c));
  }

  getValue(): CellValue {
    return this.#value(
      this.sheet.cell(this.area.row, this.area.column),
      this.area.row,
      this.area.column,
    );
  }

  setValues(values: unknown[][]): this {
    return this.#setEach(values, 'setValues', (_cell, v, r, c) =>
      this.model.write(this.sheet, r, c, v),
    );
  }

  setValue(value: unknown): this {
    return this.#writeAll(value);
  }

  #writeAll(value: unknown): this {
    for (let r = 0; r < this.area.numRows; r += 1) {
      for (let c = 0; c < this.area.numColumns; c += 1) {
        this.model.write(this.sheet, this.area.row + r, this.area.column + c, value);
      }
    }
    return this;
  }

  getDisplayValues(): string[][] {
    return this.#each((cell, r, c) =>
      displayValue(this.#value(cell, r, c), cell?.numberFormat, this.model.timeZone),
    );
  }

  getDisplayValue(): string {
    const cell = this.sheet.cell(this.area.row, this.area.column);
    return displayValue(
      this.#value(cell, this.area.row, this.area.column),
      cell?.numberFormat,
      this.model.timeZone,
    );
  }

  getFormulas(): string[][] {
    return this.#each((cell) => cell?.formula ?? '');
  }

  getFormula(): string {
    return this.sheet.cell(this.area.row, this.area.column)?.formula ?? '';
  }

  setFormulas(formulas: string[][]): this {
    return this.#setEach<string>(formulas, 'setFormulas', (cell, f) => {
      cell.value = '';
      if (f) cell.formula = String(f);
      else delete cell.formula;
    });
  }

  setFormula(formula: string): this {
    return this.#setAll((cell) => {
      cell.value = '';
      cell.formula = String(formula);
    });
  }

  getNumberFormats(): string[][] {
    return this.#each((cell) => cell?.numberFormat ?? DEFAULT_NUMBER_FORMAT);
  }

  getNumberFormat(): string {
    return this.sheet.cell(this.area.row, this.area.column)?.numberFormat ?? DEFAULT_NUMBER_FORMAT;
  }

  setNumberFormat(numberFormat: string): this {
    return this.#setAll((cell) => (cell.numberFormat = String(numberFormat)));
  }

  setNumberFormats(numberFormats: string[][]): this {
    return this.#setEach<string>(
      numberFormats,
      'setNumberFormats',
      (cell, f) => (cell.numberFormat = String(f)),
    );
  }

  setFontWeight(fontWeight: string | null): this {
    return this.#setAll((cell) => (cell.fontWeight = fontWeight ?? 'normal'));
  }

  setFontColor(color: string | null): this {
    return this.#setAll((cell) =>
      color === null ? delete cell.fontColor : (cell.fontColor = color),
    );
  }

  setBackground(color: string | null): this {
    return this.#setAll((cell) =>
      color === null ? delete cell.background : (cell.background = color),
    );
  }

  setBackgrounds(colors: (string | null)[][]): this {
    return this.#setEach<string | null>(colors, 'setBackgrounds', (cell, color) =>
      color === null ? delete cell.background : (cell.background = color),
    );
  }

  getBackground(): string {
    return this.sheet.cell(this.area.row, this.area.column)?.background ?? '#ffffff';
  }

  getBackgrounds(): string[][] {
    return this.#each((cell) => cell?.background ?? '#ffffff');
  }

  getFontWeight(): string {
    return this.sheet.cell(this.area.row, this.area.column)?.fontWeight ?? 'normal';
  }

  setNote(note: string | null): this {
    return this.#setAll((cell) => (note ? (cell.note = String(note)) : delete cell.note));
  }

  getNote(): string {
    return this.sheet.cell(this.area.row, this.area.column)?.note ?? '';
  }

  setWrap(isWrapEnabled: boolean): this {
    return this.#setAll((cell) => (cell.wrap = Boolean(isWrapEnabled)));
  }

  setHorizontalAlignment(alignment: string | null): this {
    return this.#setAll((cell) => (cell.horizontalAlignment = alignment ?? 'general'));
  }

  /** Merging keeps the top-left value only, as the Sheets UI warns it will. */
  merge(): this {
    this.sheet.merges = this.sheet.merges.filter((m) => !intersects(m, this.area));
    this.sheet.merges.push({ ...this.area });
    this.#each((cell, r, c) => {
      if (cell && (r !== this.area.row || c !== this.area.column)) {
        cell.value = '';
        delete cell.formula;
      }
    });
    return this;
  }

  breakApart(): this {
    this.sheet.merges = this.sheet.merges.filter((m) => !intersects(m, this.area));
    return this;
  }

  isPartOfMerge(): boolean {
    return this.sheet.merges.some((m) => intersects(m, this.area));
  }

  getMergedRanges(): FakeRange[] {
    return this.sheet.merges
      .filter((m) => intersects(m, this.area))
      .map((m) => new FakeRange(this.model, this.sheet, { ...m }));
  }

  clearContent(): this {
    return this.#setAll((cell) => {
      cell.value = '';
      delete cell.formula;
    });
  }

  clear(): this {
    return this.#setAll((cell) => {
      for (const key of Object.keys(cell)) delete (cell as unknown as Record<string, unknown>)[key];
      cell.value = '';
    });
  }

  getRow(): number {
    return this.area.row;
  }

  getColumn(): number {
    return this.area.column;
  }

  getNumRows(): number {
    return this.area.numRows;
  }

  getNumColumns(): number {
    return this.area.numColumns;
  }

  getLastRow(): number {
    return this.area.row + this.area.numRows - 1;
  }

  getLastColumn(): number {
    return this.area.column + this.area.numColumns - 1;
  }

  getA1Notation(): string {
    return areaToA1(this.area);
  }

  getSheet(): FakeSheet {
    return new FakeSheet(this.model, this.sheet);
  }

  getCell(row: number, column: number): FakeRange {
    if (row < 1 || row > this.area.numRows || column < 1 || column > this.area.numColumns) {
      fail('Cell reference out of range');
    }
    return new FakeRange(this.model, this.sheet, {
      row: this.area.row + row - 1,
      column: this.area.column + column - 1,
      numRows: 1,
      numColumns: 1,
    });
  }

  offset(
    rowOffset: number,
    columnOffset: number,
    numRows?: number,
    numColumns?: number,
  ): FakeRange {
    const area: Area = {
      row: this.area.row + rowOffset,
      column: this.area.column + columnOffset,
      numRows: numRows ?? this.area.numRows,
      numColumns: numColumns ?? this.area.numColumns,
    };
    return FakeSheet.rangeAt(this.model, this.sheet, area);
  }

  activate(): this {
    this.model.active = { sheet: this.sheet, area: { ...this.area } };
    return this;
  }
}

const READS = [
  'getValues',
  'getValue',
  'getDisplayValues',
  'getDisplayValue',
  'getFormulas',
  'getFormula',
  'getNumberFormats',
  'getNumberFormat',
  'getBackground',
  'getBackgrounds',
  'getFontWeight',
  'getNote',
  'isPartOfMerge',
  'getMergedRanges',
];
const WRITES = [
  'setValues',
  'setValue',
  'setFormulas',
  'setFormula',
  'setNumberFormat',
  'setNumberFormats',
  'setFontWeight',
  'setFontColor',
  'setBackground',
  'setBackgrounds',
  'setNote',
  'setWrap',
  'setHorizontalAlignment',
  'merge',
  'breakApart',
  'clearContent',
  'clear',
  'activate',
];

registerFake(FakeRange, {
  label: 'Range',
  service: 'Spreadsheet',
  scope: 'spreadsheet-read',
  methods: spreadsheetRules(READS, WRITES),
});
