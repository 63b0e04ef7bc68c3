// Range: a view of an area of a shared sheet. Value parsing lives in cell-values.ts, formatting
// in range-format.ts.

import { fail } from '../errors';
import { registerFake } from '../registry';
import { areaToA1, intersects, type Area } from './a1';
import { checkCellText, PARSE_ERROR, type Cell, type CellValue } from './cell-values';
import type { SheetModel, SpreadsheetModel } from './model';
import { displayValue } from './number-format';
import { sheetObject, type SheetObject } from './objects';
import { eachCell, setAll, setEach } from './range-cells';
import { RangeFormatting } from './range-format';
import { spreadsheetRules } from './rules';

type GasRange = GoogleAppsScript.Spreadsheet.Range;

/** Validates coordinates with Apps Script's messages and makes the Range (FakeSheet.rangeAt). */
export function rangeAt(model: SpreadsheetModel, sheet: SheetModel, area: Area): FakeRange {
  if (!Number.isFinite(area.row) || area.row < 1)
    fail('The starting row of the range is too small.');
  if (!Number.isFinite(area.column) || area.column < 1) {
    fail('The starting column of the range is too small.');
  }
  if (!(area.numRows >= 1)) fail('The number of rows in the range must be at least 1.');
  if (!(area.numColumns >= 1)) fail('The number of columns in the range must be at least 1.');
  sheet.checkInside(area);
  return new FakeRange(model, sheet, area);
}

export class FakeRange
  extends RangeFormatting
  implements
    Pick<
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
    >
{
  static areaOf(range: FakeRange): { sheet: SheetModel; area: Area } {
    return { sheet: range.sheet, area: range.area };
  }

  #value(cell: Cell | undefined, row: number, column: number): CellValue {
    if (!cell) return '';
    if (cell.formula === undefined) {
      return cell.value instanceof Date ? new Date(cell.value) : cell.value;
    }
    if (cell.value === PARSE_ERROR) return PARSE_ERROR;
    const at = { sheet: this.sheet.name, row, column };
    const computed = this.model.formulaEvaluator?.(cell.formula, at);
    return computed === undefined || computed === null ? '' : (computed as CellValue);
  }

  #display(cell: Cell | undefined, row: number, column: number): string {
    return displayValue(this.#value(cell, row, column), cell?.numberFormat, this.model.timeZone);
  }

  getValues(): CellValue[][] {
    return eachCell(this.view, (cell, r, c) => this.#value(cell, r, c));
  }

  getValue(): CellValue {
    const { row, column } = this.area;
    return this.#value(this.sheet.cell(row, column), row, column);
  }

  setValues(values: unknown[][]): this {
    // Sheets checks every value before writing any: one over-long text fails the whole call.
    if (Array.isArray(values))
      for (const line of values) if (Array.isArray(line)) line.forEach(checkCellText);
    setEach(this.view, values, 'setValues', (_cell, v, r, c) =>
      this.model.write(this.sheet, r, c, v),
    );
    return this;
  }

  setValue(value: unknown): this {
    checkCellText(value);
    setAll(this.view, (_cell, r, c) => this.model.write(this.sheet, r, c, value));
    return this;
  }

  getDisplayValues(): string[][] {
    return eachCell(this.view, (cell, r, c) => this.#display(cell, r, c));
  }

  getDisplayValue(): string {
    const { row, column } = this.area;
    return this.#display(this.sheet.cell(row, column), row, column);
  }

  getFormulas(): string[][] {
    return eachCell(this.view, (cell) => cell?.formula ?? '');
  }

  getFormula(): string {
    return this.sheet.cell(this.area.row, this.area.column)?.formula ?? '';
  }

  setFormulas(formulas: string[][]): this {
    setEach<string>(this.view, formulas, 'setFormulas', (cell, f) => {
      cell.value = '';
      if (f) cell.formula = String(f);
      else delete cell.formula;
    });
    return this;
  }

  setFormula(formula: string): this {
    setAll(this.view, (cell) => {
      cell.value = '';
      cell.formula = String(formula);
    });
    return this;
  }

  getMergedRanges(): FakeRange[] {
    return this.sheet.merges
      .filter((m) => intersects(m, this.area))
      .map((m) => new FakeRange(this.model, this.sheet, { ...m }));
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

  getSheet(): SheetObject {
    return sheetObject(this.model, this.sheet);
  }

  getCell(row: number, column: number): FakeRange {
    if (row < 1 || row > this.area.numRows || column < 1 || column > this.area.numColumns) {
      fail('Cell reference out of range');
    }
    const at = { row: this.area.row + row - 1, column: this.area.column + column - 1 };
    return new FakeRange(this.model, this.sheet, { ...at, numRows: 1, numColumns: 1 });
  }

  offset(
    rowOffset: number,
    columnOffset: number,
    numRows?: number,
    numColumns?: number,
  ): FakeRange {
    return rangeAt(this.model, this.sheet, {
      row: this.area.row + rowOffset,
      column: this.area.column + columnOffset,
      numRows: numRows ?? this.area.numRows,
      numColumns: numColumns ?? this.area.numColumns,
    });
  }

  activate(): this {
    this.model.active = { sheet: this.sheet, area: { ...this.area } };
    return this;
  }
}

registerFake(FakeRange, {
  label: 'Range',
  service: 'Spreadsheet',
  scope: 'spreadsheet-read',
  methods: spreadsheetRules(
    [
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
      'getDataValidation',
      'isPartOfMerge',
      'getMergedRanges',
    ],
    [
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
      'setDataValidation',
      'setWrap',
      'setHorizontalAlignment',
      'merge',
      'breakApart',
      'clearContent',
      'clear',
      'activate',
    ],
  ),
});
