// Calendar arithmetic in IANA time zones with Intl only (V8 in Apps Script has full ICU data),
// so no service call is spent on dates.

export interface CalendarDay {
  year: number;
  month: number; // 1-12
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

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
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return parts as {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
  };
}

/** The calendar day an instant falls on in a time zone. */
export function calendarDayIn(instant: number, timeZone: string): CalendarDay {
  const { year, month, day } = wallClock(instant, timeZone);
  return { year, month, day };
}

/** Offset (ms) of a time zone from UTC at an instant: local wall-clock minus UTC. */
export function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant when a calendar day starts in a time zone. Sheets shows a Date in the spreadsheet's
 * time zone, so returning this instant makes the cell show exactly that day.
 */
export function startOfDayIn(day: CalendarDay, timeZone: string): number {
  const naive = Date.UTC(day.year, day.month - 1, day.day);
  let guess = naive - offsetAt(naive, timeZone);
  // A second pass settles days where the offset changes (DST) between the naive and real instant.
  guess = naive - offsetAt(guess, timeZone);
  return guess;
}
