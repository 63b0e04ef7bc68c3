// Spreadsheet: the bound (active) spreadsheet, a view of the shared SpreadsheetModel.

import { fail } from '../errors';
import { pushNewest } from '../keep-newest';
import { registerFake } from '../registry';
import { parseA1, splitSheetName } from './a1';
import type { SpreadsheetModel } from './model';
import { provideSpreadsheets, type SpreadsheetObject } from './objects';
import { FakeRange } from './range';
import { spreadsheetRules } from './rules';
import { FakeSheet } from './sheet';

export class FakeSpreadsheet implements SpreadsheetObject {
  constructor(private readonly model: SpreadsheetModel) {}

  getId(): string {
    return this.model.id;
  }

  getName(): string {
    return this.model.name;
  }

  getUrl(): string {
    return `https://docs.google.com/spreadsheets/d/${this.model.id}/edit`;
  }

  getSpreadsheetTimeZone(): string {
    return this.model.timeZone;
  }

  getSheets(): FakeSheet[] {
    return this.model.sheets.map((s) => new FakeSheet(this.model, s));
  }

  getSheetByName(name: string): FakeSheet | null {
    const sheet = this.model.sheetByName(String(name));
    return sheet ? new FakeSheet(this.model, sheet) : null;
  }

  /** insertSheet(), insertSheet(name), insertSheet(index), insertSheet(name, index). The new sheet becomes active. */
  insertSheet(nameOrIndex?: string | number, index?: number): FakeSheet {
    let name = typeof nameOrIndex === 'string' ? nameOrIndex : undefined;
    const at = typeof nameOrIndex === 'number' ? nameOrIndex : (index ?? this.model.sheets.length);
    for (let n = this.model.sheets.length + 1; name === undefined; n += 1) {
      if (!this.model.sheetByName(`Sheet${n}`)) name = `Sheet${n}`;
    }
    const sheet = this.model.addSheet(name, at);
    this.model.active = { sheet, area: { row: 1, column: 1, numRows: 1, numColumns: 1 } };
    return new FakeSheet(this.model, sheet);
  }

  deleteSheet(sheet: FakeSheet): void {
    if (this.model.sheets.length === 1) {
      fail("You can't remove all the sheets in a document.");
    }
    this.model.sheets = this.model.sheets.filter((s) => s !== FakeSheet.modelOf(sheet));
  }

  getRange(a1Notation: string): FakeRange {
    const { sheetName, cells } = splitSheetName(String(a1Notation));
    const sheet =
      sheetName === undefined ? this.model.activeSheet() : this.model.sheetByName(sheetName);
    if (!sheet) fail('Range not found');
    return FakeSheet.rangeAt(this.model, sheet, parseA1(cells, sheet.maxRows, sheet.maxColumns));
  }

  getRangeByName(name: string): FakeRange | null {
    const named = this.model.namedRanges.get(String(name));
    return named ? new FakeRange(this.model, named.sheet, { ...named.area }) : null;
  }

  setNamedRange(name: string, range: FakeRange): void {
    this.model.namedRanges.set(String(name), FakeRange.areaOf(range));
  }

  getActiveSheet(): FakeSheet {
    return new FakeSheet(this.model, this.model.activeSheet());
  }

  setActiveSheet(sheet: FakeSheet): FakeSheet {
    const model = FakeSheet.modelOf(sheet);
    this.model.active = { sheet: model, area: { row: 1, column: 1, numRows: 1, numColumns: 1 } };
    return sheet;
  }

  /** The selection set with runtime.select(), else A1 of the active sheet. */
  getActiveRange(): FakeRange {
    const sheet = this.model.activeSheet();
    const area = this.model.active?.sheet === sheet ? this.model.active.area : undefined;
    return new FakeRange(this.model, sheet, {
      ...(area ?? { row: 1, column: 1, numRows: 1, numColumns: 1 }),
    });
  }

  getActiveCell(): FakeRange {
    const { sheet, area } = FakeRange.areaOf(this.getActiveRange());
    return new FakeRange(this.model, sheet, {
      row: area.row,
      column: area.column,
      numRows: 1,
      numColumns: 1,
    });
  }

  toast(msg: string, title?: string, timeoutSeconds?: number): void {
    this.model.toastsDropped += pushNewest(this.model.toasts, {
      message: String(msg),
      title: title ?? '',
      timeoutSeconds: timeoutSeconds ?? 5,
    });
  }
}

provideSpreadsheets((model) => new FakeSpreadsheet(model));

registerFake(FakeSpreadsheet, {
  label: 'Spreadsheet',
  service: 'Spreadsheet',
  scope: 'spreadsheet-read',
  methods: spreadsheetRules(
    [],
    ['insertSheet', 'deleteSheet', 'setNamedRange', 'setActiveSheet', 'toast'],
  ),
});
