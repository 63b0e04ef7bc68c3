import { makeRuntime, thrown } from './harness';

const CODE = `
function setup() {
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  var sheet = ss.insertSheet('Tracking');
  sheet.appendRow(['Number', 'Status']);
  sheet.appendRow(['MSCU1234565', 'available']);
  sheet.setFrozenRows(1);
  ss.insertSheet('Status').hideSheet();
  sheet.getRange(1, 1, 1, 2).setFontWeight('bold').setBackground('#eeeeee');
  ss.setNamedRange('Header', sheet.getRange('A1:B1'));
  return [ss.getSheets().map(function (s) { return s.getName(); }), ss.getActiveSheet().getName(),
    sheet.getLastRow(), sheet.getLastColumn(), sheet.getFrozenRows(), sheet.getDataRange().getA1Notation(),
    ss.getSheetByName('Status').isSheetHidden(),
    ss.getRangeByName('Header').getValues(), ss.getRangeByName('Nope')];
}
function duplicate() { SpreadsheetApp.getActive().insertSheet('tracking'); }
function outOfBounds() { SpreadsheetApp.getActive().getSheetByName('Sheet1').getRange(1001, 1); }
function badA1() { SpreadsheetApp.getActiveSheet().getRange('A1:B:C'); }
function rows() {
  var sheet = SpreadsheetApp.getActive().getSheetByName('Sheet1');
  sheet.getRange('A1:A3').setValues([[1], [2], [3]]);
  sheet.insertRowsAfter(1, 2);
  var afterInsert = sheet.getRange('A1:A5').getValues().map(function (r) { return r[0]; });
  sheet.deleteRows(2, 2);
  return [afterInsert, sheet.getRange('A1:A3').getValues().map(function (r) { return r[0]; }), sheet.getMaxRows()];
}
function selection() {
  var range = SpreadsheetApp.getActiveRange();
  return [range.getSheet().getName(), range.getA1Notation(), SpreadsheetApp.getActive().getActiveCell().getA1Notation(),
    range.offset(1, 0).getA1Notation(), range.getRow(), range.getLastRow(), range.getNumColumns()];
}
function merges() {
  var sheet = SpreadsheetApp.getActiveSheet();
  sheet.getRange('A1:B1').setValues([['keep', 'lost']]);
  sheet.getRange('A1:B1').merge();
  var before = [sheet.getRange('B1').isPartOfMerge(), sheet.getRange('A1:C3').getMergedRanges()[0].getA1Notation(), sheet.getRange('B1').getValue()];
  sheet.getRange('A1').breakApart();
  return before.concat([sheet.getRange('B1').isPartOfMerge()]);
}
function rules() {
  var sheet = SpreadsheetApp.getActiveSheet();
  var rule = SpreadsheetApp.newConditionalFormatRule()
    .whenFormulaSatisfied('=AND($C2<>"",$C2<TODAY())').setBackground('#f4c7c3').setRanges([sheet.getRange('C2:C')]).build();
  sheet.setConditionalFormatRules([rule]);
  var read = sheet.getConditionalFormatRules()[0];
  return [read.getBooleanCondition().getCriteriaType(), read.getBooleanCondition().getCriteriaValues()[0],
    read.getBooleanCondition().getBackground(), read.getRanges()[0].getA1Notation()];
}
function notes() {
  var r = SpreadsheetApp.getActiveSheet().getRange('D4');
  r.setNote('from API').setWrap(true);
  r.setFormula('=NOW()');
  return [r.getNote(), r.getFormula()];
}
`;

describe('spreadsheet structure', () => {
  it('creates sheets, appends rows, names ranges; the new sheet becomes active', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('setup')).toEqual([
      ['Sheet1', 'Tracking', 'Status'],
      'Status',
      2,
      2,
      1,
      'A1:B2',
      true,
      [['Number', 'Status']],
      null,
    ]);
    expect(rt.spreadsheet.sheetByName('Tracking')?.cell(1, 1)).toMatchObject({
      value: 'Number',
      fontWeight: 'bold',
      background: '#eeeeee',
    });
    expect(thrown(() => rt.run('duplicate'))).toBe(
      'A sheet with the name "tracking" already exists. Please enter another name.',
    );
  });

  it('checks coordinates and A1 notation like Apps Script', () => {
    const { rt } = makeRuntime(CODE);
    expect(thrown(() => rt.run('outOfBounds'))).toBe(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
    expect(thrown(() => rt.run('badA1'))).toBe('Range not found');
  });

  it('inserts and deletes rows, moving content', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('rows')).toEqual([[1, '', '', 2, 3], [1, 2, 3], 1000]);
  });

  it('reports the selection set from tests', () => {
    const { rt } = makeRuntime(CODE, {
      spreadsheet: { sheets: [{ name: 'A' }, { name: 'Tracking' }] },
    });
    rt.select('Tracking', 'B5:C7');
    expect(rt.run('selection')).toEqual(['Tracking', 'B5:C7', 'B5', 'B6:C8', 5, 7, 2]);
  });

  it('merges keep the top-left value; conditional format rules round-trip; notes and formulas', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('merges')).toEqual([true, 'A1:B1', '', false]);
    expect(rt.run('rules')).toEqual([
      'CUSTOM_FORMULA',
      '=AND($C2<>"",$C2<TODAY())',
      '#f4c7c3',
      'C2:C1000',
    ]);
    expect(rt.run('notes')).toEqual(['from API', '=NOW()']);
  });
});
