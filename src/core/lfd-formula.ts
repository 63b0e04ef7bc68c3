// Which cells a typed LFD() formula fills: the formula is a call of LFD (alone, or as the value
// of IFERROR, IFNA or ARRAYFORMULA, nested as deep as you like), and its answer has the shape of
// its first argument (one value → one cell; A2:A9 → eight rows; A2:A → rows to the end of that
// sheet). Anything else, `=LFD(A2)-TODAY()`
// (a number of days) or `=TEXT(LFD(A2), …)` (text), is not a date and is left alone.

/** The cells a call of LFD fills, from the cell that holds it. */
export interface LfdAnswerShape {
  columns: number;
  /** A count, or `toEnd`: the argument runs to the end of its sheet from row `fromRow`. */
  rows: number | { toEnd: true; fromRow: number; sheet: string | null };
}

const ONE_CELL: LfdAnswerShape = { rows: 1, columns: 1 };
/** Functions whose answer is their first argument's (or, for IFERROR/IFNA, a fallback). */
const WRAPPERS = ['IFERROR', 'IFNA', 'ARRAYFORMULA'];

/**
 * The characters of `text` from `from` that lie outside "…" strings, each with the bracket depth
 * after it (a doubled "" inside a string closes and reopens it: the same outcome).
 */
function* outsideStrings(text: string, from = 0): Generator<[number, string, number]> {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i += 1) {
    const ch = text[i] ?? '';
    if (ch === '"') inString = !inString;
    if (inString || ch === '"') continue;
    if (ch === '(' || ch === '{') depth += 1;
    else if (ch === ')' || ch === '}') depth -= 1;
    yield [i, ch, depth];
  }
}

/** The text inside the parentheses of `NAME(…)` when that call is the whole of `text`, else null. */
function callArguments(text: string, name: string): string | null {
  const open = new RegExp(`^${name}\\s*\\(`, 'i').exec(text);
  if (!open) return null;
  for (const [i, ch, depth] of outsideStrings(text, open[0].length - 1)) {
    if ((ch === ')' || ch === '}') && depth === 0) {
      return text.slice(i + 1).trim() === '' ? text.slice(open[0].length, i) : null;
    }
  }
  return null;
}

/** The first top-level argument (separated by `,`, or `;` in locales that use it). */
function firstArgument(args: string): string {
  for (const [i, ch, depth] of outsideStrings(args)) {
    if ((ch === ',' || ch === ';') && depth === 0) return args.slice(0, i).trim();
  }
  return args.trim();
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

const SHEET_PREFIX = /^(?:'((?:[^']|'')+)'|([A-Za-z0-9_.]+))!/;
const CELL = /^\$?([A-Za-z]{1,3})\$?(\d+)$/;
const COLUMN = /^\$?([A-Za-z]{1,3})$/;

/** The answer's shape for a first argument written as a reference; one cell for anything else. */
export function shapeOfReference(reference: string): LfdAnswerShape {
  const prefix = SHEET_PREFIX.exec(reference);
  const sheet = prefix ? (prefix[1]?.replace(/''/g, "'") ?? prefix[2] ?? null) : null;
  const cells = prefix ? reference.slice(prefix[0].length) : reference;
  const [from = '', to, extra] = cells.split(':');
  if (extra !== undefined) return ONE_CELL;
  const start = CELL.exec(from);
  if (to === undefined) return ONE_CELL; // one cell, a name or a value: one answer
  const end = CELL.exec(to);
  if (start && end) {
    return {
      rows: Math.abs(Number(end[2]) - Number(start[2])) + 1,
      columns: Math.abs(columnNumber(end[1] ?? '') - columnNumber(start[1] ?? '')) + 1,
    };
  }
  const openEnd = COLUMN.exec(to);
  const startColumn = start ? start[1] : COLUMN.exec(from)?.[1];
  if (openEnd && startColumn) {
    return {
      rows: { toEnd: true, fromRow: start ? Number(start[2]) : 1, sheet },
      columns: Math.abs(columnNumber(openEnd[1] ?? '') - columnNumber(startColumn)) + 1,
    };
  }
  return ONE_CELL;
}

/** The arguments of the LFD call `text` is, directly or inside wrappers; null when it is none. */
function lfdArguments(text: string): string | null {
  const direct = callArguments(text, 'LFD');
  if (direct !== null) return direct;
  for (const wrapper of WRAPPERS) {
    const inner = callArguments(text, wrapper);
    if (inner !== null) return lfdArguments(firstArgument(inner));
  }
  return null;
}

/** The shape of the answer when `formula` is a call of LFD, else null. */
export function lfdAnswerShape(formula: string): LfdAnswerShape | null {
  const body = formula.trim().replace(/^=\s*/, '');
  if (body.length === formula.trim().length) return null; // not a formula
  const args = lfdArguments(body);
  return args === null ? null : shapeOfReference(firstArgument(args));
}
