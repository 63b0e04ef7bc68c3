// Wall-clock arithmetic in IANA time zones, shared by Utilities.formatDate, sheet display values
// and date parsing. Java (behind Apps Script) treats an unknown zone ID as GMT; so does this.
import { fromWallClock, isKnownZone, wallClock, type WallClock } from '../time-zone';

export interface WallParts extends Omit<WallClock, 'offsetMs'> {
  millisecond: number;
  offsetMinutes: number; // local − UTC
}

export function safeZone(timeZone: string): string {
  return isKnownZone(timeZone) ? timeZone : 'UTC';
}

export function wallParts(ms: number, timeZone: string): WallParts {
  const w = wallClock(ms, safeZone(timeZone));
  return {
    year: w.year,
    month: w.month,
    day: w.day,
    hour: w.hour,
    minute: w.minute,
    second: w.second,
    millisecond: ((ms % 1000) + 1000) % 1000,
    weekday: w.weekday,
    offsetMinutes: Math.round(w.offsetMs / 60_000),
  };
}

/** The instant at which the wall clock of `timeZone` shows the given time. */
export function fromWallTime(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  return fromWallClock(
    Date.UTC(year, month - 1, day, hour, minute, second),
    (ms) => wallParts(ms, timeZone).offsetMinutes * 60_000,
  );
}
