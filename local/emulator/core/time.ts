// Time arithmetic for seeded data: instants in ms, ISO strings as the real service writes them
// (whole seconds, `Z`), and local calendar days in an IANA zone via Intl (no Date.now here).
import { fromWallClock, wallClock } from '../../time-zone';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** `2026-11-20T15:00:00Z`: whole seconds, as in the recorded fixtures. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / SECOND) * SECOND).toISOString().replace('.000Z', 'Z');
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : isoSeconds(ms);
}

/** `2026-11-20T15:00:00.123Z`: the Rails JSON form used by Active Storage records. */
export function isoMillis(ms: number): string {
  return new Date(ms).toISOString();
}

export interface CalendarDay {
  year: number;
  month: number; // 1-12
  day: number;
}

// Offsets only change at DST transitions, which fall on quarter hours in every zone today, so one
// Intl call per zone and quarter hour is enough (Intl is what makes seeding 10,000 containers slow).
const QUARTER_HOUR = 15 * MINUTE;
const offsets = new Map<string, number>();

/** Offset of the zone from UTC at that instant, in ms (New York in winter: -5 h). */
export function zoneOffset(ms: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(ms / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 100_000) offsets.clear();
    offset = wallClock(ms, timeZone).offsetMs;
    offsets.set(key, offset);
  }
  return offset;
}

export function localDay(ms: number, timeZone: string): CalendarDay {
  const local = new Date(ms + zoneOffset(ms, timeZone));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The instant a local wall-clock time happens in a zone (DST-aware, two-pass). */
export function zonedTime(day: CalendarDay, timeZone: string, hour = 0, minute = 0): number {
  return fromWallClock(Date.UTC(day.year, day.month - 1, day.day, hour, minute), (ms) =>
    zoneOffset(ms, timeZone),
  );
}

export function formatDay(day: CalendarDay): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.year}-${pad(day.month)}-${pad(day.day)}`;
}
