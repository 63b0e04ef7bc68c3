// Evaluates a parsed condition (a conditional-format rule's custom formula) for one cell. Only
// what such conditions use is supported: comparisons, arithmetic, & and the functions below.
// Anything else throws, and the caller treats the rule as not matching, which is what Sheets
// shows for a rule whose formula is in error.

import type { SheetModel } from '../../gas/spreadsheet/model';
import type { Expr } from './parse';
import { rangeArea, shiftRange } from './refs';
import {
  compareValues,
  todaySerial,
  toFormulaValue,
  toNumber,
  truthy,
  type FormulaValue,
} from './sheet-values';

export interface EvalContext {
  timeZone: string;
  now: number;
  /** The sheet the formula belongs to (references without a sheet name point here). */
  sheet: SheetModel;
  sheetByName(name: string): SheetModel | undefined;
  /** What a cell holds, formula results included. */
  valueAt(sheet: SheetModel, row: number, column: number): unknown;
  /** How far the evaluated cell is from the cell the formula was written for. */
  offset: { rows: number; columns: number };
}

type Fn = (args: Expr[], ctx: EvalContext) => FormulaValue;

const value = (e: Expr, ctx: EvalContext) => evaluate(e, ctx);

const FUNCTIONS: Record<string, Fn> = {
  AND: (args, ctx) => args.length > 0 && args.every((a) => truthy(value(a, ctx))),
  OR: (args, ctx) => args.some((a) => truthy(value(a, ctx))),
  NOT: ([a], ctx) => !truthy(a ? value(a, ctx) : null),
  IF: ([c, t, f], ctx) =>
    truthy(c ? value(c, ctx) : null) ? (t ? value(t, ctx) : true) : f ? value(f, ctx) : false,
  ISNUMBER: ([a], ctx) => typeof (a ? value(a, ctx) : null) === 'number',
  ISTEXT: ([a], ctx) => typeof (a ? value(a, ctx) : null) === 'string',
  ISBLANK: ([a], ctx) => (a ? value(a, ctx) : null) === null,
  TODAY: (_args, ctx) => todaySerial(ctx.now, ctx.timeZone),
  LEFT: ([a, n], ctx) => text(a ? value(a, ctx) : null).slice(0, n ? Number(value(n, ctx)) : 1),
  // SEARCH is case-insensitive and 1-based; where Sheets gives #VALUE! (not found) this gives a
  // non-number, which ISNUMBER (the only way the add-in's rules use it) reads the same way.
  SEARCH: ([find, within], ctx) => {
    const at = text(within ? value(within, ctx) : null)
      .toLowerCase()
      .indexOf(text(find ? value(find, ctx) : null).toLowerCase());
    return at < 0 ? null : at + 1;
  },
  N: ([a], ctx) => {
    const v = a ? value(a, ctx) : null;
    return typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : 0;
  },
};

function cellValue(expr: Extract<Expr, { kind: 'range' }>, ctx: EvalContext): FormulaValue {
  const ref = shiftRange(expr.ref, ctx.offset.rows, ctx.offset.columns);
  const sheet = ref.sheet === undefined ? ctx.sheet : ctx.sheetByName(ref.sheet);
  if (!sheet) throw new Error(`No sheet named ${ref.sheet}`);
  // In a condition a range stands for its first cell (Sheets' implicit intersection is more
  // subtle; the add-in's rules only use single cells).
  const area = rangeArea(ref, sheet.lastRow());
  return toFormulaValue(ctx.valueAt(sheet, area.row, area.column), ctx.timeZone);
}

const text = (v: FormulaValue) =>
  v === null ? '' : typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : String(v);

export function evaluate(expr: Expr, ctx: EvalContext): FormulaValue {
  switch (expr.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return expr.value;
    case 'range':
      return cellValue(expr, ctx);
    case 'name':
      throw new Error(`Named ranges are not evaluated in conditions (${expr.name})`);
    case 'call': {
      const fn = FUNCTIONS[expr.name];
      if (!fn) throw new Error(`Unsupported function ${expr.name}`);
      return fn(expr.args, ctx);
    }
    case 'unary': {
      const n = toNumber(evaluate(expr.arg, ctx));
      return expr.op === '-' ? -n : n;
    }
    case 'binary': {
      const left = evaluate(expr.left, ctx);
      const right = evaluate(expr.right, ctx);
      switch (expr.op) {
        case '+':
          return toNumber(left) + toNumber(right);
        case '-':
          return toNumber(left) - toNumber(right);
        case '*':
          return toNumber(left) * toNumber(right);
        case '/':
          return toNumber(left) / toNumber(right);
        case '&':
          return text(left) + text(right);
        case '=':
          return compareValues(left, right) === 0;
        case '<>':
          return compareValues(left, right) !== 0;
        case '<':
          return compareValues(left, right) < 0;
        case '<=':
          return compareValues(left, right) <= 0;
        case '>':
          return compareValues(left, right) > 0;
        case '>=':
          return compareValues(left, right) >= 0;
      }
    }
  }
}
