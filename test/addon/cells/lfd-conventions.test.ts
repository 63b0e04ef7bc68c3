// LFD() and date-times through the real bundle, with Sheets converting returned Dates either in
// the spreadsheet's zone or in the script's (Etc/UTC): no source says which, so the add-in must be
// right under both where one value can be (calendar days), and the sidebar must say when it
// cannot (date-times, when the zones differ).

import { displayValue } from '../../../local/gas/spreadsheet/number-format';
import type { ReturnedDateConvention } from '../../../local/preview/formula/returned-dates';
import { createHarness } from '../../helpers/addon-harness';
import { customFunctionCells } from '../../helpers/custom-function-cells';

const SHEET_ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'Europe/Amsterdam',
  'Asia/Tokyo',
  'Pacific/Auckland',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];
const CONVENTIONS: ReturnedDateConvention[] = ['spreadsheet', 'script'];

/** LFD instants near midnight at the facility and on DST-change days, and the day they are. */
const CASES: [instant: string, facility: string, day: string][] = [
  ['2026-11-25T05:00:00Z', 'America/New_York', '2026-11-25'], // the contract's example
  ['2026-11-25T04:59:59Z', 'America/New_York', '2026-11-24'],
  ['2026-03-08T05:00:00Z', 'America/New_York', '2026-03-08'], // spring forward that night
  ['2026-11-01T04:00:00Z', 'America/New_York', '2026-11-01'], // fall back that night
  ['2026-03-28T23:00:00Z', 'Europe/Amsterdam', '2026-03-29'], // midnight, DST starts at 02:00
  ['2026-11-24T10:00:00Z', 'Pacific/Kiritimati', '2026-11-25'],
  ['2026-11-25T10:59:59Z', 'Pacific/Pago_Pago', '2026-11-24'],
  ['2026-04-04T11:30:00Z', 'Pacific/Auckland', '2026-04-05'], // DST ends at 03:00 that night
];

function setup(sheetTimeZone: string, convention: ReturnedDateConvention) {
  const h = createHarness({ sheetTimeZone, sheets: [{ name: 'Sheet1' }] });
  const boxes = h.emulator.account()!.containers().slice(0, CASES.length);
  CASES.forEach(([instant, facility], i) => {
    const a = boxes[i]!.attributes;
    a.pickup_lfd = instant;
    a.pod_timezone = facility;
    a.final_destination_timezone = null;
    a.import_deadlines = {
      pickup_lfd_terminal: instant,
      pickup_lfd_line: null,
      pickup_lfd_rail: null,
    };
  });
  const model = h.gas.spreadsheet;
  const sheet = model.sheetByName('Sheet1')!;
  boxes.forEach((b, i) => model.write(sheet, i + 1, 1, b.attributes.number));
  const cells = customFunctionCells(h, convention);
  /** What the cell shows with the format a user gives it. */
  const shown = (row: number, column: number, format: string) =>
    displayValue(cells.valueAt(sheet, row, column) as Date, format, sheetTimeZone);
  return { h, model, sheet, cells, boxes, shown };
}

describe.each(CONVENTIONS)('returned Dates converted in the %s time zone', (convention) => {
  it.each(SHEET_ZONES)('LFD shows the facility’s day in a sheet set to %s', (zone) => {
    const { model, sheet, cells, shown } = setup(zone, convention);
    model.write(sheet, 1, 2, `=LFD(A1:A${CASES.length})`);
    cells.recalculate();
    const days = CASES.map((_, i) => shown(i + 1, 2, 'yyyy-mm-dd'));
    expect(days).toEqual(CASES.map(([, , day]) => day));
    // A day, not a date-time: TODAY() arithmetic and DATE() comparisons are whole days.
    for (let i = 0; i < CASES.length; i += 1) {
      expect(Number.isInteger(cells.valueAt(sheet, i + 1, 2))).toBe(true);
    }
  });
});

describe('date-times (CONTAINER_INFO)', () => {
  function discharged(zone: string, convention: ReturnedDateConvention): string {
    const { model, sheet, cells, boxes, shown } = setup(zone, convention);
    boxes[0]!.attributes.pod_discharged_at = '2026-11-24T19:30:00Z';
    model.write(sheet, 1, 2, '=CONTAINER_INFO(A1, "pod_discharged_at")');
    cells.recalculate();
    return shown(1, 2, 'yyyy-mm-dd hh:mm');
  }

  it('show the spreadsheet’s wall clock when Sheets converts in its zone', () => {
    expect(discharged('America/New_York', 'spreadsheet')).toBe('2026-11-24 14:30');
    expect(discharged('Asia/Tokyo', 'spreadsheet')).toBe('2026-11-25 04:30');
  });

  it('are off by the zones’ difference under the script’s zone, and agree when the zones do', () => {
    // Why the sidebar's Diagnostics warns when the spreadsheet is not in the script's zone.
    expect(discharged('America/New_York', 'script')).toBe('2026-11-24 19:30');
    expect(discharged('Etc/UTC', 'script')).toBe(discharged('Etc/UTC', 'spreadsheet'));
  });
});
