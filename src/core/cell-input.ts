// Turns whatever a cell hands a custom function into text we can reason about.

const MAX_INPUT_LENGTH = 200;

/** Dates cross realms in Apps Script (and in tests), so `instanceof Date` is not reliable. */
export function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}

export function isBlank(value: unknown): boolean {
  return value == null || (typeof value === 'string' && value.trim() === '');
}

export type CellText = { ok: true; text: string } | { ok: false; problem: string };

/**
 * What a cell showing an error gives a script: getValues() (and a custom function's argument)
 * carries the error as its text, e.g. "#N/A". None of them can be an identifier. Sheets' own
 * errors (local/gas/spreadsheet/cell-values.ts lists them; test/core/cell-input.test.ts keeps the
 * two lists in step), and Excel's dynamic-array errors, which an imported .xlsx carries as text.
 */
export const SHEETS_ERROR_VALUES = [
  '#N/A',
  '#REF!',
  '#VALUE!',
  '#DIV/0!',
  '#NAME?',
  '#NUM!',
  '#NULL!',
  '#ERROR!',
] as const;
export const EXCEL_ONLY_ERROR_VALUES = ['#SPILL!', '#CALC!'] as const;
const ERROR_VALUES = new Set<string>([...SHEETS_ERROR_VALUES, ...EXCEL_ONLY_ERROR_VALUES]);

/** The error a cell shows ("#N/A"), or null when the value is not one. */
export function cellErrorValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().toUpperCase();
  return ERROR_VALUES.has(text) ? text : null;
}

/**
 * Text of an identifier cell. Numbers are accepted (a numeric BOL typed into a cell arrives as a
 * number) but dates and booleans cannot be identifiers.
 */
export function identifierText(value: unknown): CellText {
  const error = cellErrorValue(value);
  if (error) return { ok: false, problem: `the cell shows the error ${error}` };
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.length > MAX_INPUT_LENGTH) {
      return { ok: false, problem: `the value is ${text.length} characters long` };
    }
    return { ok: true, text };
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    return { ok: true, text: Number.isInteger(value) ? String(value) : String(value) };
  }
  if (isDate(value)) return { ok: false, problem: 'the cell holds a date' };
  if (typeof value === 'boolean')
    return { ok: false, problem: `the cell holds ${String(value).toUpperCase()}` };
  return { ok: false, problem: 'the cell holds no text' };
}

/** A short, safe echo of user input for messages. */
export function quote(text: string, max = 24): string {
  const shown = text.length > max ? `${text.slice(0, max)}…` : text;
  return `"${shown}"`;
}
