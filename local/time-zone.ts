// Wall clocks in IANA time zones via Intl, for the local test doubles: the emulator's seeded dates
// (local/emulator/core/time.ts) and the Apps Script fakes (local/gas/time-zone.ts). The add-in
// keeps its own (src/core/timezone.ts), which runs in Apps Script and does not depend on this.

export interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
  /** Local − UTC in ms, to the second (New York in winter: -5 h). */
  offsetMs: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Throws a RangeError for a zone Intl does not know. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
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

export function isKnownZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** What the zone's wall clock shows at an instant (whole seconds). Throws for an unknown zone. */
export function wallClock(ms: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = p.value;
  }
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? 'Sun'),
    offsetMs: wallAsUtc - Math.floor(ms / 1000) * 1000,
  };
}

/**
 * The instant at which a zone's wall clock shows a time, given as `Date.UTC(...)` of that wall
 * time and the zone's offset function. Two passes, so a time just after a DST change gets the
 * offset in force then, not the one at the guess.
 */
export function fromWallClock(wallAsUtc: number, offsetAt: (ms: number) => number): number {
  const first = wallAsUtc - offsetAt(wallAsUtc);
  return wallAsUtc - offsetAt(first);
}
