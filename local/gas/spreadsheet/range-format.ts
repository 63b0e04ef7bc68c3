// The formatting half of Range (number formats, fonts, colours, notes, wrapping, merges,
// clearing); values and geometry are in range.ts, which extends this class.

import { intersects, type Area } from './a1';
import type { Cell } from './cell-values';
import { FakeDataValidation } from './data-validation';
import type { SheetModel, SpreadsheetModel } from './model';
import { DEFAULT_NUMBER_FORMAT } from './number-format';
import { eachCell, setAll, setEach, type RangeView } from './range-cells';

const WHITE = '#ffffff';

/**
 * 'General' is no format of its own: getNumberFormat() then answers the default
 * '0.###############'. Source: gas-fakes test/testsheets.js (the NumberFormat tester: "because
 * we set general, but receive this default in return").
 */
function setFormat(cell: Cell, format: unknown): void {
  if (String(format).toLowerCase() === 'general') delete cell.numberFormat;
  else cell.numberFormat = String(format);
}

export abstract class RangeFormatting {
  constructor(
    protected readonly model: SpreadsheetModel,
    protected readonly sheet: SheetModel,
    protected readonly area: Area,
  ) {}

  /** Not a script-visible method: the realm bridge exposes prototype functions only. */
  protected get view(): RangeView {
    return { sheet: this.sheet, area: this.area };
  }

  #first(): Cell | undefined {
    return this.sheet.cell(this.area.row, this.area.column);
  }

  #all(fn: (cell: Cell) => void): this {
    setAll(this.view, fn);
    return this;
  }

  getNumberFormats(): string[][] {
    return eachCell(this.view, (cell) => cell?.numberFormat ?? DEFAULT_NUMBER_FORMAT);
  }

  getNumberFormat(): string {
    return this.#first()?.numberFormat ?? DEFAULT_NUMBER_FORMAT;
  }

  setNumberFormat(numberFormat: string): this {
    return this.#all((cell) => setFormat(cell, numberFormat));
  }

  setNumberFormats(numberFormats: string[][]): this {
    setEach<string>(this.view, numberFormats, 'setNumberFormats', (cell, f) => setFormat(cell, f));
    return this;
  }

  setFontWeight(fontWeight: string | null): this {
    return this.#all((cell) => (cell.fontWeight = fontWeight ?? 'normal'));
  }

  getFontWeight(): string {
    return this.#first()?.fontWeight ?? 'normal';
  }

  setFontColor(color: string | null): this {
    return this.#all((cell) => (color === null ? delete cell.fontColor : (cell.fontColor = color)));
  }

  setBackground(color: string | null): this {
    return this.#all((cell) =>
      color === null ? delete cell.background : (cell.background = color),
    );
  }

  setBackgrounds(colors: (string | null)[][]): this {
    setEach<string | null>(this.view, colors, 'setBackgrounds', (cell, color) =>
      color === null ? delete cell.background : (cell.background = color),
    );
    return this;
  }

  getBackground(): string {
    return this.#first()?.background ?? WHITE;
  }

  getBackgrounds(): string[][] {
    return eachCell(this.view, (cell) => cell?.background ?? WHITE);
  }

  setDataValidation(rule: FakeDataValidation | null): this {
    if (rule == null) return this.#all((cell) => delete cell.validation);
    const data = FakeDataValidation.dataOf(rule);
    return this.#all((cell) => (cell.validation = data));
  }

  getDataValidation(): FakeDataValidation | null {
    const data = this.#first()?.validation;
    return data ? new FakeDataValidation(data) : null;
  }

  /**
   * A whole number becomes "5.0", as Java prints a double: gas-fakes test/testsheets.js "notes"
   * ("set notes adds .0 to integer string conversions", issuetracker.google.com/issues/429373214).
   */
  setNote(note: string | number | null): this {
    const text = typeof note === 'number' && Number.isInteger(note) ? note.toFixed(1) : note;
    return this.#all((cell) => (text ? (cell.note = String(text)) : delete cell.note));
  }

  getNote(): string {
    return this.#first()?.note ?? '';
  }

  setWrap(isWrapEnabled: boolean): this {
    return this.#all((cell) => (cell.wrap = Boolean(isWrapEnabled)));
  }

  setHorizontalAlignment(alignment: string | null): this {
    return this.#all((cell) => (cell.horizontalAlignment = alignment ?? 'general'));
  }

  /** Merging keeps the top-left value only, as the Sheets UI warns it will. */
  merge(): this {
    this.sheet.merges = this.sheet.merges.filter((m) => !intersects(m, this.area));
    this.sheet.merges.push({ ...this.area });
    eachCell(this.view, (cell, r, c) => {
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

  clearContent(): this {
    return this.#all((cell) => {
      cell.value = '';
      delete cell.formula;
    });
  }

  clear(): this {
    return this.#all((cell) => {
      for (const key of Object.keys(cell)) delete (cell as unknown as Record<string, unknown>)[key];
      cell.value = '';
    });
  }
}
