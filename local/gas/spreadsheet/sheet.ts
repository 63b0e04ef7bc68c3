// Sheet: a view of one shared SheetModel.

import { fail } from '../errors';
import { registerFake } from '../registry';
import { parseA1, splitSheetName, type Area } from './a1';
import { FakeConditionalFormatRule } from './conditional-format';
import type { SheetModel, SpreadsheetModel } from './model';
import {
  provideSheets,
  spreadsheetObject,
  type SheetObject,
  type SpreadsheetObject,
} from './objects';
import { FakeProtection } from './protection';
import { FakeRange, rangeAt } from './range';
import { FakeRangeList } from './range-list';
import { spreadsheetRules } from './rules';

export class FakeSheet implements SheetObject {
  constructor(
    private readonly model: SpreadsheetModel,
    private readonly sheet: SheetModel,
  ) {}

  static modelOf(sheet: FakeSheet): SheetModel {
    return sheet.sheet;
  }

  /** Validates coordinates with Apps Script's messages and makes the Range. */
  static rangeAt(model: SpreadsheetModel, sheet: SheetModel, area: Area): FakeRange {
    return rangeAt(model, sheet, area);
  }

  getName(): string {
    return this.sheet.name;
  }

  setName(name: string): this {
    if (name !== this.sheet.name) this.model.checkNewName(String(name));
    this.sheet.name = String(name);
    return this;
  }

  getSheetId(): number {
    return this.sheet.sheetId;
  }

  getIndex(): number {
    return this.model.sheets.indexOf(this.sheet) + 1;
  }

  getParent(): SpreadsheetObject {
    return spreadsheetObject(this.model);
  }

  getRange(
    a1OrRow: string | number,
    column?: number,
    numRows?: number,
    numColumns?: number,
  ): FakeRange {
    if (typeof a1OrRow === 'string') {
      const { sheetName, cells } = splitSheetName(a1OrRow);
      const target = sheetName === undefined ? this.sheet : this.model.sheetByName(sheetName);
      if (!target) fail('Range not found');
      return FakeSheet.rangeAt(
        this.model,
        target,
        parseA1(cells, target.maxRows, target.maxColumns),
      );
    }
    if (column === undefined) fail('Range not found');
    return FakeSheet.rangeAt(this.model, this.sheet, {
      row: a1OrRow,
      column,
      numRows: numRows ?? 1,
      numColumns: numColumns ?? 1,
    });
  }

  getRangeList(a1Notations: string[]): FakeRangeList {
    const list = Array.isArray(a1Notations) ? a1Notations : [];
    return new FakeRangeList(
      list.map((a1) => {
        // Every notation is of this sheet: a sheet name in one of them is refused.
        const { sheetName, cells } = splitSheetName(String(a1));
        if (sheetName !== undefined && sheetName !== this.sheet.name) fail('Range not found');
        return FakeSheet.rangeAt(
          this.model,
          this.sheet,
          parseA1(cells, this.sheet.maxRows, this.sheet.maxColumns),
        );
      }),
    );
  }

  getDataRange(): FakeRange {
    const area = {
      row: 1,
      column: 1,
      numRows: Math.max(1, this.sheet.lastRow()),
      numColumns: Math.max(1, this.sheet.lastColumn()),
    };
    return new FakeRange(this.model, this.sheet, area);
  }

  getLastRow(): number {
    return this.sheet.lastRow();
  }

  getLastColumn(): number {
    return this.sheet.lastColumn();
  }

  getMaxRows(): number {
    return this.sheet.maxRows;
  }

  getMaxColumns(): number {
    return this.sheet.maxColumns;
  }

  insertRowsAfter(afterPosition: number, howMany: number): this {
    if (afterPosition < 1 || afterPosition > this.sheet.maxRows)
      fail('Those rows are out of bounds.');
    this.sheet.insertRows(afterPosition, howMany);
    return this;
  }

  /**
   * A new sheet has 26 columns (A–Z) and 1,000 rows; writing past them fails ("The coordinates
   * of the range are outside the dimensions of the sheet."), so columns are inserted first.
   */
  insertColumnsAfter(afterPosition: number, howMany: number): this {
    if (afterPosition < 1 || afterPosition > this.sheet.maxColumns)
      fail('Those columns are out of bounds.');
    this.sheet.insertColumns(afterPosition, howMany);
    return this;
  }

  insertRowsBefore(beforePosition: number, howMany: number): this {
    if (beforePosition < 1 || beforePosition > this.sheet.maxRows)
      fail('Those rows are out of bounds.');
    this.sheet.insertRows(beforePosition - 1, howMany);
    return this;
  }

  deleteRows(rowPosition: number, howMany: number): void {
    this.sheet.deleteRows(rowPosition, howMany);
  }

  deleteRow(rowPosition: number): this {
    this.sheet.deleteRows(rowPosition, 1);
    return this;
  }

  /** Writes after the last row with content, growing the sheet when it is full. */
  appendRow(rowContents: unknown[]): this {
    if (!Array.isArray(rowContents))
      fail(
        "The parameters (String) don't match the method signature for SpreadsheetApp.Sheet.appendRow.",
      );
    const row = this.sheet.lastRow() + 1;
    this.sheet.maxRows = Math.max(this.sheet.maxRows, row);
    this.sheet.maxColumns = Math.max(this.sheet.maxColumns, rowContents.length);
    rowContents.forEach((v, i) => this.model.write(this.sheet, row, i + 1, v));
    return this;
  }

  setFrozenRows(rows: number): void {
    this.sheet.frozenRows = rows;
  }

  getFrozenRows(): number {
    return this.sheet.frozenRows;
  }

  setFrozenColumns(columns: number): void {
    this.sheet.frozenColumns = columns;
  }

  getFrozenColumns(): number {
    return this.sheet.frozenColumns;
  }

  hideSheet(): this {
    this.sheet.hidden = true;
    return this;
  }

  showSheet(): this {
    this.sheet.hidden = false;
    return this;
  }

  isSheetHidden(): boolean {
    return this.sheet.hidden;
  }

  /** Protects the whole sheet (editors only) until setWarningOnly(true) makes it a warning. */
  protect(): FakeProtection {
    this.sheet.protection ??= { description: '', warningOnly: false };
    return new FakeProtection(this.sheet);
  }

  setColumnWidth(columnPosition: number, width: number): this {
    this.sheet.columnWidths.set(columnPosition, width);
    return this;
  }

  getColumnWidth(columnPosition: number): number {
    return this.sheet.columnWidths.get(columnPosition) ?? 100;
  }

  getConditionalFormatRules(): FakeConditionalFormatRule[] {
    return this.sheet.conditionalRules.map(
      (data) => new FakeConditionalFormatRule(this.model, data),
    );
  }

  setConditionalFormatRules(rules: FakeConditionalFormatRule[]): void {
    this.sheet.conditionalRules = rules.map((rule) => FakeConditionalFormatRule.dataOf(rule));
  }

  clear(): this {
    this.sheet.rows = [];
    this.sheet.merges = [];
    return this;
  }

  clearContents(): this {
    for (const line of this.sheet.rows) {
      for (const cell of line ?? []) {
        if (cell) {
          cell.value = '';
          delete cell.formula;
        }
      }
    }
    return this;
  }

  activate(): this {
    this.model.active = {
      sheet: this.sheet,
      area: { row: 1, column: 1, numRows: 1, numColumns: 1 },
    };
    return this;
  }
}

provideSheets((model, sheet) => new FakeSheet(model, sheet));

registerFake(FakeSheet, {
  label: 'Sheet',
  service: 'Spreadsheet',
  scope: 'spreadsheet-read',
  methods: spreadsheetRules(
    ['getConditionalFormatRules', 'getFrozenColumns'],
    [
      'setName',
      'insertRowsAfter',
      'insertColumnsAfter',
      'insertRowsBefore',
      'deleteRows',
      'deleteRow',
      'appendRow',
      'setFrozenRows',
      'setFrozenColumns',
      'hideSheet',
      'showSheet',
      'protect',
      'setColumnWidth',
      'setConditionalFormatRules',
      'clear',
      'clearContents',
      'activate',
    ],
  ),
});
