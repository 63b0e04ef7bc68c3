// The LFD shown in a cell is the facility's calendar day, whichever zone Sheets converts a
// returned Date in (local/preview/formula/returned-dates.ts), in every sheet zone, and through
// setValues for the Tracking sheet, including days near midnight and DST changes.

import fc from 'fast-check';
import {
  cellValueOfReturned,
  type ReturnedDateConvention,
} from '../../local/preview/formula/returned-dates';
import { toFormulaValue } from '../../local/preview/formula/sheet-values';
import { lfdCellDate, lfdSerial } from '../../src/core/lfd';
import type { ContainerAttributes } from '../../src/core/model';
import { calendarDayIn, sheetSerialOfDay, startOfDayIn } from '../../src/core/timezone';

const SHEET_ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'Europe/Amsterdam',
  'Asia/Tokyo',
  'Pacific/Auckland',
  'Pacific/Kiritimati', // UTC+14
  'Pacific/Pago_Pago', // UTC−11
  'Etc/UTC',
];
/** Facilities, plus zones whose clocks skip or repeat midnight (DST changes at 00:00). */
const FACILITY_ZONES = [
  ...SHEET_ZONES,
  'America/Chicago',
  'America/Santiago',
  'America/Havana',
  'America/Asuncion',
  'Asia/Beirut',
  'Africa/Cairo',
];
const CONVENTIONS: ReturnedDateConvention[] = ['spreadsheet', 'script'];
const SCRIPT_ZONE = 'Etc/UTC'; // appsscript.json

function container(instant: number, podZone: string): ContainerAttributes {
  const iso = new Date(instant).toISOString();
  return {
    number: 'CSQU3054383',
    pickup_lfd: iso,
    pod_timezone: podZone,
    final_destination_timezone: null,
    import_deadlines: { pickup_lfd_terminal: iso, pickup_lfd_line: null, pickup_lfd_rail: null },
  };
}

/** The day a cell shows under a date format: the integer part of its serial number. */
function dayShown(cellValue: unknown, sheetZone: string): number {
  return Math.floor(Number(toFormulaValue(cellValue, sheetZone)));
}

function facilityDay(instant: number, zone: string): number {
  return sheetSerialOfDay(calendarDayIn(instant, zone));
}

const instants = fc.integer({
  min: Date.UTC(2020, 0, 1),
  max: Date.UTC(2035, 11, 31),
});

describe('LFD() in a custom-function cell', () => {
  it('shows the facility’s calendar day under both conventions, in every sheet zone', () => {
    fc.assert(
      fc.property(
        instants,
        fc.constantFrom(...FACILITY_ZONES),
        fc.constantFrom(...SHEET_ZONES),
        fc.constantFrom(...CONVENTIONS),
        (instant, facility, sheetZone, convention) => {
          const returned = lfdSerial(container(instant, facility), 'pickup');
          const cell = cellValueOfReturned(returned, sheetZone, {
            convention,
            scriptTimeZone: SCRIPT_ZONE,
          });
          expect(dayShown(cell, sheetZone)).toBe(facilityDay(instant, facility));
        },
      ),
      { numRuns: 1000 },
    );
  });

  // What LFD() used to return: midnight of the day in the sheet's zone. Right only under the
  // convention it assumed; under the script's zone (UTC) it shows the day before east of UTC.
  it.each([
    ['Europe/Amsterdam', '2026-11-24'],
    ['Asia/Tokyo', '2026-11-24'],
    ['Pacific/Kiritimati', '2026-11-24'],
    ['America/Los_Angeles', '2026-11-25'],
  ])('a Date at midnight in a %s sheet shows %s under the script convention', (zone, shown) => {
    const c = container(Date.parse('2026-11-25T05:00:00Z'), 'America/New_York');
    const midnight = lfdCellDate(c, 'pickup', zone)!;
    const asScript = cellValueOfReturned(midnight, zone, {
      convention: 'script',
      scriptTimeZone: SCRIPT_ZONE,
    });
    const day = dayShown(asScript, zone);
    expect(new Date((day - 25_569) * 86_400_000).toISOString().slice(0, 10)).toBe(shown);
    expect(dayShown(midnight, zone)).toBe(sheetSerialOfDay({ year: 2026, month: 11, day: 25 }));
  });
});

describe('LFD written with setValues (the Tracking sheet)', () => {
  it('shows the facility’s calendar day in every sheet zone, DST days included', () => {
    fc.assert(
      fc.property(
        instants,
        fc.constantFrom(...FACILITY_ZONES),
        fc.constantFrom(...FACILITY_ZONES),
        (instant, facility, sheetZone) => {
          const date = lfdCellDate(container(instant, facility), 'pickup', sheetZone)!;
          // setValues converts a Date in the spreadsheet's zone: the 'spreadsheet' convention.
          expect(dayShown(date, sheetZone)).toBe(facilityDay(instant, facility));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it.each([
    ['America/Santiago', 2026, 9, 6, '2026-09-06T04:00:00.000Z'], // clocks jump 00:00 → 01:00
    ['America/Havana', 2026, 3, 8, '2026-03-08T05:00:00.000Z'], // 00:00 → 01:00
    ['America/New_York', 2026, 11, 1, '2026-11-01T04:00:00.000Z'], // falls back at 02:00
    ['Pacific/Kiritimati', 2026, 11, 25, '2026-11-24T10:00:00.000Z'],
  ])('a day in %s starts at its first instant (%i-%i-%i)', (zone, year, month, day, iso) => {
    const start = startOfDayIn({ year, month, day }, zone);
    expect(new Date(start).toISOString()).toBe(iso);
    expect(calendarDayIn(start, zone)).toEqual({ year, month, day });
    expect(calendarDayIn(start - 1000, zone)).not.toEqual({ year, month, day });
  });
});
