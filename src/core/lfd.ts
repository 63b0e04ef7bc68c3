// Last free day: which deadline the user asked for, which time zone it is in, and the calendar day
// that is (demurrage runs by the local day at the facility, not by the viewer's clock).

import { calendarDayIn, isValidTimeZone, startOfDayIn, type CalendarDay } from './timezone';
import type { ContainerAttributes } from './model';

export const LFD_SOURCES = ['pickup', 'line', 'terminal', 'rail'] as const;
export type LfdSource = (typeof LFD_SOURCES)[number];

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

export function lfdInstant(c: ContainerAttributes, source: LfdSource): LfdInstant | null {
  const d = c.import_deadlines ?? null;
  switch (source) {
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

/** The Date to put in a cell so that a sheet in `sheetTimeZone` shows the LFD's own calendar day. */
export function lfdCellDate(
  c: ContainerAttributes,
  source: LfdSource,
  sheetTimeZone: string,
): Date | null {
  const day = lfdDay(c, source);
  return day ? new Date(startOfDayIn(day, firstValidZone(sheetTimeZone))) : null;
}

export function parseLfdSource(raw: unknown): LfdSource | null {
  if (raw == null || raw === '') return 'pickup';
  const text = String(raw).trim().toLowerCase();
  return (LFD_SOURCES as readonly string[]).includes(text) ? (text as LfdSource) : null;
}
