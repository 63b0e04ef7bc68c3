// What a dispatcher relies on in the Tracking sheet, through the built add-in and the emulator:
// numbers that cannot be tracked say so (grey) and cost nothing; cells that are not ours are not
// written; every "left the terminal" status is quiet alike; old terminal data is said; an import
// skips boxes a BOL row covers and fills its rows at once; cells agree with the sheet; settings
// too long say which and their limit.

import { column, createHarness, headerRow, sheetValues } from '../../helpers/addon-harness';
import { cellColour } from '../../helpers/sheet-colour';

type Harness = ReturnType<typeof createHarness>;
type Json = Record<string, unknown>;
const GREY = '#e0e0e0';
const HOUR = 3_600_000;
const ZONE = 'America/New_York';

const header = (h: Harness) => headerRow(h);

/** A set-up Tracking sheet with these Numbers typed (the Number column is plain text). */
function sheetWithNumbers(h: Harness, numbers: unknown[]): void {
  h.gas.run('setupTrackingSheet');
  const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
  const col = header(h).indexOf('Number') + 1;
  numbers.forEach((n, i) => h.gas.spreadsheet.write(sheet, i + 2, col, n));
}

function write(h: Harness, row: number, name: string, value: unknown): void {
  const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
  h.gas.spreadsheet.write(sheet, row + 2, header(h).indexOf(name) + 1, value);
}

const colour = (h: Harness, row: number, name: string) => cellColour(h, row, name, ZONE);

const outbox = (h: Harness) => h.gas.project.mail.outbox;

describe('a Number that cannot be tracked', () => {
  it('says why in Attention (grey), costs no request and sends no alert', () => {
    const h = createHarness({ sheetTimeZone: ZONE });
    h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }]);
    const formula = '=IMPORTDATA("https://example.com/boxes.csv")';
    // Words are no BOL or booking number: those carry at least one digit.
    sheetWithNumbers(h, ['MSCU1234567', 'ABC', formula, 'hello world']);
    expect(h.gas.spreadsheet.sheetByName('Tracking')!.cell(4, 1)?.formula).toBeUndefined();
    const requests = h.emulator.account()!.trackingRequests().length;
    h.gas.run('refreshTrackingSheet');
    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Attention')).toEqual([
      'number not valid: the check digit (last digit) should be 6, not 7: check the number for a typo',
      'number not valid: too short for a container, BOL or booking number: fix the number',
      'number not valid: this is a formula’s text, not a number: type the container, BOL or booking number itself',
      'number not valid: a BOL or booking number has at least one digit: type the number itself',
    ]);
    expect(column(h, 'Tracking')).toEqual([
      'invalid container number',
      'invalid number',
      'not a number: a formula’s text',
      'invalid number',
    ]);
    expect([0, 1, 2, 3].map((r) => colour(h, r, 'Attention'))).toEqual([GREY, GREY, GREY, GREY]);
    expect(h.requests()).toBe(0);
    expect(h.emulator.account()!.trackingRequests()).toHaveLength(requests);
    expect(outbox(h)).toEqual([]);
    // The user's text stays as typed.
    expect(column(h, 'Number')).toEqual(['MSCU1234567', 'ABC', formula, 'hello world']);
  });
});

describe('a Number cell that holds no identifier (TRUE, a date)', () => {
  it('is no row of ours: none of its cells is written, even between tracked rows', () => {
    const h = createHarness({ sheetTimeZone: ZONE });
    const [a, b] = h.emulator.account()!.containers();
    sheetWithNumbers(h, [
      a!.attributes.number,
      true,
      new Date('2026-11-02T12:00:00Z'),
      b!.attributes.number,
    ]);
    write(h, 1, 'Attention', 'call the broker');
    write(h, 1, 'Status', '=1+1');
    write(h, 2, 'LFD', 'ask Jim');
    write(h, 2, 'Tracking', 'mine');
    const before = sheetValues(h).slice(2, 4);
    const sheet = h.gas.spreadsheet.sheetByName('Tracking')!;
    h.gas.run('refreshTrackingSheet');
    expect(sheetValues(h).slice(2, 4)).toEqual(before);
    expect(sheet.cell(3, header(h).indexOf('Status') + 1)?.formula).toBe('=1+1');
    expect(column(h, 'Tracking')[0]).toBe('tracked');
    expect(column(h, 'Tracking')[3]).toBe('tracked');
  });
});

/** Boxes at a New York terminal with these attributes, on a set-up sheet. */
function boxesWith(shapes: Json[]): { h: Harness; numbers: string[] } {
  const h = createHarness({ sheetTimeZone: ZONE });
  const boxes = h.emulator.account()!.containers().slice(0, shapes.length);
  boxes.forEach((c, i) =>
    Object.assign(c.attributes as unknown as Json, {
      available_for_pickup: false,
      holds_at_pod_terminal: [],
      pickup_lfd: '2026-11-18T05:00:00Z', // passed 2 days ago
      import_deadlines: { pickup_lfd_line: null, pickup_lfd_terminal: null, pickup_lfd_rail: null },
      pod_timezone: ZONE,
      final_destination_timezone: null,
      pod_full_out_at: null,
      final_destination_full_out_at: null,
      empty_terminated_at: null,
      terminal_checked_at: new Date(h.clock.now() - HOUR).toISOString(),
      ...shapes[i],
    }),
  );
  const numbers = boxes.map((c) => c.attributes.number);
  sheetWithNumbers(h, numbers);
  return { h, numbers };
}

describe('every status meaning the box has left the terminal', () => {
  const gone = ['picked_up', 'delivered', 'dropped', 'loaded', 'empty_returned', 'off_dock'];

  it('is quiet alike: no Attention, no colour, no alert when a hold is placed', () => {
    const { h } = boxesWith([
      ...gone.map((s) => ({ current_status: s })),
      // On rail it left the port terminal for a second deadline inland: still due, and the port
      // terminal's holds no longer stop its truck.
      { current_status: 'on_rail' },
      { current_status: 'available' },
    ]);
    h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }]);
    h.gas.run('refreshTrackingSheet');
    const quiet = gone.map(() => '');
    expect(column(h, 'Attention')).toEqual([
      ...quiet,
      'LFD passed 2 days ago',
      'LFD passed 2 days ago',
    ]);
    expect(gone.map((_, r) => colour(h, r, 'LFD'))).toEqual(gone.map(() => null));
    const sent = outbox(h).length;
    // A hold placed on every box: only the one still at the terminal alerts.
    for (const c of h.emulator
      .account()!
      .containers()
      .slice(0, gone.length + 2))
      c.attributes.holds_at_pod_terminal = [{ name: 'customs', status: 'hold', description: null }];
    h.clock.advance(HOUR);
    h.gas.run('refreshTrackingSheet');
    const emails = outbox(h).slice(sent);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toMatch(/^Container alert: 1 hold placed/);
  });
});

describe('terminal data the service has not refreshed', () => {
  it('is said after the LFD, and alone colours the row grey', () => {
    const { h } = boxesWith([
      { current_status: 'available' },
      { current_status: 'not_available', pickup_lfd: null },
    ]);
    const account = h.emulator.account()!;
    const boxes = account.containers().slice(0, 2);
    // The service re-checks a terminal it can reach: a day on, the data is still fresh…
    h.clock.advance(24 * HOUR);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Attention')).toEqual(['LFD passed 3 days ago', '']);
    // …until the terminal stops answering: 30 hours later its data is said to be old.
    for (const c of boxes) account.terminalChecksFailingSince.set(c.podTerminalId!, h.clock.now());
    h.clock.advance(30 * HOUR);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Attention')).toEqual([
      'LFD passed 4 days ago; terminal not checked for 30 hours',
      'terminal not checked for 30 hours',
    ]);
    expect(colour(h, 1, 'Attention')).toBe(GREY);
  });
});

describe('importAllContainers', () => {
  it('skips boxes a BOL row covers and fills the rows it adds at once', () => {
    const h = createHarness({ sheetTimeZone: ZONE });
    const account = h.emulator.account()!;
    const shipment = account.shipments().find((s) => s.containerIds.length >= 2)!;
    const covered = account
      .containers()
      .filter((c) => c.shipmentId === shipment.id)
      .map((c) => c.attributes.number);
    sheetWithNumbers(h, [shipment.attributes.bill_of_lading_number]);
    const report = h.gas.run<{ ok: boolean; added: number }>('importAllContainers', [
      { includeFinished: true },
    ]);
    expect(report.ok).toBe(true);
    const numbers = column(h, 'Number');
    expect(numbers.length).toBe(1 + report.added);
    for (const n of covered) expect(numbers).not.toContain(n);
    // Filled at once, as a refresh would (no refresh has run).
    const rows = sheetValues(h).slice(2);
    const names = header(h);
    for (const row of rows) {
      const box = account.findContainer(String(row[names.indexOf('Number')]))!;
      expect(row[names.indexOf('Status')]).toBe(box.attributes.current_status);
      expect(row[names.indexOf('Updated')]).toBeInstanceOf(Date);
      expect(row[names.indexOf('Link')]).toMatch(/shipments\/find\?q=/);
    }
    expect(column(h, 'Tracking')[0]).toBe(''); // the BOL row itself waits for the refresh
  });
});

describe('cells and the sheet', () => {
  it('agree on holds (with the description) and on the link of a typed number', () => {
    const h = createHarness({ sheetTimeZone: ZONE });
    const box = h.emulator.account()!.containers()[0]!;
    Object.assign(box.attributes, {
      holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: 'CBP exam ordered' }],
    });
    const n = box.attributes.number;
    const typed = `${n.slice(0, 4).toLowerCase()} ${n.slice(4, 10)}-${n.slice(10)}`;
    sheetWithNumbers(h, [typed]);
    h.gas.run('refreshTrackingSheet');
    expect(column(h, 'Holds')[0]).toBe('customs: hold (CBP exam ordered)');
    expect(h.cell('CONTAINER_INFO', typed, 'holds')).toBe(column(h, 'Holds')[0]);
    expect(h.cell('TRACKING_LINK', typed)).toBe(column(h, 'Link')[0]);
  });
});

describe('saveSettings with a value too long', () => {
  it.each([
    [
      'apiBaseUrl',
      `https://api.example.com/v2/${'a'.repeat(10_000)}`,
      /^The API base URL \(apiBaseUrl\) is too long: 10,027 characters, at most 2,000\.$/,
    ],
    [
      'appUrl',
      `https://app.example.com/${'a'.repeat(20_000)}`,
      /^The App URL \(appUrl\) is too long: .* at most 2,000\.$/,
    ],
    [
      'alertRecipients',
      `${'a'.repeat(9_000)}@example.com`,
      /^Alert recipients \(alertRecipients\) is too long: .* at most 2,600\.$/,
    ],
  ])('%s: says which setting and its limit, and keeps what was stored', (name, value, message) => {
    const h = createHarness();
    const before = h.gas.run('getSettings');
    expect(() => h.gas.run('saveSettings', [{ [name]: value }])).toThrow(message);
    expect(h.gas.run('getSettings')).toEqual(before);
  });
});
