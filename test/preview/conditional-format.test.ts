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
  // Colours follow Attention (computed on the facility's calendar at refresh), not TODAY() in the
  // sheet's zone, so a Rotterdam LFD is red in every sheet zone once it has passed in Rotterdam.
  it.each(['America/New_York', 'Asia/Tokyo'])(
    'colours the row start by the first reason in Attention (%s)',
    (zone) => {
      const { put, colour } = trackingSheet(zone);
      const reasons = [
        'LFD passed 3 days ago; on hold: customs',
        'LFD today',
        'LFD tomorrow; ready for pickup',
        'LFD in 2 days',
        'on hold: customs',
        'ready for pickup',
        'not updated since 2026-11-20 10:00 EST: API key rejected (update it in Settings)',
        '',
      ];
      reasons.forEach((r, i) => put(i + 2, 'Attention', r));
      const HOLD = '#e1c4f0';
      const GREY = '#e0e0e0';
      const expected = [RED, RED, AMBER, AMBER, HOLD, GREEN, GREY, null];
      for (const header of ['Attention', 'Number', 'LFD'])
        expect(reasons.map((_, i) => colour(i + 2, header))).toEqual(expected);
      // A hold or readiness behind an LFD still marks its own column.
      expect(colour(2, 'Holds')).toBe(HOLD);
      expect(colour(4, 'Ready')).toBe(GREEN);
      expect(colour(5, 'Ready')).toBeNull();
    },
  );

  it('leaves a passed LFD uncoloured when Attention is blank (the box has left the terminal)', () => {
    const { put, colour } = trackingSheet('America/New_York');
    put(2, 'LFD', '2026-11-01');
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
    ['=LEFT("LFD today", 3)', 'LFD'],
    ['=ISNUMBER(SEARCH("hold", "LFD today; on HOLD: customs"))', true],
    ['=ISNUMBER(SEARCH("hold", "LFD today"))', false],
  ])('%s → %p', (formula, expected) => {
    expect(evaluate(parseFormula(formula), ctx)).toBe(expected);
  });

  it('refuses functions it does not know (the rule then formats nothing)', () => {
    expect(() => evaluate(parseFormula('=VLOOKUP(1, A1:B2, 2)'), ctx)).toThrow(/VLOOKUP/);
  });
});
