// The Change Log archive in the local runtime, which parses what setValues receives as a person's
// typing: the rows moved out keep their Time as it was: a Date stays a Date in the log's time
// format, and text someone left in the Time column (typed with an apostrophe) stays text, never a
// formula or a number.

import {
  CHANGE_LOG_ARCHIVE_SHEET,
  CHANGE_LOG_HEADERS,
  CHANGE_LOG_SHEET,
  CHANGE_LOG_TIME_FORMAT,
  LOG_ROWS,
} from '../../../src/addon/changes/change-log';
import { type, withRows } from '../../helpers/addon-harness';

const HYPERLINK = '=HYPERLINK("http://evil.example","click")';

it('moves Time as it was: Dates as Dates, text as text (never a formula or a number)', () => {
  const seed = withRows([]);
  const box = seed.emulator.account()!.containers()[0]!;
  const h = withRows([[box.attributes.number]]);
  h.gas.run('refreshTrackingSheet');
  // A full log: the add-in's own rows, then what a person typed into the Time column.
  const log = h.gas.spreadsheet.addSheet(CHANGE_LOG_SHEET, 9);
  log.maxRows = LOG_ROWS + 1;
  CHANGE_LOG_HEADERS.forEach((name, c) => (log.ensure(1, c + 1).value = name));
  const first = new Date('2026-11-01T12:00:00Z');
  for (let r = 2; r <= LOG_ROWS + 1; r++) {
    const row = ['', 'MSCU1234566', 'status', 'on_ship', 'available', 'refresh'];
    row.forEach((v, c) => (log.ensure(r, c + 1).value = v));
    log.ensure(r, 1).value = new Date(first.getTime() + r * 60_000);
    log.ensure(r, 1).numberFormat = CHANGE_LOG_TIME_FORMAT;
  }
  type(h, 2, 1, `'${HYPERLINK}`, CHANGE_LOG_SHEET);
  type(h, 3, 1, "'+1", CHANGE_LOG_SHEET);
  expect([log.cell(2, 1)?.value, log.cell(3, 1)?.value]).toEqual([HYPERLINK, '+1']);
  const dated = log.cell(4, 1)!.value;

  // A change at the service: the refresh logs it, and the log over its limit moves its oldest out.
  h.emulator.account()!.findContainer(box.attributes.number)!.attributes.holds_at_pod_terminal = [
    { name: 'customs', status: 'hold', description: null },
  ];
  h.clock.advance(3_600_000);
  h.gas.run('refreshTrackingSheet');

  const archive = h.gas.spreadsheet.sheetByName(CHANGE_LOG_ARCHIVE_SHEET)!;
  expect(archive).toBeDefined();
  const time = (r: number) => archive.cell(r, 1)!;
  expect(time(2).value).toBe(HYPERLINK);
  expect(time(2).formula).toBeUndefined();
  expect(time(3).value).toBe('+1');
  expect(time(3).formula).toBeUndefined();
  expect(time(4).value).toEqual(dated);
  expect(time(4).value).toBeInstanceOf(Date);
  expect(time(4).numberFormat).toBe(CHANGE_LOG_TIME_FORMAT);
  // The other columns moved as they were.
  expect([2, 3, 4, 5, 6].map((c) => archive.cell(4, c)?.value)).toEqual([
    'MSCU1234566',
    'status',
    'on_ship',
    'available',
    'refresh',
  ]);
  expect(h.gas.spreadsheet.sheetByName(CHANGE_LOG_SHEET)!.cell(2, 1)?.value).toBeInstanceOf(Date);
});
