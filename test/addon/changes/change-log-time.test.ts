// The Change Log's Time reads like the other times of the spreadsheet: the Tracking sheet's
// Updated column (both are Dates the add-in writes), not Sheets' default "M/d/yyyy H:mm:ss" that a
// Date gets in a cell nobody formatted.

import { displayValue } from '../../../local/gas/spreadsheet/number-format';
import { withRows } from '../../helpers/addon-harness';

function shown(h: ReturnType<typeof withRows>, sheetName: string, header: string): string[] {
  const sheet = h.gas.spreadsheet.sheetByName(sheetName)!;
  const column = Array.from(
    { length: sheet.lastColumn() },
    (_, c) => sheet.cell(1, c + 1)?.value,
  ).indexOf(header);
  return Array.from({ length: sheet.lastRow() - 1 }, (_, r) => {
    const cell = sheet.cell(r + 2, column + 1);
    return displayValue(cell?.value ?? '', cell?.numberFormat, h.gas.spreadsheet.timeZone);
  }).filter((text) => text !== '');
}

it('shows Change Log times in the format of the Tracking sheet’s Updated column', () => {
  const h = withRows([['MSCU1234566']]);
  h.gas.run('setupTrackingSheet');
  h.gas.run('refreshTrackingSheet');
  h.gas.run('createTrackingRequest', [
    { requestType: 'bill_of_lading', requestNumber: 'MAEUFAIL123456', scac: 'MAEU' },
  ]);
  h.clock.advance(60_000);
  h.gas.run('refreshTrackingSheet');
  h.clock.advance(60_000);
  h.gas.run('refreshTrackingSheet');

  const times = shown(h, 'Change Log', 'Time');
  const updated = shown(h, 'Tracking', 'Updated');
  expect(times.length).toBeGreaterThan(0);
  expect(updated.length).toBeGreaterThan(0);
  const shape = (text: string) => text.replace(/\d/g, '9');
  expect(new Set([...times, ...updated].map(shape))).toEqual(new Set(['9999-99-99 99:99']));
});
