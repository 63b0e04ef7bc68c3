import { makeRuntime, thrown } from './harness';

const CODE = `
function write(a1, values) {
  var range = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('T').getRange(a1);
  range.setValues(values);
  return { values: range.getValues(), formulas: range.getFormulas(), display: range.getDisplayValues() };
}
function writeOne(a1, value) {
  var range = SpreadsheetApp.getActiveSheet().getRange(a1);
  range.setValue(value);
  return [range.getValue(), range.getFormula(), range.getDisplayValue()];
}
function asText(a1, value) {
  var range = SpreadsheetApp.getActiveSheet().getRange(a1);
  range.setNumberFormat('@');
  range.setValue(value);
  return [range.getValue(), range.getFormula(), range.getNumberFormat()];
}
function dateCell() {
  var range = SpreadsheetApp.getActiveSheet().getRange('A1');
  range.setValue(new Date(Date.UTC(2026, 10, 25, 5, 0, 0)));
  var v = range.getValue();
  range.setNumberFormat('yyyy-mm-dd');
  return [v instanceof Date, v.getTime(), range.getDisplayValue()];
}
function formats() {
  var r = SpreadsheetApp.getActiveSheet().getRange('A1:D1');
  r.setValues([[1234.5, 0.256, 7, -3.14159]]);
  r.setNumberFormats([['#,##0.00', '0.0%', '000', '0.00']]);
  return r.getDisplayValues()[0];
}
function readA(a1) { return SpreadsheetApp.getActiveSpreadsheet().getSheetByName('T').getRange(a1).getValues(); }
function badShape(values) { SpreadsheetApp.getActiveSheet().getRange('A1:B2').setValues(values); }
`;

const sheets = { sheets: [{ name: 'T' }] };

describe('values written by scripts (USER_ENTERED-like parsing)', () => {
  it('turns =strings into formulas, strips a leading apostrophe, parses numbers, booleans and dates', () => {
    const { rt } = makeRuntime(CODE, { spreadsheet: sheets });
    const out = rt.run<{ values: unknown[][]; formulas: string[][]; display: string[][] }>(
      'write',
      [
        'A1:H1',
        [
          [
            '=IMPORTDATA("x")',
            "'=SUM(1)",
            '00123',
            '1,234.5',
            'TRUE',
            '2026-11-25',
            'MSCU1234565',
            null,
          ],
        ],
      ],
    );
    expect(out.formulas[0]).toEqual(['=IMPORTDATA("x")', '', '', '', '', '', '', '']);
    expect(out.values[0]?.slice(0, 5)).toEqual(['', '=SUM(1)', 123, 1234.5, true]);
    expect(out.values[0]?.[5]).toEqual(new Date('2026-11-25T05:00:00Z')); // midnight in New York
    expect(out.values[0]?.slice(6)).toEqual(['MSCU1234565', '']);
    expect(out.display[0]).toEqual([
      '',
      '=SUM(1)',
      '123',
      '1,234.50',
      'TRUE',
      '2026-11-25',
      'MSCU1234565',
      '',
    ]);
  });

  it('keeps numeric-looking text (and formula-looking text) as text in plain-text cells', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('asText', ['B2', '00123'])).toEqual(['00123', '', '@']);
    expect(rt.run('asText', ['B3', '=1+2'])).toEqual(['=1+2', '', '@']);
    expect(rt.run('writeOne', ['B4', '00123'])).toEqual([123, '', '123']);
  });

  it('computes formula values through runtime.formulaEvaluator, else blank', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('writeOne', ['C1', '=1+2'])).toEqual(['', '=1+2', '']);
    rt.formulaEvaluator = (formula, at) =>
      formula === '=1+2' ? 3 : `${at.sheet}!${at.row},${at.column}`;
    expect(rt.run('writeOne', ['C1', '=1+2'])).toEqual([3, '=1+2', '3']);
  });

  it('keeps Dates as dates and shows them in the spreadsheet time zone', () => {
    const { rt } = makeRuntime(CODE, { spreadsheet: { timeZone: 'America/Los_Angeles' } });
    expect(rt.run('dateCell')).toEqual([true, Date.parse('2026-11-25T05:00:00Z'), '2026-11-24']);
  });

  it('formats numbers with the cell number format', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('formats')).toEqual(['1,234.50', '25.6%', '007', '-3.14']);
  });

  it('rejects data that does not match the range, with Apps Script messages', () => {
    const { rt } = makeRuntime(CODE);
    expect(thrown(() => rt.run('badShape', [[[1, 2]]]))).toBe(
      'The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.',
    );
    expect(thrown(() => rt.run('badShape', [[[1, 2], [3]]]))).toBe(
      'The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2.',
    );
    expect(thrown(() => rt.run('badShape', [[1, 2]]))).toBe(
      "The parameters (number[]) don't match the method signature for SpreadsheetApp.Range.setValues.",
    );
  });

  it('refuses a text over 50,000 characters in any cell, failing the whole call', () => {
    const { rt } = makeRuntime(CODE, { spreadsheet: sheets });
    const long = 'x'.repeat(50_001);
    expect(thrown(() => rt.run('write', ['A1:B1', [['kept?', long]]]))).toBe(
      'Your input contains more than the maximum of 50000 characters in a single cell.',
    );
    expect(rt.run('readA', ['A1:B1'])).toEqual([['', '']]); // nothing of the call was written
    expect(thrown(() => rt.run('writeOne', ['A1', long]))).toMatch(/maximum of 50000 characters/);
    const exact = 'y'.repeat(50_000);
    expect((rt.run('writeOne', ['A1', exact]) as unknown[])[0]).toBe(exact);
  });

  it('reads error cells as their error text, the way getValues() returns them', () => {
    const { rt } = makeRuntime(CODE, { spreadsheet: sheets });
    rt.formulaEvaluator = (formula) => (formula === '=1/0' ? '#DIV/0!' : undefined);
    const typed = ['#N/A', '#ref!', '#VALUE!', '#NAME?', '#NUM!', '#NULL!', '#ERROR!'];
    const out = rt.run('write', ['A1:H1', [[...typed, '=1/0']]]) as { values: unknown[][] };
    expect(out.values[0]).toEqual([
      '#N/A',
      '#REF!',
      '#VALUE!',
      '#NAME?',
      '#NUM!',
      '#NULL!',
      '#ERROR!',
      '#DIV/0!',
    ]);
  });
});
