import { lfdAnswerShape, shapeOfReference } from '../../src/core/lfd-formula';

describe('which typed formulas are a call of LFD, and the shape of their answer', () => {
  it.each([
    ['=LFD(A2)', { rows: 1, columns: 1 }],
    ['=lfd(a2, "terminal")', { rows: 1, columns: 1 }],
    ['= LFD ( A2 ; "line" )', { rows: 1, columns: 1 }],
    ['=LFD(A2:A9, "terminal", CT_LAST_REFRESH)', { rows: 8, columns: 1 }],
    ['=LFD($A$9:$A$2)', { rows: 8, columns: 1 }],
    ['=LFD(A2:B4)', { rows: 3, columns: 2 }],
    ['=LFD(Tracking!A2:A5)', { rows: 4, columns: 1 }],
    ['=IFERROR(LFD(A2:A3), "")', { rows: 2, columns: 1 }],
    ['=IFNA(LFD(A2))', { rows: 1, columns: 1 }],
    ['=ARRAYFORMULA(LFD(B2:B5))', { rows: 4, columns: 1 }],
    ['=IFERROR(ARRAYFORMULA(LFD(B2:B3, "line")), "none")', { rows: 2, columns: 1 }],
    ['=LFD("MSCU1234566")', { rows: 1, columns: 1 }],
    ['=LFD(MyBoxes)', { rows: 1, columns: 1 }],
    ['=LFD(A2, "a)b")', { rows: 1, columns: 1 }],
  ])('%s', (formula, shape) => {
    expect(lfdAnswerShape(formula)).toEqual(shape);
  });

  it('an open range runs to the end of its sheet', () => {
    expect(lfdAnswerShape('=LFD(A2:A)')).toEqual({
      rows: { toEnd: true, fromRow: 2, sheet: null },
      columns: 1,
    });
    expect(lfdAnswerShape("=LFD('My boxes'!A:A)")).toEqual({
      rows: { toEnd: true, fromRow: 1, sheet: 'My boxes' },
      columns: 1,
    });
    expect(shapeOfReference("'Bob''s'!B3:C")).toEqual({
      rows: { toEnd: true, fromRow: 3, sheet: "Bob's" },
      columns: 2,
    });
  });

  it.each([
    '=LFD(A2)-TODAY()', // days, not a date
    '=TEXT(LFD(A2), "d mmm")', // text
    '=LFD(A2)+LFD(A3)',
    '=CONTAINER_STATUS(A2)',
    '=LFDX(A2)',
    'LFD(A2)', // typed text, not a formula
    '=IFERROR(A2, LFD(A2))', // the date is only the fallback
    '=LFD(A2',
  ])('%s is not a call of LFD', (formula) => {
    expect(lfdAnswerShape(formula)).toBeNull();
  });
});
