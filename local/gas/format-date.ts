// Utilities.formatDate follows java.text.SimpleDateFormat. This covers the letters add-ins use:
// G y Y M w D d H h k K m s S E a z zzzz Z X u, 'quoted literals' and '' for an apostrophe.
// Week fields (w, Y) follow the en-US locale Apps Script formats in: weeks start on Sunday and
// week 1 is the week holding January 1 (java.util.GregorianCalendar for Locale.US).

import { fail } from './errors';
import { safeZone, wallParts, type WallParts } from './time-zone';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (n: number, width: number) => String(Math.abs(n)).padStart(width, '0');

const DAY_MS = 86_400_000;

/** Day of the year, 1-based, of a wall-clock date. */
function dayOfYear(w: WallParts): number {
  return (Date.UTC(w.year, w.month - 1, w.day) - Date.UTC(w.year, 0, 1)) / DAY_MS + 1;
}

/** Week of the year and its week-year (US rule: Sunday first, week 1 holds January 1). */
function usWeek(w: WallParts): { week: number; weekYear: number } {
  // The Saturday ending this date's week decides the week-year: the week holding Jan 1 is week 1.
  const saturday = new Date(Date.UTC(w.year, w.month - 1, w.day + (6 - w.weekday)));
  const weekYear = saturday.getUTCFullYear();
  const jan1 = new Date(Date.UTC(weekYear, 0, 1));
  const firstSunday = Date.UTC(weekYear, 0, 1 - jan1.getUTCDay());
  const sunday = saturday.getTime() - 6 * DAY_MS;
  return { week: Math.round((sunday - firstSunday) / (7 * DAY_MS)) + 1, weekYear };
}

function offset(minutes: number, style: 'Z' | 'X1' | 'X2' | 'X3'): string {
  if (minutes === 0 && style !== 'Z') return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const h = pad(Math.floor(Math.abs(minutes) / 60), 2);
  const m = pad(Math.abs(minutes) % 60, 2);
  if (style === 'X1') return `${sign}${h}`;
  if (style === 'X3') return `${sign}${h}:${m}`;
  return `${sign}${h}${m}`;
}

/** z…zzz: the short name ("PST"); zzzz: the long one ("Pacific Standard Time"). */
function zoneName(ms: number, timeZone: string, style: 'short' | 'long'): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: style })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'GMT';
}

function field(letter: string, count: number, w: WallParts, ms: number, zone: string): string {
  switch (letter) {
    case 'G':
      return w.year > 0 ? 'AD' : 'BC';
    case 'y':
      return count === 2 ? pad(w.year % 100, 2) : pad(w.year, count);
    case 'Y': {
      const { weekYear } = usWeek(w);
      return count === 2 ? pad(weekYear % 100, 2) : pad(weekYear, count);
    }
    case 'w':
      return pad(usWeek(w).week, count);
    case 'D':
      return pad(dayOfYear(w), count);
    case 'M':
      if (count >= 4) return MONTHS[w.month - 1] ?? '';
      if (count === 3) return (MONTHS[w.month - 1] ?? '').slice(0, 3);
      return pad(w.month, count);
    case 'd':
      return pad(w.day, count);
    case 'H':
      return pad(w.hour, count);
    case 'k':
      return pad(w.hour === 0 ? 24 : w.hour, count);
    case 'K':
      return pad(w.hour % 12, count);
    case 'h':
      return pad(w.hour % 12 === 0 ? 12 : w.hour % 12, count);
    case 'm':
      return pad(w.minute, count);
    case 's':
      return pad(w.second, count);
    case 'S':
      return pad(w.millisecond, count);
    case 'E':
      return count >= 4 ? (DAYS[w.weekday] ?? '') : (DAYS[w.weekday] ?? '').slice(0, 3);
    case 'u':
      return String(w.weekday === 0 ? 7 : w.weekday);
    case 'a':
      return w.hour < 12 ? 'AM' : 'PM';
    case 'Z':
      return offset(w.offsetMinutes, 'Z');
    case 'X':
      return offset(w.offsetMinutes, count === 1 ? 'X1' : count === 2 ? 'X2' : 'X3');
    case 'z':
      return zoneName(ms, zone, count >= 4 ? 'long' : 'short');
    default:
      return fail(`Illegal pattern character '${letter}'`);
  }
}

export function formatDate(date: Date, timeZone: string, pattern: string): string {
  const zone = safeZone(timeZone);
  const ms = date.getTime();
  const w = wallParts(ms, zone);
  let out = '';
  for (let i = 0; i < pattern.length;) {
    const c = pattern[i] ?? '';
    if (c === "'") {
      // Quoted literal; inside it (and on its own) '' stands for one apostrophe.
      let j = i + 1;
      if (pattern[j] === "'") {
        out += "'";
        i = j + 1;
        continue;
      }
      while (j < pattern.length) {
        if (pattern[j] === "'" && pattern[j + 1] === "'") {
          out += "'";
          j += 2;
        } else if (pattern[j] === "'") {
          break;
        } else {
          out += pattern[j];
          j += 1;
        }
      }
      i = j + 1;
      continue;
    }
    if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (pattern[j] === c) j += 1;
      out += field(c, j - i, w, ms, zone);
      i = j;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}
