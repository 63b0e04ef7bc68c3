// Terms as contracts write them (docs/reference.md#free-time, #closed-days, #counting): a Free
// Time row's `Equipment` and `Contract`, `Counting: working` over the `Closed Days` sheet, and
// what a row of either sheet that cannot be read does to the cells it would fill.

import { readClosedDays, terminalCalendar } from '../../src/core/closed-days';
import { equipmentOf, parseEquipment } from '../../src/core/equipment';
import {
  FREE_TIME_HEADERS,
  readFreeTime,
  ruleFor,
  type FreeTimeTerms,
} from '../../src/core/free-time';
import type { ContainerAttributes } from '../../src/core/model';
import { containerMoney, returnByDay, weekdayOfSerial } from '../../src/core/money';
import { containerMoneyCells } from '../../src/core/money-outputs';
import { calendarDayIn, sheetSerialOfDay } from '../../src/core/timezone';
import { boxAtMaher } from '../helpers/box-at-maher';

const HEADER: string[] = [...FREE_TIME_HEADERS];
const serialOf = (iso: string) => sheetSerialOfDay(calendarDayIn(Date.parse(iso), 'UTC'));
const CLOSED_HEADER = ['Date', 'Terminal', 'Note'];

/** The money tests' box, a 40' reefer. */
const box = (extra: Partial<ContainerAttributes> = {}): ContainerAttributes =>
  boxAtMaher({ equipment_type: 'reefer', equipment_length: 40, ...extra });

describe('Equipment', () => {
  test('the service’s types, with a length before or after, as contracts write them', () => {
    expect(parseEquipment('')).toBeNull();
    expect(parseEquipment('Reefer')).toEqual({ type: 'reefer', length: null });
    expect(parseEquipment('reefer 40')).toEqual({ type: 'reefer', length: 40 });
    expect(parseEquipment("40' Flat-Rack")).toEqual({ type: 'flat rack', length: 40 });
    expect(parseEquipment('open_top 20ft')).toEqual({ type: 'open top', length: 20 });
    expect(parseEquipment('fridge')).toMatch(/is not a kind of equipment: write dry, reefer/);
    expect(parseEquipment('reefer 30')).toMatch(/not 10, 20, 40 or 45 feet/);
    expect(parseEquipment(40)).toMatch(/is not a kind of equipment/);
    expect(equipmentOf(box())).toEqual({ type: 'reefer', length: 40 });
    expect(equipmentOf(box({ equipment_type: null, equipment_length: null }))).toEqual({
      type: null,
      length: null,
    });
  });

  test('a reefer row prices reefers only; a length row only that length; blank any', () => {
    const t = readFreeTime([
      HEADER,
      ['demurrage', '', '', '', '', 300, 'USD', 'reefer 20'],
      ['demurrage', '', '', '', '', 250, 'USD', 'reefer'],
      ['demurrage', '', '', '', '', 150, 'USD', ''],
    ]);
    const at = Date.parse('2026-11-27T15:00:00Z');
    const amount = (a: ContainerAttributes) => {
      const o = containerMoney(a, null, t, at).demurrage;
      return o.state === 'charge' ? [o.charge.rule, o.charge.amount] : o.state;
    };
    expect(amount(box({ equipment_length: 20 }))).toEqual([2, 600]);
    expect(amount(box())).toEqual([3, 500]);
    expect(amount(box({ equipment_type: 'dry' }))).toEqual([4, 300]);
    // The service does not say: only a row for any equipment can be its terms.
    expect(amount(box({ equipment_type: null, equipment_length: null }))).toEqual([4, 300]);
  });

  test('an unreadable Equipment keeps its place and says why in the cells it would fill', () => {
    const t = readFreeTime([
      HEADER,
      ['demurrage', '', '', '', '', 300, 'USD', 'fridge'],
      ['demurrage', '', '', '', '', 150, 'USD', ''],
    ]);
    const cells = containerMoneyCells(
      { attributes: box(), carrier: null },
      t,
      Date.parse('2026-11-27T15:00:00Z'),
      'UTC',
    );
    expect(cells.outputs.Demurrage).toBe(
      '#Free Time row 2: Equipment "fridge" is not a kind of equipment: write dry, reefer, open top, flat rack, bulk or tank, optionally with a length (reefer 40)',
    );
  });
});

describe('Contract', () => {
  const t = readFreeTime([
    HEADER,
    ['detention', '', '', 10, '', 90, 'USD', '', ' sc-2026 acme '],
    ['detention', '', '', 4, '', 100, 'USD', '', ''],
  ]);

  test('matched against the row’s Contract, ignoring case and spacing; blank matches any', () => {
    expect(ruleFor(t, 'detention', null, null, { contract: 'SC-2026  ACME' })?.row).toBe(2);
    expect(ruleFor(t, 'detention', null, null, { contract: 'SC-2025' })?.row).toBe(3);
    // A row without a Contract (or a sheet without the column) is no contract's.
    expect(ruleFor(t, 'detention', null, null, { contract: '' })?.row).toBe(3);
    expect(ruleFor(t, 'detention', null, null)?.row).toBe(3);
  });

  test('the row’s Contract reaches the money columns', () => {
    const out = box({ current_status: 'picked_up', pod_full_out_at: '2026-11-26T15:00:00Z' });
    const now = Date.parse('2026-12-10T15:00:00Z');
    const cells = (contract: string | null) =>
      containerMoneyCells({ attributes: out, carrier: null, contract }, t, now, 'UTC').outputs;
    // 26 Nov + 10 = 6 Dec: 4 days at 90; 26 Nov + 4 = 30 Nov: 10 days at 100.
    expect(cells('SC-2026 ACME').Detention).toBe(360);
    expect(cells(null).Detention).toBe(1000);
  });

  test('a sheet without the new columns picks as before', () => {
    const old = readFreeTime([HEADER.slice(0, 7), ['detention', '', '', 4, '', 100, 'USD']]);
    expect(
      ruleFor(old, 'detention', 'MSCU', 'Maher', { contract: 'X', equipment: equipmentOf(box()) })
        ?.row,
    ).toBe(2);
  });
});

describe('Closed Days and working counting', () => {
  const zone = 'America/New_York';
  test('dates as Sheets hands them (midnight in the sheet’s zone) or typed; blank Terminal = all', () => {
    const closed = readClosedDays(
      [
        CLOSED_HEADER,
        [new Date('2026-12-25T05:00:00Z'), '', 'Christmas'],
        ['2026-12-28', 'Maher  terminal', 'strike'],
        [new Date('2026-12-24T05:00:00Z'), '', 'EXAMPLE: replace'],
        ['', '', ''],
      ],
      zone,
    );
    expect(closed.broken).toEqual([]);
    expect(closed.days.map((d) => [d.row, d.day, d.terminal])).toEqual([
      [2, serialOf('2026-12-25T12:00:00Z'), null],
      [3, serialOf('2026-12-28T12:00:00Z'), 'maher terminal'],
    ]);
    const maher = terminalCalendar(closed, 'Maher Terminal');
    expect(maher.closedOn(serialOf('2026-12-28T12:00:00Z'))?.note).toBe('strike');
    expect(
      terminalCalendar(closed, 'APM Terminals').closedOn(serialOf('2026-12-28T12:00:00Z')),
    ).toBeNull();
    // The example row closes nothing.
    expect(maher.closedOn(serialOf('2026-12-24T12:00:00Z'))).toBeNull();
  });

  test('working days skip weekends and the terminal’s closed days; business days only weekends', () => {
    const thursday = serialOf('2026-12-24T12:00:00Z');
    expect(weekdayOfSerial(thursday)).toBe(4);
    const closed = new Set([serialOf('2026-12-25T12:00:00Z'), serialOf('2026-12-28T12:00:00Z')]);
    const isClosed = (d: number) => closed.has(d);
    // Free days from Thursday 24 Dec: Fri 25 (closed), Mon 28 (closed), Tue 29, Wed 30.
    expect(returnByDay(thursday, 2, 'working', isClosed)).toBe(serialOf('2026-12-30T12:00:00Z'));
    expect(returnByDay(thursday, 2, 'business', isClosed)).toBe(serialOf('2026-12-28T12:00:00Z'));
    // No free days, out on a closed Friday: back by the next working day.
    expect(returnByDay(thursday + 1, 0, 'working', isClosed)).toBe(
      serialOf('2026-12-29T12:00:00Z'),
    );
  });

  test('Return By and Detention count the Closed Days of the box’s terminal', () => {
    const rules = readFreeTime([HEADER, ['detention', '', '', 2, 'working', 100, 'USD']]);
    const closedDays = readClosedDays(
      [CLOSED_HEADER, ['2026-12-25', '', 'Christmas'], ['2026-12-28', 'Maher Terminal', 'strike']],
      zone,
    );
    const t: FreeTimeTerms = { ...rules, closedDays };
    const out = box({ current_status: 'picked_up', pod_full_out_at: '2026-12-24T15:00:00Z' });
    const now = Date.parse('2027-01-02T15:00:00Z');
    const m = containerMoney(out, null, t, now);
    expect(m.returnBy).toBe(serialOf('2026-12-30T12:00:00Z'));
    const other = containerMoney({ ...out, pod_terminal_name: 'APM Terminals' }, null, t, now);
    expect(other.returnBy).toBe(serialOf('2026-12-29T12:00:00Z'));
    // Without the sheet, working days are Monday to Friday.
    expect(containerMoney(out, null, rules, now).returnBy).toBe(serialOf('2026-12-28T12:00:00Z'));
  });

  test('a Closed Days row that cannot be read fills only the working-counted cells it concerns', () => {
    const rules = readFreeTime([
      HEADER,
      ['demurrage', '', '', '', '', 150, 'USD'],
      ['detention', '', '', 2, 'working', 100, 'USD'],
    ]);
    const closedDays = readClosedDays(
      [CLOSED_HEADER, ['next friday', 'Maher Terminal', 'strike']],
      zone,
    );
    expect(closedDays.broken).toEqual([
      {
        row: 2,
        terminal: 'maher terminal',
        problem: 'Date "next friday" is not a date: write it as 2026-12-25',
      },
    ]);
    const t: FreeTimeTerms = { ...rules, closedDays };
    const out = box({ current_status: 'picked_up', pod_full_out_at: '2026-12-24T15:00:00Z' });
    const now = Date.parse('2027-01-02T15:00:00Z');
    const cells = containerMoneyCells({ attributes: out, carrier: null }, t, now, 'UTC').outputs;
    const why = '#Closed Days row 2: Date "next friday" is not a date: write it as 2026-12-25';
    expect(cells.Detention).toBe(why);
    expect(cells['Return By']).toBe(why);
    expect(typeof cells.Demurrage).toBe('number');
    // Another terminal's boxes are not concerned by it.
    const apm = containerMoneyCells(
      { attributes: { ...out, pod_terminal_name: 'APM Terminals' }, carrier: null },
      t,
      now,
      'UTC',
    ).outputs;
    expect(typeof apm.Detention).toBe('number');
  });

  test('Counting accepts working and says so when it reads something else', () => {
    const t = readFreeTime([HEADER, ['detention', '', '', 2, 'workdays', 100, 'USD']]);
    expect(t.rules[0]).toMatchObject({
      problem:
        'Counting "workdays" is not a way of counting days: write calendar, business or working',
    });
  });
});
