// Wall-clock arithmetic in IANA time zones, shared by Utilities.formatDate, sheet display values
// and date parsing. Java (behind Apps Script) treats an unknown zone ID as GMT; so does this.

export interface WallParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number; // 0 = Sunday
  offsetMinutes: number; // local − UTC
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: safeZone(timeZone),
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function wallParts(ms: number, timeZone: string): WallParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  const millisecond = ((ms % 1000) + 1000) % 1000;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    millisecond,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? 'Sun'),
    offsetMinutes: Math.round((asUtc - ms) / 60_000),
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
  const guess = Date.UTC(year, month - 1, day, hour, minute, second);
  let result = guess - wallParts(guess, timeZone).offsetMinutes * 60_000;
  result = guess - wallParts(result, timeZone).offsetMinutes * 60_000;
  return result;
}
