// The preview's formula parser: the shapes of the add-in's own formulas and conditions, and
// clear refusals for what it does not read.

import { FormulaSyntaxError, parseFormula } from '../../local/preview/formula/parse';
import { parseRange, rangeArea, shiftRange } from '../../local/preview/formula/refs';

describe('parseFormula', () => {
  it('reads a custom function over a range, a text and a named range', () => {
    expect(parseFormula('=LFD(A2:A9, "pickup", CT_LAST_REFRESH)')).toEqual({
      kind: 'call',
      name: 'LFD',
      args: [
        { kind: 'range', ref: parseRange('A2:A9') },
        { kind: 'string', value: 'pickup' },
        { kind: 'name', name: 'CT_LAST_REFRESH' },
      ],
    });
  });

  it('reads references with sheet names, anchors and open ends', () => {
    const expr = parseFormula("=CONTAINER_STATUS('My sheet'!$B$2:B, Tracking!A2)");
    expect(expr).toMatchObject({
      kind: 'call',
      args: [
        { kind: 'range', ref: { sheet: 'My sheet', start: { column: 2, row: 2 } } },
        { kind: 'range', ref: { sheet: 'Tracking', start: { column: 1, row: 2 } } },
      ],
    });
  });

  it('reads the add-in conditional-format conditions with operator precedence', () => {
    const expr = parseFormula('=AND(ISNUMBER($G2), $G2>=TODAY(), $G2<=TODAY()+2, N("x")=0)');
    expect(expr.kind).toBe('call');
    const args = (expr as { args: unknown[] }).args;
    expect(args[2]).toEqual({
      kind: 'binary',
      op: '<=',
      left: { kind: 'range', ref: parseRange('$G2') },
      right: {
        kind: 'binary',
        op: '+',
        left: { kind: 'call', name: 'TODAY', args: [] },
        right: { kind: 'number', value: 2 },
      },
    });
  });

  it('keeps quotes inside text, booleans and negative numbers', () => {
    expect(parseFormula('=F("say ""hi""", TRUE, -1.5)')).toEqual({
      kind: 'call',
      name: 'F',
      args: [
        { kind: 'string', value: 'say "hi"' },
        { kind: 'boolean', value: true },
        { kind: 'unary', op: '-', arg: { kind: 'number', value: 1.5 } },
      ],
    });
  });

  it('tells words from references (LOG10(, AB12CD)', () => {
    expect(parseFormula('=LOG10(AB12CD)')).toEqual({
      kind: 'call',
      name: 'LOG10',
      args: [{ kind: 'name', name: 'AB12CD' }],
    });
  });

  it.each([
    ['=LFD(A2', /Expected "\)"/],
    ['=LFD("open)', /closing quote/],
    ['=LFD(A2) A3', /after the formula/],
    ['=LFD(#)', /Unexpected "#"/],
  ])('refuses %s', (formula, message) => {
    expect(() => parseFormula(formula)).toThrow(FormulaSyntaxError);
    expect(() => parseFormula(formula)).toThrow(message);
  });
});

describe('references', () => {
  it('shifts only the relative parts', () => {
    const ref = shiftRange(parseRange('$G2'), 3, 5);
    expect(ref.start).toMatchObject({ column: 7, row: 5 });
    expect(shiftRange(parseRange('G$2'), 3, 5).start).toMatchObject({ column: 12, row: 2 });
  });

  it('stops open-ended ranges at the last row with data', () => {
    expect(rangeArea(parseRange('A2:A'), 40)).toEqual({
      row: 2,
      column: 1,
      numRows: 39,
      numColumns: 1,
    });
    expect(rangeArea(parseRange('B:C'), 10)).toEqual({
      row: 1,
      column: 2,
      numRows: 10,
      numColumns: 2,
    });
  });
});
