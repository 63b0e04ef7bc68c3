// Formula cells of the add-in's custom functions in the preview: each one a 'custom-function'
// execution of the real bundle, re-run only when its arguments change, spilling grid results,
// and errors that say what is wrong.

import { createHarness } from '../helpers/addon-harness';
import { customFunctionCells } from '../helpers/custom-function-cells';

function setup() {
  const h = createHarness({ sheets: [{ name: 'Sheet1' }] });
  h.gas.run('setupTrackingSheet');
  const containers = h.emulator.account()!.containers();
  const numbers = containers.slice(0, 3).map((c) => c.attributes.number);
  const model = h.gas.spreadsheet;
  const sheet = model.sheetByName('Sheet1')!;
  const cells = customFunctionCells(h);
  const type = (a1: string, input: string) => {
    const column = a1.charCodeAt(0) - 64;
    model.write(sheet, Number(a1.slice(1)), column, input);
  };
  const at = (a1: string) => cells.result(sheet, Number(a1.slice(1)), a1.charCodeAt(0) - 64);
  return { h, cells, sheet, numbers, containers, type, at };
}

describe('custom-function cells', () => {
  it('runs the real function for a single cell and spills a range result', () => {
    const { cells, sheet, numbers, containers, type, at } = setup();
    numbers.forEach((n, i) => type(`A${i + 1}`, n));
    type('B1', '=CONTAINER_STATUS(A1:A3)');
    type('C1', '=CONTAINER_STATUS(A2)');
    expect(cells.recalculate()).toBe(2);
    const statuses = containers.slice(0, 3).map((c) => c.attributes.current_status);
    expect([at('B1').value, at('B2').value, at('B3').value]).toEqual(statuses);
    expect(at('B2').spilledFrom).toBe('B1');
    expect(at('C1').value).toBe(statuses[1]);
    expect(cells.extent(sheet)).toEqual({ rows: 3, columns: 2 });
  });

  it('re-runs a formula only when its arguments change (as Sheets)', () => {
    const { h, cells, numbers, type, at } = setup();
    type('A1', numbers[0]!);
    type('B1', '=CONTAINER_STATUS(A1, CT_LAST_REFRESH)');
    expect(cells.recalculate()).toBe(1);
    expect(cells.recalculate()).toBe(0);
    h.gas.run('refreshTrackingSheet'); // updates CT_LAST_REFRESH
    expect(cells.recalculate()).toBe(1);
    type('A1', numbers[1]!);
    expect(cells.recalculate()).toBe(1);
    expect(at('B1').error).toBeUndefined();
  });

  it('shows a single-cell error as #ERROR! with the message, a range error in its cell', () => {
    const { cells, numbers, type, at } = setup();
    type('A1', numbers[0]!);
    type('A2', 'MSCU 123');
    type('B1', '=CONTAINER_STATUS(A2)');
    type('C1', '=CONTAINER_STATUS(A1:A2)');
    cells.recalculate();
    expect(at('B1')).toMatchObject({ value: '#ERROR!', error: { code: '#ERROR!' } });
    expect(at('B1').error?.message).toMatch(/AAAU1234567/);
    expect(String(at('C2').value)).toMatch(/^#.*AAAU1234567/);
    expect(at('C1').error).toBeUndefined();
  });

  it('refuses what is not a call of the add-in functions, saying so', () => {
    const { cells, type, at } = setup();
    type('A1', '=SUM(B1:B3)');
    type('A2', '=CONTAINER_STATUS(B1)+1');
    type('A3', '=CONTAINER_STATUS(NOPE)');
    type('A4', '=CONTAINER_STATUS(Other!A1)');
    expect(cells.recalculate()).toBe(0);
    expect(at('A1').error).toMatchObject({ code: '#NAME?', message: expect.stringMatching(/SUM/) });
    expect(at('A2').error).toMatchObject({ code: '#N/A' });
    expect(at('A3').error).toMatchObject({
      code: '#NAME?',
      message: expect.stringMatching(/NOPE/),
    });
    expect(at('A4').error).toMatchObject({ code: '#REF!' });
  });

  it('computes the built-in subset the conditions use: the Invoice check’s differences', () => {
    const { cells, type, at } = setup();
    type('B1', '6');
    type('C1', '1100');
    type('G1', '=IF(E1="","",E1-B1)');
    type('H1', '=IF(F1="","",F1-C1)');
    cells.recalculate();
    expect([at('G1').value, at('H1').value]).toEqual(['', '']);
    expect(at('G1').error).toBeUndefined();
    type('E1', '7');
    type('F1', '1350');
    cells.recalculate();
    expect([at('G1').value, at('H1').value]).toEqual([1, 250]);
  });

  it('does not spill over data: #REF! says where', () => {
    const { cells, numbers, type, at } = setup();
    numbers.forEach((n, i) => type(`A${i + 1}`, n));
    type('B1', '=TRACKING_LINK(A1:A3)');
    type('B3', 'mine');
    cells.recalculate();
    expect(at('B1').error).toMatchObject({ code: '#REF!', message: expect.stringMatching(/B3/) });
    expect(at('B2').value).toBe('');
  });

  it('gives scripts reading a formula cell its result', () => {
    const { h, cells, numbers, type, sheet } = setup();
    type('A1', numbers[0]!);
    type('B1', '=TRACKING_LINK(A1)');
    cells.recalculate();
    const read = h.gas.spreadsheet.formulaEvaluator?.('=TRACKING_LINK(A1)', {
      sheet: sheet.name,
      row: 1,
      column: 2,
    });
    expect(String(read)).toMatch(new RegExp(`find\\?q=${numbers[0]}$`));
  });
});
