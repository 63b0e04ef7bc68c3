// Terms as contracts write them, through the built add-in (docs/reference.md#free-time,
// #closed-days): set-up creates `Closed Days` with one example row and never overwrites it; a
// refresh matches Free Time rows by the box's equipment and the row's `Contract`; `working`
// counting skips the Closed Days of the box's terminal; the Closed Days sheet is read only when a
// rule counts working days.

import { FREE_TIME_HEADERS } from '../../../src/core/free-time';
import { createHarness, headerRow, sheetValues, type } from '../../helpers/addon-harness';

type Harness = ReturnType<typeof createHarness>;
type Json = Record<string, unknown>;

const NOW = '2026-12-31T15:00:00Z';

/** Out of Maher Terminal on Thursday 24 Dec 2026, the empty not back. */
const OUT: Json = {
  current_status: 'picked_up',
  available_for_pickup: false,
  holds_at_pod_terminal: [],
  pickup_lfd: null,
  import_deadlines: { pickup_lfd_line: null, pickup_lfd_terminal: null, pickup_lfd_rail: null },
  pod_timezone: 'America/New_York',
  final_destination_timezone: null,
  pod_full_out_at: '2026-12-24T15:00:00Z',
  final_destination_full_out_at: null,
  empty_terminated_at: null,
  equipment_type: 'reefer',
  equipment_length: 40,
};

function cellOf(h: Harness, row: number, header: string, name = 'Tracking') {
  const col = headerRow(h, name).indexOf(header) + 1;
  return h.gas.spreadsheet.sheetByName(name)!.cell(row, col)?.value;
}

/** Replaces a user sheet's rows below the header, as a person typing them. */
function typeRows(h: Harness, name: string, rows: unknown[][]): void {
  const sheet = h.gas.spreadsheet.sheetByName(name)!;
  const width = headerRow(h, name).length;
  for (let r = 2; r <= Math.max(sheet.lastRow(), rows.length + 1); r++)
    for (let c = 1; c <= width; c++) type(h, r, c, rows[r - 2]?.[c - 1] ?? '', name);
}

/** Two boxes out of the terminal, on rows 2 and 3, with a Contract column after Number. */
function twoBoxesOut(): { h: Harness; numbers: string[] } {
  const h = createHarness();
  h.clock.set(Date.parse(NOW));
  const boxes = h.emulator.account()!.containers().slice(0, 2);
  for (const c of boxes) Object.assign(c.attributes as unknown as Json, OUT);
  h.gas.run('setupTrackingSheet');
  const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
  const width = headerRow(h).length;
  h.gas.spreadsheet.write(sheet, 1, width + 1, 'Contract');
  boxes.forEach((c, i) => {
    h.gas.spreadsheet.write(sheet, i + 2, 1, c.attributes.number);
    (c.attributes as unknown as Json).pod_terminal_name = undefined;
  });
  return { h, numbers: boxes.map((c) => c.attributes.number) };
}

const FREE_TIME: readonly string[] = FREE_TIME_HEADERS;

describe('set-up', () => {
  test('creates Closed Days with one example row that closes nothing, and never overwrites it', () => {
    const h = createHarness();
    expect(h.gas.run<string>('setupTrackingSheet')).toMatch(
      /Closed Days sheet created with one example day/,
    );
    const values = sheetValues(h, 'Closed Days');
    expect(values[0]).toEqual(['Date', 'Terminal', 'Note']);
    expect(values).toHaveLength(2);
    expect(values[1]![0]).toBeInstanceOf(Date);
    expect(String(values[1]![2])).toMatch(/^EXAMPLE: /);
    const sheet = h.gas.spreadsheet.sheetByName('Closed Days')!;
    expect(sheet.cell(2, 1)?.numberFormat).toBe('yyyy-mm-dd');
    type(h, 2, 3, 'Christmas', 'Closed Days');
    expect(h.gas.run<string>('setupTrackingSheet')).not.toMatch(/Closed Days/);
    expect(sheetValues(h, 'Closed Days')[1]![2]).toBe('Christmas');
  });
});

describe('a refresh', () => {
  test('matches rows by equipment and by the row’s Contract', () => {
    const { h } = twoBoxesOut();
    const contract = headerRow(h).indexOf('Contract') + 1;
    type(h, 2, contract, 'sc-2026 ACME');
    const sheet = h.gas.spreadsheet.sheetByName('Free Time')!;
    for (let c = 1; c <= FREE_TIME.length; c++) type(h, 1, c, FREE_TIME[c - 1], 'Free Time');
    expect(sheet.lastColumn()).toBeGreaterThanOrEqual(FREE_TIME.length);
    typeRows(h, 'Free Time', [
      ['detention', '', '', 2, 'calendar', 300, 'USD', 'dry', ''],
      ['detention', '', '', 2, 'calendar', 200, 'USD', 'reefer 40', 'SC-2026 acme'],
      ['detention', '', '', 2, 'calendar', 100, 'USD', '', ''],
    ]);
    expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
    // Out 24 Dec, Return By 26 Dec, today 31 Dec: 5 days.
    expect(cellOf(h, 2, 'Detention')).toBe(1000);
    expect(cellOf(h, 3, 'Detention')).toBe(500);
  });

  test('working counting skips the terminal’s Closed Days, not the example row; read only then', () => {
    const { h } = twoBoxesOut();
    typeRows(h, 'Free Time', [['detention', '', '', 2, 'calendar', 100, 'USD']]);
    // The second refresh is the steady one (the first makes the Change Log's sheets).
    for (let i = 0; i < 2; i++)
      expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
    const reads = () =>
      h.gas.lastExecution!.calls.calls.SpreadsheetRead ?? ({} as Record<string, number>);
    const calendarReads = Object.values(reads()).reduce((a, b) => a + b, 0);
    // Thursday 24 Dec + 2 calendar days.
    expect(cellOf(h, 2, 'Return By')).toEqual(new Date('2026-12-26T05:00:00Z'));

    typeRows(h, 'Free Time', [['detention', '', '', 2, 'working', 100, 'USD']]);
    typeRows(h, 'Closed Days', [
      ['2026-12-23', '', 'EXAMPLE: not a real closure'],
      ['2026-12-25', '', 'Christmas'],
      ['2026-12-28', 'Another Terminal', 'strike elsewhere'],
    ]);
    expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
    // Fri 25 closed, weekend, Mon 28 open here (the strike was elsewhere), Tue 29.
    expect(cellOf(h, 2, 'Return By')).toEqual(new Date('2026-12-29T05:00:00Z'));
    expect(cellOf(h, 2, 'Detention')).toBe(200);
    const workingReads = Object.values(reads()).reduce((a, b) => a + b, 0);
    expect(workingReads).toBe(calendarReads + 1);
  });
});
