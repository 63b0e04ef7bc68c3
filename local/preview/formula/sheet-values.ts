// Values as a Sheets formula sees them: a date is a serial day number counted in the
// spreadsheet's time zone (so TODAY() and an LFD cell agree on what "today" is there), blanks
// are their own kind, and comparisons follow Sheets' ordering across types.

import { wallParts } from '../../gas/time-zone';

export type FormulaValue = number | string | boolean | null;

const DAY_MS = 86_400_000;
/** Serial 0 is 1899-12-30. */
const EPOCH_OFFSET_DAYS = 25_569;

/** The serial number of an instant as a wall-clock time in `timeZone` (fractional days). */
export function dateToSerial(ms: number, timeZone: string): number {
  const w = wallParts(ms, timeZone);
  const wallMs = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wallMs / DAY_MS + EPOCH_OFFSET_DAYS;
}

/** TODAY(): the serial of the current calendar day in `timeZone`. */
export function todaySerial(nowMs: number, timeZone: string): number {
  return Math.floor(dateToSerial(nowMs, timeZone));
}

/** A cell value (string, number, boolean, Date, blank '') as a formula operand. */
export function toFormulaValue(value: unknown, timeZone: string): FormulaValue {
  if (value === '' || value === null || value === undefined) return null;
  if (value instanceof Date) return dateToSerial(value.getTime(), timeZone);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') {
    return value;
  }
  return String(value);
}

function rank(v: FormulaValue): number {
  if (typeof v === 'number') return 0;
  if (typeof v === 'string') return 1;
  return 2;
}

/** Sheets compares numbers < text < booleans; a blank counts as 0, "" or FALSE beside the other side. */
export function compareValues(a: FormulaValue, b: FormulaValue): number {
  const blankLike = (other: FormulaValue): FormulaValue =>
    typeof other === 'string' ? '' : typeof other === 'boolean' ? false : 0;
  const x = a === null ? blankLike(b) : a;
  const y = b === null ? blankLike(a) : b;
  if (x === null || y === null) return 0;
  if (rank(x) !== rank(y)) return rank(x) - rank(y);
  if (typeof x === 'string' && typeof y === 'string') {
    const p = x.toLowerCase();
    const q = y.toLowerCase();
    return p < q ? -1 : p > q ? 1 : 0;
  }
  return Number(x) - Number(y);
}

export function toNumber(v: FormulaValue): number {
  if (v === null) return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const n = Number(v.trim());
  if (v.trim() === '' || Number.isNaN(n)) throw new Error(`"${v}" is not a number`);
  return n;
}

export function truthy(v: FormulaValue): boolean {
  if (v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  const upper = v.trim().toUpperCase();
  if (upper === 'TRUE') return true;
  if (upper === 'FALSE' || upper === '') return false;
  throw new Error(`"${v}" is not TRUE or FALSE`);
}
