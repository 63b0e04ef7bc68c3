// How a value written by a script lands in a cell. Range.setValue(s) parse strings the way the
// Sheets UI parses typing (the Sheets API calls this USER_ENTERED: '"=1+2" becomes a formula,
// "Mar 1 2016" becomes a date, "$100.15" a number with currency formatting'); non-strings are
// stored as they are. Confirmed by lookup: '=' formulas, numbers/dates/currency from strings.
// Assumed (Sheets UI behaviour, not found in the docs): a leading apostrophe stores the rest as
// text; a cell formatted as plain text ('@') keeps any string as text, formulas included;
// "true"/"false" become booleans; ISO date-times with 'T' or 'Z' stay text; a time of day
// ("10:30", "10:30:15", "3:05 PM", "3 PM") becomes a time: the Date of that wall time on
// 1899-12-30, Sheets' day zero, shown as h:mm:ss am/pm (that format is assumed; durations such
// as "25:00" stay text here).
// From the probes (issue 17) and the USER_ENTERED example above: a text starting with
// '+' or '-' that is no number is read as a formula and fails to parse (value "#ERROR!",
// formula "=<text>"; the same Sheets annoyance turns phone numbers such as "+1 555 0100" into
// #ERROR!); dates written with a month name ("Mar 1 2016", "March 1, 2016", "1 Mar 2016",
// "1-Mar-2016") become dates.

import { fail } from '../errors';
import { fromWallTime } from '../time-zone';

export type CellValue = string | number | boolean | Date;

export interface Cell {
  /** '' for blank and for formula cells (their value comes from the formula evaluator), except
   * a formula that failed to parse, which holds PARSE_ERROR whatever the evaluator says. */
  value: CellValue;
  formula?: string;
  numberFormat?: string;
  note?: string;
  background?: string;
  fontColor?: string;
  fontWeight?: string;
  wrap?: boolean;
  horizontalAlignment?: string;
  /** Range.setDataValidation's rule (a dropdown, a checkbox). */
  validation?: import('./data-validation').DataValidationData;
}

export interface Written {
  value: CellValue;
  formula?: string;
  /** A format the parse implies (dates, percentages, currency), applied if the cell has none. */
  impliedFormat?: string;
}

export const TEXT_FORMAT = '@';
export const DEFAULT_DATE_TIME_FORMAT = 'M/d/yyyy H:mm:ss';

const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const PERCENT = /^([+-]?\d+(?:\.\d+)?)%$/;
const CURRENCY = /^([+-]?)\$((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)$/;
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const MONTH_FIRST = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/;
const DAY_FIRST = /^(\d{1,2})[ -]([A-Za-z]{3,9})\.?[ -](\d{4})$/;
const MONTH_NAMES =
  'january february march april may june july august september october november december'.split(
    ' ',
  );
const TIME = /^(\d{1,2})(?::(\d{2})(?::(\d{2}))?)?(?:\s*([AaPp])[Mm])?$/;

function parseTime(text: string, timeZone: string): Written | undefined {
  const m = TIME.exec(text);
  // "10" alone is a number; a time needs minutes or AM/PM.
  if (!m || (m[2] === undefined && m[4] === undefined)) return undefined;
  let hour = Number(m[1]);
  const [minute, second] = [Number(m[2] ?? 0), Number(m[3] ?? 0)];
  const half = m[4]?.toUpperCase();
  if (half !== undefined && (hour < 1 || hour > 12)) return undefined;
  if (half === 'P' && hour < 12) hour += 12;
  if (half === 'A' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = fromWallTime(timeZone, 1899, 12, 30, hour, minute, second);
  return { value: new Date(ms), impliedFormat: 'h:mm:ss am/pm' };
}

/** What a text starting with '+' or '-' becomes when it is not a number: a formula parse error. */
export const PARSE_ERROR = '#ERROR!';

/** 1-12 for a month's full name or its three-letter abbreviation, any case. */
function monthNumber(name: string): number | undefined {
  const lower = name.toLowerCase();
  const index = MONTH_NAMES.findIndex((m) => m === lower || m.slice(0, 3) === lower);
  return index === -1 ? undefined : index + 1;
}

function parseNamedMonthDate(text: string, timeZone: string): Written | undefined {
  const first = MONTH_FIRST.exec(text);
  const dayFirst = first ? undefined : DAY_FIRST.exec(text);
  const [monthName, day, year] = first
    ? [first[1], first[2], first[3]]
    : dayFirst
      ? [dayFirst[2], dayFirst[1], dayFirst[3]]
      : [];
  const month = monthNumber(monthName ?? '');
  if (month === undefined) return undefined;
  const [y, d] = [Number(year), Number(day)];
  if (!validDate(y, month, d)) return undefined;
  return { value: new Date(fromWallTime(timeZone, y, month, d)), impliedFormat: 'M/d/yyyy' };
}

function parseNumber(text: string): Written | undefined {
  if (NUMBER.test(text) && /\d/.test(text)) {
    const value = Number(text.replace(/,/g, ''));
    if (!text.includes(',')) return { value };
    return { value, impliedFormat: text.includes('.') ? '#,##0.00' : '#,##0' };
  }
  const percent = PERCENT.exec(text);
  if (percent) {
    const decimals = percent[1]?.split('.')[1]?.length ?? 0;
    return {
      value: Number(percent[1]) / 100,
      impliedFormat: decimals ? `0.${'0'.repeat(decimals)}%` : '0%',
    };
  }
  const currency = CURRENCY.exec(text);
  if (currency) {
    const value = Number(`${currency[1]}${currency[2]?.replace(/,/g, '')}`);
    return { value, impliedFormat: '"$"#,##0.00' };
  }
  return undefined;
}

function validDate(y: number, m: number, d: number): boolean {
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

function parseDate(text: string, timeZone: string): Written | undefined {
  const iso = ISO_DATE.exec(text);
  const us = iso ? undefined : US_DATE.exec(text);
  const m = iso ?? us;
  if (!m) return undefined;
  const [y, mo, d] = iso
    ? [Number(m[1]), Number(m[2]), Number(m[3])]
    : [Number(m[3]), Number(m[1]), Number(m[2])];
  if (!validDate(y, mo, d)) return undefined;
  const hasTime = m[4] !== undefined;
  const ms = fromWallTime(
    timeZone,
    y,
    mo,
    d,
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
  );
  const dateFormat = iso ? 'yyyy-mm-dd' : 'M/d/yyyy';
  return { value: new Date(ms), impliedFormat: hasTime ? `${dateFormat} H:mm:ss` : dateFormat };
}

/** The cell content a script write produces. */
export function interpretWrite(
  input: unknown,
  numberFormat: string | undefined,
  timeZone: string,
): Written {
  if (input === null || input === undefined) return { value: '' };
  if (typeof input === 'number' || typeof input === 'boolean') return { value: input };
  if (input instanceof Date) {
    return { value: new Date(input.getTime()), impliedFormat: DEFAULT_DATE_TIME_FORMAT };
  }
  const text = String(input);
  if (text === '') return { value: '' };
  if (numberFormat === TEXT_FORMAT) return { value: text };
  if (text.startsWith('=') && text.length > 1) return { value: '', formula: text };
  if (text.startsWith("'")) return { value: text.slice(1) };
  const trimmed = text.trim();
  const error = ERROR_VALUES.find((e) => e === trimmed.toUpperCase());
  if (error) return { value: error };
  if (/^(true|false)$/i.test(trimmed)) return { value: trimmed.toLowerCase() === 'true' };
  const parsed =
    parseNumber(trimmed) ??
    parseDate(trimmed, timeZone) ??
    parseNamedMonthDate(trimmed, timeZone) ??
    parseTime(trimmed, timeZone);
  if (parsed) return parsed;
  if (/^[+-]./s.test(text)) return { value: PARSE_ERROR, formula: `=${text}` };
  return { value: text };
}

/**
 * Sheets refuses a write of a text longer than this in any one cell, failing the whole
 * setValue(s) call (nothing is written) with the message below. Limit: Google's "Files you can
 * store in Google Drive" (50,000 characters per cell); message as Apps Script reports it (seen in
 * many public bug reports: "Your input contains more than the maximum of 50000 characters in a
 * single cell.").
 */
export const MAX_CELL_CHARS = 50_000;

export function checkCellText(input: unknown): void {
  if (typeof input === 'string' && input.length > MAX_CELL_CHARS) {
    fail(
      `Your input contains more than the maximum of ${MAX_CELL_CHARS} characters in a single cell.`,
    );
  }
}

/**
 * Error values. Apps Script's getValues() returns a cell that shows an error as the error's text
 * (the string "#N/A", "#REF!", …), the same as a cell holding that text; typing one of these
 * into a cell makes it an error cell. Scripts cannot tell the two apart through getValues().
 */
export const ERROR_VALUES = [
  '#N/A',
  '#REF!',
  '#VALUE!',
  '#DIV/0!',
  '#NAME?',
  '#NUM!',
  '#NULL!',
  '#ERROR!',
] as const;

export function isBlank(cell: Cell | undefined): boolean {
  return !cell || (cell.value === '' && cell.formula === undefined);
}
