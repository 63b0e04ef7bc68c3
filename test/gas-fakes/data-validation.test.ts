// Data validation in the Sheets fake: the builder, the rule on each cell of a range, clearing it.

import { createGasRuntime } from '../../local/gas';
import { ManualClock } from '../../local/clock';

function runtime() {
  return createGasRuntime({
    code: `
      function dropdown() {
        const sheet = SpreadsheetApp.getActive().getSheets()[0];
        const rule = SpreadsheetApp.newDataValidation()
          .requireValueInList(['container', 'bill_of_lading'], true)
          .setAllowInvalid(false)
          .build();
        sheet.getRange('A2:A3').setDataValidation(rule);
        sheet.getRange('B2').setDataValidation(SpreadsheetApp.newDataValidation().requireCheckbox().build());
        const got = sheet.getRange('A3').getDataValidation();
        return [got.getCriteriaType(), got.getCriteriaValues(), got.getAllowInvalid(), got.getHelpText(),
          sheet.getRange('B2').getDataValidation().getCriteriaType()];
      }
      function clear() { SpreadsheetApp.getActive().getSheets()[0].getRange('A2').setDataValidation(null); }
      function unfinished() { SpreadsheetApp.newDataValidation().build(); }
      function freeze() { const s = SpreadsheetApp.getActive().getSheets()[0]; s.setFrozenColumns(1); return s.getFrozenColumns(); }
    `,
    fetch: () => ({ status: 200, headers: {}, body: '' }),
    clock: new ManualClock('2026-11-20T15:00:00Z'),
    spreadsheet: { timeZone: 'UTC' },
  });
}

describe('data validation', () => {
  it('builds list and checkbox rules and puts them on each cell', () => {
    const gas = runtime();
    expect(gas.run('dropdown')).toEqual([
      'VALUE_IN_LIST',
      [['container', 'bill_of_lading'], true],
      false,
      null,
      'CHECKBOX',
    ]);
    const sheet = gas.spreadsheet.sheets[0]!;
    expect(sheet.cell(2, 1)?.validation?.criteria).toBe('VALUE_IN_LIST');
    gas.run('clear');
    expect(sheet.cell(2, 1)?.validation).toBeUndefined();
    expect(sheet.cell(3, 1)?.validation?.criteria).toBe('VALUE_IN_LIST');
    expect(() => gas.run('unfinished')).toThrow(/criterion/);
    expect(gas.run('freeze')).toBe(1);
  });
});
