// Rows the add-in adds to the Tracking sheet: numbers tracked from the sidebar and the account's
// tracked containers (importAllContainers). It appends, never duplicates, moves or deletes.

import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { createHarness, column, sheetValues } from '../helpers/addon-harness';

const HEADERS: string[] = [...INPUT_HEADERS, ...OUTPUT_HEADERS];
type Harness = ReturnType<typeof createHarness>;

function withRows(rows: unknown[][], extra: Parameters<typeof createHarness>[0] = {}): Harness {
  return createHarness({ ...extra, sheets: [{ name: 'Tracking', values: [HEADERS, ...rows] }] });
}

const posts = (h: Harness) =>
  h.emulator.requestLog.count((e) => e.method === 'POST' && e.path.endsWith('/tracking_requests'));

describe('a number tracked from the sidebar', () => {
  it('appears once as a new row, and the refresh sends no second tracking request', () => {
    const h = withRows([['keep me first']]);
    const form = {
      requestType: 'bill_of_lading',
      requestNumber: 'medunew0042',
      scac: 'MSCU',
      refNumbers: 'PO-7, PO-8',
    };
    h.gas.run('createTrackingRequest', [form]);
    expect(
      sheetValues(h)
        .slice(1)
        .map((r) => r.slice(0, 4)),
    ).toEqual([
      ['keep me first', '', '', ''],
      ['MEDUNEW0042', 'MSCU', 'bill_of_lading', 'PO-7, PO-8'],
    ]);
    // Tracked again (the service answers duplicate): still one row.
    try {
      h.gas.run('createTrackingRequest', [form]);
    } catch {
      // a duplicate may be reported to the sidebar; the sheet is what this test is about
    }
    expect(column(h, 'Number')).toEqual(['keep me first', 'MEDUNEW0042']);
    const sent = posts(h);
    h.gas.run('refreshTrackingSheet');
    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet');
    expect(posts(h)).toBe(sent);
    expect(column(h, 'Tracking')[1]).not.toBe('');
  });

  it('needs no Tracking sheet', () => {
    const h = createHarness();
    h.gas.run('createTrackingRequest', [
      { requestType: 'bill_of_lading', requestNumber: 'MEDUNEW0043', scac: 'MSCU' },
    ]);
    expect(h.gas.spreadsheet.sheetByName('Tracking')).toBeUndefined();
  });
});
