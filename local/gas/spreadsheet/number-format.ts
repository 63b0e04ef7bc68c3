// getDisplayValues: a cell's value shown through its number format, in the spreadsheet's time
// zone. A subset of the Sheets format syntax: dates (yyyy yy m mm mmm mmmm d dd ddd dddd h hh
// H m/mm as minutes next to h or s, ss, am/pm, "quoted" and \escaped literals) and numbers (0 #
// , . % and literal prefixes/suffixes such as "$"). Unformatted numbers show up to 10
// significant digits.

import { wallParts } from '../time-zone';
import { TEXT_FORMAT, type CellValue } from './cell-values';

/** What Range.getNumberFormat returns for a cell nobody formatted. */
export const DEFAULT_NUMBER_FORMAT = '0.###############';

const MONTHS =
  'January February March April May June July August September October November December'.split(
    ' ',
  );
const DAYS = 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' ');

function isDateFormat(format: string): boolean {
  const bare = format.replace(/"[^"]*"|\\./g, '');
  return /[yd]|h|s/i.test(bare) && !/[#0]/.test(bare.replace(/s+/gi, ''));
}

function tokenize(format: string): string[] {
  const tokens: string[] = [];
  for (let i = 0; i < format.length;) {
    const ch = format[i] ?? '';
    if (ch === '"') {
      const end = format.indexOf('"', i + 1);
      const stop = end === -1 ? format.length : end;
      tokens.push(`"${format.slice(i + 1, stop)}`);
      i = stop + 1;
    } else if (ch === '\\') {
      tokens.push(`"${format[i + 1] ?? ''}`);
      i += 2;
    } else if (/am\/pm/i.test(format.slice(i, i + 5))) {
      tokens.push('am/pm');
      i += 5;
    } else if (/[ymdhs]/i.test(ch)) {
      let j = i;
      while (format[j]?.toLowerCase() === ch.toLowerCase()) j += 1;
      tokens.push(format.slice(i, j));
      i = j;
    } else {
      tokens.push(`"${ch}`);
      i += 1;
    }
  }
  return tokens;
}

function formatDateValue(ms: number, format: string, timeZone: string): string {
  const w = wallParts(ms, timeZone);
  const tokens = tokenize(format);
  const twelveHour = tokens.includes('am/pm');
  const isTimeToken = (t: string | undefined) => !!t && /^[hs]/i.test(t);
  const significant = tokens.map((t, i) => ({ t, i })).filter(({ t }) => !t.startsWith('"'));
  return tokens
    .map((t, i) => {
      if (t.startsWith('"')) return t.slice(1);
      const pos = significant.findIndex((s) => s.i === i);
      const lower = t.toLowerCase();
      const n = t.length;
      switch (lower[0]) {
        case 'y':
          return n <= 2 ? String(w.year % 100).padStart(2, '0') : String(w.year);
        case 'm': {
          const minutes =
            isTimeToken(significant[pos - 1]?.t) || isTimeToken(significant[pos + 1]?.t);
          if (minutes && n <= 2) return String(w.minute).padStart(n, '0');
          if (n >= 4) return MONTHS[w.month - 1] ?? '';
          if (n === 3) return (MONTHS[w.month - 1] ?? '').slice(0, 3);
          return String(w.month).padStart(n, '0');
        }
        case 'd':
          if (n >= 4) return DAYS[w.weekday] ?? '';
          if (n === 3) return (DAYS[w.weekday] ?? '').slice(0, 3);
          return String(w.day).padStart(n, '0');
        case 'h': {
          const hour = twelveHour ? w.hour % 12 || 12 : w.hour;
          return String(hour).padStart(n, '0');
        }
        case 's':
          return String(w.second).padStart(n, '0');
        default:
          return lower === 'am/pm' ? (w.hour < 12 ? 'AM' : 'PM') : t;
      }
    })
    .join('');
}

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function formatNumberValue(n: number, format: string): string {
  const section = format.split(';')[0] ?? format;
  const core = /[#0,]*\.?[#0]+|[#0,]+/.exec(section);
  if (!core) return String(n);
  const literal = (s: string) => s.replace(/"([^"]*)"/g, '$1').replace(/\\(.)/g, '$1');
  const prefix = literal(section.slice(0, core.index));
  const suffix = literal(section.slice(core.index + core[0].length));
  const value = suffix.includes('%') ? n * 100 : n;
  const [intPattern = '', fracPattern = ''] = core[0].split('.');
  const maxDecimals = fracPattern.length;
  const minDecimals = (fracPattern.match(/0/g) ?? []).length;
  let [intDigits = '0', frac = ''] = Math.abs(value).toFixed(maxDecimals).split('.');
  while (frac.length > minDecimals && frac.endsWith('0')) frac = frac.slice(0, -1);
  const minInt = (intPattern.match(/0/g) ?? []).length;
  if (intDigits === '0' && minInt === 0) intDigits = '';
  intDigits = intDigits.padStart(minInt, '0');
  if (intPattern.includes(',')) intDigits = group(intDigits);
  const sign =
    value < 0 && Number(`${intDigits.replace(/,/g, '') || 0}.${frac || 0}`) !== 0 ? '-' : '';
  return `${sign}${prefix}${intDigits}${frac ? `.${frac}` : ''}${suffix}`;
}

function defaultNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  return String(Number(n.toPrecision(10)));
}

export function displayValue(
  value: CellValue,
  format: string | undefined,
  timeZone: string,
): string {
  if (value === '') return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  const fmt =
    format && format !== DEFAULT_NUMBER_FORMAT && format !== TEXT_FORMAT ? format : undefined;
  if (value instanceof Date)
    return formatDateValue(value.getTime(), fmt ?? 'M/d/yyyy H:mm:ss', timeZone);
  if (!fmt || /^general$/i.test(fmt)) return defaultNumber(value);
  return isDateFormat(fmt)
    ? formatDateValue(serialToMs(value), fmt, 'UTC')
    : formatNumberValue(value, fmt);
}

/** Sheets date serials count days from 1899-12-30. */
function serialToMs(serial: number): number {
  return Date.UTC(1899, 11, 30) + Math.round(serial * 86_400_000);
}
