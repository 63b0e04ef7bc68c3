// Calendar arithmetic in IANA time zones with Intl only (V8 in Apps Script has full ICU data),
// so no service call is spent on dates.

export interface CalendarDay {
  year: number;
  month: number; // 1-12
  day: number;
}

/** One Intl.DateTimeFormat per zone for a style: building one costs far more than using it. */
export function memoFormatter(
  options: Intl.DateTimeFormatOptions,
): (timeZone: string) => Intl.DateTimeFormat {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let f = formatters.get(timeZone);
    if (!f) {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      formatters.set(timeZone, f);
    }
    return f;
  };
}

const formatter = memoFormatter({
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

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
 * The instant when a calendar day starts in a time zone: midnight, or where a zone skips
 * midnight (a DST change at 00:00, as in America/Santiago or America/Havana), the first instant
 * of that day after the gap. setValues writes a Date in the spreadsheet's time zone, so this
 * instant makes such a cell show exactly that day.
 */
export function startOfDayIn(day: CalendarDay, timeZone: string): number {
  const naive = Date.UTC(day.year, day.month - 1, day.day);
  let guess = naive - offsetAt(naive, timeZone);
  // A second pass settles days where the offset changes (DST) between the naive and real instant.
  guess = naive - offsetAt(guess, timeZone);
  if (sameDay(calendarDayIn(guess, timeZone), day)) {
    // Midnight may have come round twice (a DST change just after it): take the earlier one.
    const hourBefore = guess - HOUR_MS;
    return sameDay(calendarDayIn(hourBefore, timeZone), day) ? hourBefore : guess;
  }
  // Midnight did not happen: the day starts when the clock jumps, within a few hours of the guess.
  let before = guess;
  let after = guess + 3 * HOUR_MS;
  while (after - before > 1000) {
    const mid = before + Math.floor((after - before) / 2000) * 1000;
    if (dayNumber(calendarDayIn(mid, timeZone)) < dayNumber(day)) before = mid;
    else after = mid;
  }
  return after;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

function dayNumber(day: CalendarDay): number {
  return Date.UTC(day.year, day.month - 1, day.day) / DAY_MS;
}

function sameDay(a: CalendarDay, b: CalendarDay): boolean {
  return dayNumber(a) === dayNumber(b);
}

/** Sheets counts days from 1899-12-30 (serial 0); 1970-01-01 is serial 25569. */
const SHEET_EPOCH_SERIAL = 25_569;

/**
 * A calendar day as a sheet serial number: the value a cell holds for a date, which means the
 * same day in every time zone (a number carries none).
 */
export function sheetSerialOfDay(day: CalendarDay): number {
  return dayNumber(day) + SHEET_EPOCH_SERIAL;
}

/** The calendar day a sheet serial number stands for (the inverse of sheetSerialOfDay). */
export function dayOfSerial(serial: number): CalendarDay {
  const d = new Date((serial - SHEET_EPOCH_SERIAL) * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * A facility day (a sheet serial) as the Date setValues shows as that day in the spreadsheet's
 * zone: setValues turns a Date into a cell value in the spreadsheet's time zone.
 */
export function serialCellDate(serial: number, sheetTimeZone: string): Date {
  const zone = isValidTimeZone(sheetTimeZone) ? sheetTimeZone : 'UTC';
  return new Date(startOfDayIn(dayOfSerial(serial), zone));
}

/** A calendar day as `YYYY-MM-DD`. */
export const dayText = (d: CalendarDay): string =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
