// What the Tracking sheet tells a dispatcher, checked against the real setupTrackingSheet and
// refreshTrackingSheet output in several spreadsheet zones: the earliest LFD and its source,
// Attention (judged on the facility's calendar, only while the box is at the terminal), colours
// that agree with it, fees per currency, holds with their description, facility times with
// their zone, and rows that say when a refresh could not confirm them.

import { createHarness, column, headerRow } from '../../helpers/addon-harness';
import { cellColour } from '../../helpers/sheet-colour';

const ZONES = ['America/Los_Angeles', 'Europe/Amsterdam', 'Asia/Tokyo'];
const RED = '#f4c7c3';
const AMBER = '#fce8b2';
const HOLD = '#e1c4f0';

type Harness = ReturnType<typeof createHarness>;
type Json = Record<string, unknown>;

/** A harness whose first containers are reshaped by `shapes`, then a set-up Tracking sheet. */
function sheetWith(
  zone: string,
  shapes: Json[],
  clockAt?: string,
): { h: Harness; numbers: string[] } {
  const h = createHarness({ sheetTimeZone: zone });
  if (clockAt) h.clock.set(Date.parse(clockAt));
  const boxes = h.emulator.account()!.containers().slice(0, shapes.length);
  boxes.forEach((c, i) => Object.assign(c.attributes as unknown as Json, BASE, shapes[i]));
  h.gas.run('setupTrackingSheet');
  const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
  const numberCol = header(h).indexOf('Number') + 1;
  boxes.forEach((c, i) => h.gas.spreadsheet.write(sheet, i + 2, numberCol, c.attributes.number));
  return { h, numbers: boxes.map((c) => c.attributes.number) };
}

/** A box at a Long Beach terminal, available, nothing due. */
const BASE: Json = {
  current_status: 'available',
  available_for_pickup: false,
  holds_at_pod_terminal: [],
  fees_at_pod_terminal: [],
  pickup_lfd: null,
  import_deadlines: { pickup_lfd_line: null, pickup_lfd_terminal: null, pickup_lfd_rail: null },
  pod_timezone: 'America/Los_Angeles',
  final_destination_timezone: null,
  pod_full_out_at: null,
  empty_terminated_at: null,
  pickup_appointment_at: null,
};

const header = (h: Harness) => headerRow(h);

function refresh(h: Harness): void {
  expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
}

/** The background the sheet's own rules give a cell, evaluated as Sheets would. */
const colour = cellColour;

/** The calendar day a date cell shows in the sheet's zone. */
function shownDay(value: unknown, zone: string): string {
  expect(value).toBeInstanceOf(Date);
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(value as Date);
}

describe.each(ZONES)('the Tracking sheet in a spreadsheet set to %s', (zone) => {
  it('shows the earliest deadline (terminal before line) and names it', () => {
    // Long Beach: terminal LFD 24 Nov, line LFD 26 Nov (pickup_lfd coalesces to the line's).
    const { h } = sheetWith(zone, [
      {
        pickup_lfd: '2026-11-26T08:00:00Z',
        import_deadlines: {
          pickup_lfd_line: '2026-11-26T08:00:00Z',
          pickup_lfd_terminal: '2026-11-24T08:00:00Z',
          pickup_lfd_rail: null,
        },
      },
    ]);
    refresh(h);
    expect(shownDay(column(h, 'LFD')[0], zone)).toBe('2026-11-24');
    expect(column(h, 'LFD Source')[0]).toBe('terminal');
    // Today is 20 Nov in Long Beach (07:00): the 24th is 4 days off, nothing due yet.
    expect(column(h, 'Attention')[0]).toBe('');
  });

  it('judges "today" on the facility calendar: a Rotterdam LFD has passed once it has there', () => {
    // 23:30 UTC on 20 Nov: 00:30 on the 21st in Rotterdam, 15:30 on the 20th in Los Angeles.
    const rotterdam = { pod_timezone: 'Europe/Amsterdam' };
    const { h } = sheetWith(
      zone,
      [
        { ...rotterdam, pickup_lfd: '2026-11-19T23:00:00Z' }, // 20 Nov in Rotterdam
        { ...rotterdam, pickup_lfd: '2026-11-20T23:00:00Z' }, // 21 Nov
        { ...rotterdam, pickup_lfd: '2026-11-21T23:00:00Z' }, // 22 Nov
        { ...rotterdam, pickup_lfd: '2026-11-22T23:00:00Z' }, // 23 Nov
        { ...rotterdam, pickup_lfd: '2026-11-16T23:00:00Z' }, // 17 Nov
      ],
      '2026-11-20T23:30:00Z',
    );
    refresh(h);
    expect(column(h, 'Attention')).toEqual([
      'LFD passed 1 day ago',
      'LFD today',
      'LFD tomorrow',
      'LFD in 2 days',
      'LFD passed 4 days ago',
    ]);
    expect([0, 1, 2, 3, 4].map((r) => colour(h, r, 'LFD', zone))).toEqual([
      RED,
      RED,
      AMBER,
      AMBER,
      RED,
    ]);
    expect(colour(h, 1, 'Attention', zone)).toBe(RED);
    expect(colour(h, 1, 'Number', zone)).toBe(RED);
  });

  it('gives no colour or Attention to boxes that have left the terminal', () => {
    const passed = '2026-11-15T08:00:00Z';
    const { h } = sheetWith(zone, [
      { current_status: 'picked_up', pickup_lfd: passed, pod_full_out_at: '2026-11-16T18:00:00Z' },
      // Full-out reported before the status caught up.
      { current_status: 'available', pickup_lfd: passed, pod_full_out_at: '2026-11-16T18:00:00Z' },
      {
        current_status: 'empty_returned',
        pickup_lfd: passed,
        empty_terminated_at: '2026-11-18T20:00:00Z',
      },
      { current_status: 'delivered', pickup_lfd: passed },
      { current_status: 'available', pickup_lfd: passed }, // still there: red
    ]);
    refresh(h);
    expect(column(h, 'Attention')).toEqual(['', '', '', '', 'LFD passed 5 days ago']);
    expect([0, 1, 2, 3, 4].map((r) => colour(h, r, 'LFD', zone))).toEqual([
      null,
      null,
      null,
      null,
      RED,
    ]);
    // Picked Up and Empty Returned are the terminal's local time, labelled.
    expect(column(h, 'Picked Up')[0]).toBe('2026-11-16 10:00 PST');
    expect(column(h, 'Empty Returned')[2]).toBe('2026-11-18 12:00 PST');
  });

  it('keeps the hold description, says "on hold", and highlights it', () => {
    const { h } = sheetWith(zone, [
      {
        available_for_pickup: true,
        holds_at_pod_terminal: [
          { name: 'customs', status: 'hold', description: 'CBP exam ordered' },
          { name: 'freight', status: 'pending', description: null },
        ],
      },
      { available_for_pickup: true }, // ready
    ]);
    refresh(h);
    expect(column(h, 'Holds')[0]).toBe('customs: hold (CBP exam ordered), freight: pending');
    expect(column(h, 'Attention')).toEqual(['on hold: customs', 'ready for pickup']);
    expect(column(h, 'Ready')).toEqual([false, true]);
    expect(colour(h, 0, 'Attention', zone)).toBe(HOLD);
    expect(colour(h, 0, 'Holds', zone)).toBe(HOLD);
  });

  it('shows fees with their currency, never adds currencies or a total, blank when none posted', () => {
    const { h } = sheetWith(zone, [
      {
        fees_at_pod_terminal: [
          { type: 'demurrage', amount: 150, currency_code: 'USD' },
          { type: 'exam', amount: 80, currency_code: 'EUR' },
          { type: 'total', amount: 230, currency_code: 'USD' },
        ],
      },
      { fees_at_pod_terminal: [{ type: 'demurrage', amount: 0, currency_code: 'USD' }] },
      { fees_at_pod_terminal: [] },
    ]);
    refresh(h);
    expect(column(h, 'Fees')).toEqual(['USD 150.00, EUR 80.00', '', '']);
  });

  it('writes appointments in the terminal’s local time with its zone', () => {
    const { h } = sheetWith(zone, [{ pickup_appointment_at: '2026-11-24T19:30:00Z' }]);
    refresh(h);
    expect(column(h, 'Appointment')[0]).toBe('2026-11-24 11:30 PST');
  });

  it('says on each row when the key is revoked, keeping the LFD warning and its colour', () => {
    const { h } = sheetWith(zone, [{ pickup_lfd: '2026-11-21T08:00:00Z' }, {}]);
    refresh(h);
    expect(column(h, 'Attention')).toEqual(['LFD tomorrow', '']);
    // 20 hours later (the cache has expired) the scheduled refresh is refused: it is the 21st
    // in Long Beach and in the sheet's zone.
    h.clock.advance(20 * 3_600_000);
    h.emulator.faults.enqueue({ status: 401, times: 50 });
    const report = h.gas.run<{ ok: boolean }>('runScheduledRefresh', [], {
      kind: 'trigger',
      activeDocument: true,
    });
    expect(report.ok).toBe(false);
    const since = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date('2026-11-20T15:00:00Z'));
    const attention = column(h, 'Attention') as string[];
    // The LFD warning is renewed for today from the row's own LFD cell, not left at "tomorrow".
    expect(attention[0]).toMatch(
      new RegExp(`^LFD today; not updated since 2026-11-2[01] ${since} \\S+: API key rejected`),
    );
    expect(attention[1]).toMatch(
      /^not updated since .*: API key rejected \(update it in Settings\)$/,
    );
    expect(colour(h, 0, 'LFD', zone)).toBe(RED);
    expect(column(h, 'LFD Source')[0]).toBe('pickup'); // nothing else was blanked

    // Opening the spreadsheet (AuthMode.LIMITED) says what failed and what to do, once fixed no more.
    h.gas.run('onOpen', [], { kind: 'simple-trigger', authMode: 'LIMITED' });
    const told = h.gas.ui.toasts.at(-1)!;
    expect(told.title).toBe('LFD Watch: Container Tracking: the last refresh failed');
    expect(told.message).toMatch(/key.*Settings.*Attention column/is);
    expect(told.message).not.toContain(h.emulator.demoKey);
    h.emulator.faults.clear();
    h.clock.advance(3_600_000);
    h.gas.run('runScheduledRefresh', [], { kind: 'trigger', activeDocument: true });
    const before = h.gas.ui.toasts.length;
    h.gas.run('onOpen', [], { kind: 'simple-trigger', authMode: 'LIMITED' });
    expect(h.gas.ui.toasts).toHaveLength(before);
    expect(column(h, 'Attention')[0]).toBe('LFD today');
  });
});

describe('LFD(container, "earliest")', () => {
  it.each(ZONES)('is the earliest of the deadlines, each on its own calendar (%s)', (zone) => {
    const h = createHarness({ sheetTimeZone: zone });
    const box = h.emulator.account()!.containers()[0]!;
    Object.assign(box.attributes as unknown as Json, BASE, {
      pod_timezone: 'America/New_York',
      final_destination_timezone: 'America/Chicago',
      // line 26 Nov and rail 27 Nov in Chicago (a rail move), terminal 25 Nov in New York.
      pickup_lfd: '2026-11-26T06:00:00Z',
      import_deadlines: {
        pickup_lfd_line: '2026-11-26T06:00:00Z',
        pickup_lfd_terminal: '2026-11-25T05:00:00Z',
        pickup_lfd_rail: '2026-11-27T06:00:00Z',
      },
    });
    const n = box.attributes.number;
    const serial = (d: number) => Date.UTC(2026, 10, d) / 86_400_000 + 25_569;
    expect(h.cell('LFD', n, 'earliest')).toBe(serial(25));
    // The default is the sheet's LFD (the earliest); the coalesced pickup_lfd by name.
    expect(h.cell('LFD', n)).toBe(serial(25));
    expect(h.cell('LFD', n, 'pickup')).toBe(serial(26));
  });
});

describe('a BOL row', () => {
  it('sums fees per currency and takes its colour only from boxes still at the terminal', () => {
    const h = createHarness({ sheetTimeZone: 'Europe/Amsterdam' });
    const account = h.emulator.account()!;
    const shipment = account.shipments().find((s) => s.containerIds.length >= 2)!;
    const boxes = account.containers().filter((c) => c.shipmentId === shipment.id);
    const [first, second, ...rest] = boxes;
    Object.assign(first!.attributes as unknown as Json, BASE, {
      current_status: 'picked_up',
      pickup_lfd: '2026-11-15T08:00:00Z',
      fees_at_pod_terminal: [{ type: 'demurrage', amount: 100, currency_code: 'USD' }],
    });
    Object.assign(second!.attributes as unknown as Json, BASE, {
      current_status: 'picked_up',
      pickup_lfd: '2026-11-14T08:00:00Z',
      fees_at_pod_terminal: [
        { type: 'demurrage', amount: 50, currency_code: 'USD' },
        { type: 'storage', amount: 80, currency_code: 'EUR' },
      ],
    });
    for (const c of rest)
      Object.assign(c.attributes as unknown as Json, BASE, { current_status: 'delivered' });
    h.gas.run('setupTrackingSheet');
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    h.gas.spreadsheet.write(
      sheet,
      2,
      header(h).indexOf('Number') + 1,
      shipment.attributes.bill_of_lading_number,
    );
    refresh(h);
    expect(column(h, 'Fees')[0]).toBe('USD 150.00, EUR 80.00');
    expect(column(h, 'Attention')[0]).toBe(''); // all have left: no red BOL
    expect(colour(h, 0, 'LFD', 'Europe/Amsterdam')).toBeNull();
  });
});

describe('set-up for a dispatcher', () => {
  it('puts what needs doing first, within a laptop screen, with Sheets-native inputs', () => {
    const h = createHarness();
    h.gas.run('setupTrackingSheet');
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    const names = header(h) as string[];
    // What a day of delay costs right after the deadline (docs/reference.md#money).
    expect(names.slice(0, 7)).toEqual([
      'Number',
      'Attention',
      'LFD',
      'Cost Tomorrow',
      'Demurrage',
      'Detention',
      'Return By',
    ]);
    // 1366×768: about 1,250 px of grid after the row numbers; what fits must include the answers.
    let width = 0;
    const visible: string[] = [];
    for (const [i, name] of names.entries()) {
      width += sheet.columnWidths.get(i + 1) ?? 100;
      if (width > 1_250) break;
      visible.push(name);
    }
    // Terminal too: where to send the truck for what needs doing.
    expect(visible).toEqual(expect.arrayContaining(['Status', 'Ready', 'Holds', 'Terminal']));
    expect(sheet.frozenRows).toBe(1);
    expect(sheet.frozenColumns).toBe(1);
    const type = sheet.cell(2, names.indexOf('Type') + 1)?.validation;
    expect(type).toMatchObject({
      criteria: 'VALUE_IN_LIST',
      values: [['container', 'bill_of_lading', 'booking_number'], true],
    });
    expect(sheet.cell(5, names.indexOf('Ready') + 1)?.validation?.criteria).toBe('CHECKBOX');
  });

  it('says "tracking failed" in Attention for a request the service could not track', () => {
    const h = createHarness();
    h.gas.run('setupTrackingSheet');
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    const names = header(h);
    h.gas.spreadsheet.write(sheet, 2, names.indexOf('Number') + 1, 'BOOKFAIL77');
    h.gas.spreadsheet.write(sheet, 2, names.indexOf('SCAC') + 1, 'MAEU');
    h.gas.spreadsheet.write(sheet, 2, names.indexOf('Type') + 1, 'booking_number');
    h.gas.run('refreshTrackingSheet');
    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Tracking')[0]).toBe('failed: not_found');
    expect(column(h, 'Attention')[0]).toBe('tracking failed: not_found');
  });
});
