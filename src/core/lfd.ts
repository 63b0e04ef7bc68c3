// Last free day: which deadline the user asked for, which time zone it is in, and the calendar day
// that is (demurrage runs by the local day at the facility, not by the viewer's clock).

import {
  calendarDayIn,
  isValidTimeZone,
  sheetSerialOfDay,
  startOfDayIn,
  type CalendarDay,
} from './timezone';
import type { ContainerAttributes } from './model';
import { wentInland } from './terminal-state';

export const LFD_SOURCES = ['pickup', 'line', 'terminal', 'rail', 'earliest'] as const;
export type LfdSource = (typeof LFD_SOURCES)[number];
export const DEFAULT_LFD_SOURCE: LfdSource = 'earliest';
/** The deadlines `earliest` chooses from. */
export type DeadlineSource = 'line' | 'terminal' | 'rail';
const DEADLINES: readonly DeadlineSource[] = ['terminal', 'line', 'rail'];
/** Once a box has gone inland by rail, the port terminal's deadline is history. */
const INLAND_DEADLINES: readonly DeadlineSource[] = ['rail', 'line'];

export interface LfdInstant {
  instant: number;
  timeZone: string;
}

function firstValidZone(...zones: (string | null | undefined)[]): string {
  for (const z of zones) if (isValidTimeZone(z)) return z;
  return 'UTC';
}

function parseInstant(value: unknown): number | null {
  if (typeof value !== 'string' || value === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Line LFDs are kept at the final destination for inland moves, else at the port of discharge. */
function lineZone(c: ContainerAttributes): string {
  return firstValidZone(c.final_destination_timezone, c.pod_timezone);
}

export interface EarliestLfd extends LfdInstant {
  /** Which deadline it is; `pickup` when the service sent only the coalesced `pickup_lfd`. */
  source: DeadlineSource | 'pickup';
}

/**
 * The earliest of the line, terminal and rail deadlines, compared by their calendar days at
 * their own facilities (demurrage starts at the earliest; the service's coalesced `pickup_lfd`
 * takes the line's first, which is often later than the terminal's). On a tie the terminal's is
 * named, as the one a trucker is turned away by. Without any of them, the coalesced `pickup_lfd`.
 * A box that has gone inland by rail (core/terminal-state.ts) is picked up at the inland
 * facility: its deadline is the rail LFD (or the line's, kept at the final destination for
 * inland moves), never the port terminal's it left; on a tie the rail's is named.
 */
export function earliestLfd(c: ContainerAttributes): EarliestLfd | null {
  const inland = wentInland(c);
  let best: EarliestLfd | null = null;
  let bestDay = Infinity;
  for (const source of inland ? INLAND_DEADLINES : DEADLINES) {
    const at = lfdInstant(c, source);
    if (!at) continue;
    const day = sheetSerialOfDay(calendarDayIn(at.instant, at.timeZone));
    if (day < bestDay) {
      best = { ...at, source };
      bestDay = day;
    }
  }
  if (best) return best;
  const pickup = lfdInstant(c, 'pickup');
  // An inland box's coalesced LFD that is the port terminal's says nothing about the ramp.
  const terminal = parseInstant(c.import_deadlines?.pickup_lfd_terminal);
  if (!pickup || (inland && terminal === pickup.instant)) return null;
  return { ...pickup, source: 'pickup' };
}

export function lfdInstant(c: ContainerAttributes, source: LfdSource): LfdInstant | null {
  const d = c.import_deadlines ?? null;
  switch (source) {
    case 'earliest':
      return earliestLfd(c);
    case 'terminal': {
      const instant = parseInstant(d?.pickup_lfd_terminal);
      return instant == null ? null : { instant, timeZone: firstValidZone(c.pod_timezone) };
    }
    case 'rail': {
      const instant = parseInstant(d?.pickup_lfd_rail);
      return instant == null
        ? null
        : { instant, timeZone: firstValidZone(c.final_destination_timezone, c.pod_timezone) };
    }
    case 'line': {
      const instant = parseInstant(d?.pickup_lfd_line);
      return instant == null ? null : { instant, timeZone: lineZone(c) };
    }
    case 'pickup': {
      const instant = parseInstant(c.pickup_lfd);
      if (instant == null) return null;
      // pickup_lfd coalesces line, then terminal, then rail: use the zone of the one it came from.
      if (parseInstant(d?.pickup_lfd_line) === instant) return { instant, timeZone: lineZone(c) };
      if (parseInstant(d?.pickup_lfd_terminal) === instant) {
        return { instant, timeZone: firstValidZone(c.pod_timezone) };
      }
      if (parseInstant(d?.pickup_lfd_rail) === instant) {
        return { instant, timeZone: firstValidZone(c.final_destination_timezone, c.pod_timezone) };
      }
      return { instant, timeZone: lineZone(c) };
    }
  }
}

export function lfdDay(c: ContainerAttributes, source: LfdSource): CalendarDay | null {
  const at = lfdInstant(c, source);
  return at ? calendarDayIn(at.instant, at.timeZone) : null;
}

/**
 * The Date to write with setValues so that a sheet in `sheetTimeZone` shows the LFD's own
 * calendar day (setValues turns a Date into a cell value in the spreadsheet's time zone). For the
 * Tracking sheet; custom functions return lfdSerial instead.
 */
export function lfdCellDate(
  c: ContainerAttributes,
  source: LfdSource,
  sheetTimeZone: string,
): Date | null {
  const day = lfdDay(c, source);
  return day ? new Date(startOfDayIn(day, firstValidZone(sheetTimeZone))) : null;
}

/*
 * What LFD() returns, and why a number rather than a Date.
 *
 * Sheets turns a Date returned by a custom function into a cell value (a serial day number) by
 * one of two conventions, and no source says which: (A) the Date's wall clock in the
 * spreadsheet's time zone, or (B) in the script's (appsscript.json pins it to Etc/UTC). The
 * custom-functions guide only says, of dates passed in, that when the spreadsheet and the script
 * use different time zones "the custom function needs to compensate". Midnight of day D in the
 * sheet's zone (what we returned before) shows D under A; under B it shows the day before in
 * every zone east of UTC (Amsterdam, Tokyo, Auckland), and west of it the right day with a stray
 * time of day (08:00 for Los Angeles).
 *
 * Two values show day D under both conventions:
 * - a Date inside both day D in the sheet's zone and day D in UTC (the two overlap by at least
 *   10 hours, since offsets lie within -12..+14 h), e.g. the middle of that overlap. But it carries
 *   a time of day: an unformatted cell shows it ("25/11/2026 12:30:00", read as a deadline time),
 *   =LFD(A2)-TODAY() gives 3.52 rather than 3, =LFD(A2)=DATE(2026,11,25) is FALSE, and a rule like
 *   "LFD <= TODAY()+2" silently misses its last day. Those are quiet errors on a deadline.
 * - the serial number of day D (what DATE(2026,11,25) evaluates to). It holds no instant and no
 *   zone, so both conventions leave it alone; arithmetic with TODAY(), comparisons, equality with
 *   DATE(), sorting and conditional formats are exact. Its cost: Sheets gives a custom
 *   function's number no format, so a cell nobody formatted would show 46351.
 *
 * Looked for again for issue 30 (a freshly typed LFD() showed 46354): Google's custom-functions
 * guide (developers.google.com/apps-script/guides/sheets/functions, "Data types") speaks only of
 * dates passed in; no Google page, Apps Script issue thread or test on real Apps Script that we
 * could find states the zone of a returned Date. Without that rule a Date would be a guess.
 * So LFD() stays the serial, and the cell gets its date format from the edit that typed it:
 * onEdit(e) (addon/cells/lfd-date-format.ts) formats what a typed call of LFD fills.
 * Date-times (CONTAINER_INFO/SHIPMENT_INFO pod_eta_at, pickup_appointment_at, ...) stay Dates:
 * their time of day cannot be right under both conventions, so they follow convention A and the
 * sidebar's Diagnostics warns when the script's and the spreadsheet's zones differ.
 */

/** LFD() in a cell: the sheet serial number of the LFD's calendar day at the facility. */
export function lfdSerial(c: ContainerAttributes, source: LfdSource): number | null {
  const day = lfdDay(c, source);
  return day ? sheetSerialOfDay(day) : null;
}

export function parseLfdSource(raw: unknown): LfdSource | null {
  // The default is the deadline demurrage starts at, as the Tracking sheet's LFD shows it.
  if (raw == null || raw === '') return DEFAULT_LFD_SOURCE;
  const text = String(raw).trim().toLowerCase();
  return (LFD_SOURCES as readonly string[]).includes(text) ? (text as LfdSource) : null;
}
