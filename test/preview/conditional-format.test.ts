// The Tracking sheet's colours as the preview shows them: the rules setupTrackingSheet really
// set, evaluated for what they say, with TODAY() in the spreadsheet's time zone.

import type { SheetModel } from '../../local/gas/spreadsheet/model';
import { conditionalStyle, type RuleContext } from '../../local/preview/formula/conditional-format';
import { evaluate } from '../../local/preview/formula/evaluate';
import { parseFormula } from '../../local/preview/formula/parse';
import { createHarness } from '../helpers/addon-harness';

const RED = '#f4c7c3';
const AMBER = '#fce8b2';
const GREEN = '#b7e1cd';

function trackingSheet(timeZone: string) {
  const h = createHarness({ sheetTimeZone: timeZone });
  h.gas.run('setupTrackingSheet');
  const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
  const col = (name: string) =>
    Array.from({ length: sheet.lastColumn() }, (_, i) => sheet.cell(1, i + 1)?.value).indexOf(
      name,
    ) + 1;
  const ctx: RuleContext = {
    timeZone,
    now: h.clock.now(), // 2026-11-20T15:00:00Z
    sheetByName: (n) => h.gas.spreadsheet.sheetByName(n),
    valueAt: (s: SheetModel, r: number, c: number) => s.cell(r, c)?.value ?? '',
  };
  const put = (row: number, header: string, typed: string) =>
    h.gas.spreadsheet.write(sheet, row, col(header), typed);
  const colour = (row: number, header: string) =>
    conditionalStyle(sheet, row, col(header), ctx)?.background ?? null;
  return { put, colour };
}

describe('conditional formatting of the Tracking sheet', () => {
  it('colours passed LFDs red, LFDs within 2 days amber and Ready green (New York)', () => {
    const { put, colour } = trackingSheet('America/New_York'); // today: 2026-11-20
    const lfds = ['2026-11-19', '2026-11-20', '2026-11-22', '2026-11-23', ''];
    lfds.forEach((d, i) => put(i + 2, 'LFD', d));
    expect(lfds.map((_, i) => colour(i + 2, 'LFD'))).toEqual([RED, AMBER, AMBER, null, null]);
    put(2, 'Ready', 'TRUE');
    put(3, 'Ready', 'FALSE');
    expect([colour(2, 'Ready'), colour(3, 'Ready'), colour(4, 'Ready')]).toEqual([
      GREEN,
      null,
      null,
    ]);
  });

  it('takes TODAY() in the sheet time zone: in Tokyo it is already 21 November', () => {
    const { put, colour } = trackingSheet('Asia/Tokyo');
    put(2, 'LFD', '2026-11-20');
    put(3, 'LFD', '2026-11-23');
    expect([colour(2, 'LFD'), colour(3, 'LFD')]).toEqual([RED, AMBER]);
  });

  it('does not colour text in the LFD column (ISNUMBER guards the rule)', () => {
    const { put, colour } = trackingSheet('America/New_York');
    put(2, 'LFD', 'soon');
    expect(colour(2, 'LFD')).toBeNull();
  });
});

describe('evaluate', () => {
  const h = createHarness();
  const sheet = h.gas.spreadsheet.sheets[0]!;
  const ctx = {
    timeZone: 'UTC',
    now: Date.parse('2026-11-20T15:00:00Z'),
    sheet,
    sheetByName: () => undefined,
    valueAt: () => '',
    offset: { rows: 0, columns: 0 },
  };
  it.each([
    ['=1+2*3', 7],
    ['="a"&TRUE', 'aTRUE'],
    ['=NOT(OR(FALSE, 0))', true],
    ['=IF(2>1, "yes", "no")', 'yes'],
    ['=TODAY()', 46346],
    ['="B"<"a"', false],
    ['=A1=0', true],
    ['=ISBLANK(A1)', true],
  ])('%s → %p', (formula, expected) => {
    expect(evaluate(parseFormula(formula), ctx)).toBe(expected);
  });

  it('refuses functions it does not know (the rule then formats nothing)', () => {
    expect(() => evaluate(parseFormula('=VLOOKUP(1, A1:B2, 2)'), ctx)).toThrow(/VLOOKUP/);
  });
});
