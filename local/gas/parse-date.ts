// Utilities.parseDate(text, timeZone, format): java.text.SimpleDateFormat.parse, lenient as Java's
// default is. Letters: y M d H h k K m s S E a z Z X, 'quoted literals'. As DateFormat.parse, text
// after the pattern is ignored; adjacent numeric fields ("yyyyMMdd") take their letter count as
// width. Source that the method exists and parses "2023-01-01T12:00:00Z" with
// "yyyy-MM-dd'T'HH:mm:ss'Z'" in GMT, and throws on "invalid date": gas-fakes
// test/testutilities.js "utilities extra". The failure text is Java's ParseException message
// (an assumption: gas-fakes' parity notes only say an Exception is thrown).

import { fail } from './errors';
import { fromWallTime, safeZone } from './time-zone';

const MONTHS =
  'january february march april may june july august september october november december'.split(
    ' ',
  );
const DAYS = 'sunday monday tuesday wednesday thursday friday saturday'.split(' ');
const NUMERIC = new Set(['y', 'M', 'd', 'H', 'h', 'k', 'K', 'm', 's', 'S', 'D', 'u', 'w']);

interface Token {
  letter?: string;
  count: number;
  literal?: string;
}

function tokenize(pattern: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length;) {
    const c = pattern[i] ?? '';
    if (c === "'") {
      let j = i + 1;
      let text = '';
      if (pattern[j] === "'") {
        tokens.push({ count: 0, literal: "'" });
        i = j + 1;
        continue;
      }
      while (j < pattern.length && !(pattern[j] === "'" && pattern[j + 1] !== "'")) {
        text += pattern[j];
        j += pattern[j] === "'" ? 2 : 1;
      }
      tokens.push({ count: 0, literal: text });
      i = j + 1;
    } else if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (pattern[j] === c) j += 1;
      tokens.push({ letter: c, count: j - i });
      i = j;
    } else {
      tokens.push({ count: 0, literal: c });
      i += 1;
    }
  }
  return tokens;
}

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  pm?: boolean;
  offsetMinutes?: number;
  zone?: string;
}

/** Month or day names: the full name or any prefix of at least three letters. */
function matchName(text: string, names: string[]): { index: number; length: number } | undefined {
  const lower = text.toLowerCase();
  for (const [index, name] of names.entries()) {
    if (lower.startsWith(name)) return { index, length: name.length };
  }
  for (const [index, name] of names.entries()) {
    if (lower.startsWith(name.slice(0, 3))) return { index, length: 3 };
  }
  return undefined;
}

/** "Z", "+01", "+0100", "+01:00", "GMT", "UTC", "GMT+01:00" or an IANA zone id. */
function matchZone(text: string): { minutes?: number; zone?: string; length: number } | undefined {
  if (text.startsWith('Z')) return { minutes: 0, length: 1 };
  const m = /^(?:GMT|UTC)?([+-])(\d{2}):?(\d{2})?/.exec(text);
  if (m) {
    const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
    return { minutes: m[1] === '-' ? -minutes : minutes, length: m[0].length };
  }
  const named = /^(?:GMT|UTC)/.exec(text) ?? /^[A-Za-z_]+\/[A-Za-z_/]+/.exec(text);
  if (!named) return undefined;
  return named[0].includes('/')
    ? { zone: named[0], length: named[0].length }
    : { minutes: 0, length: named[0].length };
}

function setNumber(f: Fields, letter: string, n: number): void {
  if (letter === 'y') f.year = n;
  else if (letter === 'M') f.month = n;
  else if (letter === 'd') f.day = n;
  else if (letter === 'H' || letter === 'k') f.hour = letter === 'k' && n === 24 ? 0 : n;
  else if (letter === 'h' || letter === 'K') f.hour = n % 12;
  else if (letter === 'm') f.minute = n;
  else if (letter === 's') f.second = n;
  else if (letter === 'S') f.ms = n;
}

export function parseDate(text: string, timeZone: string, pattern: string): Date {
  const unparseable = (): never => fail(`Unparseable date: "${text}"`);
  const tokens = tokenize(pattern);
  const f: Fields = { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0, ms: 0 };
  let pos = 0;
  tokens.forEach((token, i) => {
    const rest = text.slice(pos);
    if (token.literal !== undefined) {
      if (!rest.startsWith(token.literal)) unparseable();
      pos += token.literal.length;
      return;
    }
    const letter = token.letter ?? '';
    if (NUMERIC.has(letter) && !(letter === 'M' && token.count >= 3)) {
      const next = tokens[i + 1];
      const fixed = next?.letter !== undefined && NUMERIC.has(next.letter);
      const m = (fixed ? new RegExp(`^[+-]?\\d{1,${token.count}}`) : /^[+-]?\d+/).exec(rest);
      if (!m) unparseable();
      let n = Number(m![0]);
      // SimpleDateFormat: a two-digit "yy" year lands within 80 years before, 20 after now.
      if (letter === 'y' && token.count <= 2 && m![0].length === 2) n += n < 50 ? 2000 : 1900;
      setNumber(f, letter, n);
      pos += m![0].length;
    } else if (letter === 'M') {
      const name = matchName(rest, MONTHS) ?? unparseable();
      f.month = name.index + 1;
      pos += name.length;
    } else if (letter === 'E') {
      pos += (matchName(rest, DAYS) ?? unparseable()).length;
    } else if (letter === 'a') {
      const m = /^(AM|PM)/i.exec(rest) ?? unparseable();
      f.pm = m[0].toUpperCase() === 'PM';
      pos += 2;
    } else if (letter === 'z' || letter === 'Z' || letter === 'X') {
      const zone = matchZone(rest) ?? unparseable();
      f.offsetMinutes = zone.minutes;
      f.zone = zone.zone;
      pos += zone.length;
    } else {
      fail(`Illegal pattern character '${letter}'`);
    }
  });
  const hour = f.pm && f.hour < 12 ? f.hour + 12 : f.hour;
  // Lenient, as Java's default: out-of-range fields roll over (month 13 is next January).
  if (f.offsetMinutes !== undefined) {
    const utc = Date.UTC(f.year, f.month - 1, f.day, hour, f.minute, f.second, f.ms);
    return new Date(utc - f.offsetMinutes * 60_000);
  }
  const zone = safeZone(f.zone ?? timeZone);
  return new Date(fromWallTime(zone, f.year, f.month, f.day, hour, f.minute, f.second) + f.ms);
}
