// What a custom-function formula cell asks for: which of the add-in's functions, with which
// argument values (literals, cells, ranges, named ranges, read through `read` so formula results
// count), or the error Sheets would show instead. Only `=FUNCTION(argument, …)` is understood.

import type { SheetModel, SpreadsheetModel } from '../../gas/spreadsheet/model';
import { parseFormula, type Expr } from './parse';
import { rangeArea, type Area } from './refs';

export interface FormulaError {
  code: '#ERROR!' | '#NAME?' | '#N/A' | '#REF!';
  message: string;
}

export type FormulaCall = { fn: string; args: unknown[] } | { error: FormulaError };

/** A cell as an argument sees it: its value, or the error it shows. */
export type CellReader = (
  sheet: SheetModel,
  row: number,
  column: number,
) => { value: unknown; error?: FormulaError };

class ArgumentError extends Error {
  constructor(readonly error: FormulaError) {
    super(error.message);
  }
}

export function unsupported(): FormulaError {
  return {
    code: '#N/A',
    message:
      'The preview evaluates only a call of one of the add-in\'s functions with values, cells or ranges as arguments, e.g. =CONTAINER_STATUS(A2:A10) or =LFD(A2, "terminal").',
  };
}

/** A one-cell area is passed as a value, a larger one as rows of values (as Sheets does). */
function areaValues(sheet: SheetModel, area: Area, read: CellReader): unknown {
  const rows = Array.from({ length: area.numRows }, (_, r) =>
    Array.from({ length: area.numColumns }, (_, c) => {
      const cell = read(sheet, area.row + r, area.column + c);
      // An argument in error makes the formula show that error, as in Sheets.
      if (cell.error) throw new ArgumentError(cell.error);
      return cell.value;
    }),
  );
  return area.numRows === 1 && area.numColumns === 1 ? rows[0]?.[0] : rows;
}

function argument(model: SpreadsheetModel, sheet: SheetModel, expr: Expr, read: CellReader) {
  switch (expr.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return expr.value;
    case 'unary':
      if (expr.arg.kind === 'number') return expr.op === '-' ? -expr.arg.value : expr.arg.value;
      throw new ArgumentError(unsupported());
    case 'range': {
      const target = expr.ref.sheet === undefined ? sheet : model.sheetByName(expr.ref.sheet);
      if (!target) {
        throw new ArgumentError({
          code: '#REF!',
          message: `Unresolved sheet name '${expr.ref.sheet}'.`,
        });
      }
      return areaValues(target, rangeArea(expr.ref, target.lastRow()), read);
    }
    case 'name': {
      // Named ranges are case-insensitive in Sheets.
      const wanted = expr.name.toLowerCase();
      const named = [...model.namedRanges].find(([n]) => n.toLowerCase() === wanted)?.[1];
      if (!named) {
        throw new ArgumentError({ code: '#NAME?', message: `Unknown range name: '${expr.name}'.` });
      }
      return areaValues(named.sheet, named.area, read);
    }
    default:
      throw new ArgumentError(unsupported());
  }
}

export function formulaCall(
  model: SpreadsheetModel,
  sheet: SheetModel,
  formula: string,
  functions: ReadonlySet<string>,
  read: CellReader,
): FormulaCall {
  let expr: Expr;
  try {
    expr = parseFormula(formula);
  } catch (e) {
    return { error: { code: '#ERROR!', message: `Formula parse error: ${(e as Error).message}` } };
  }
  if (expr.kind !== 'call') return { error: unsupported() };
  if (!functions.has(expr.name)) {
    return {
      error: {
        code: '#NAME?',
        message: `Unknown function: ${expr.name}. The preview runs only the add-in's own functions (${[...functions].join(', ')}).`,
      },
    };
  }
  try {
    return { fn: expr.name, args: expr.args.map((a) => argument(model, sheet, a, read)) };
  } catch (e) {
    if (e instanceof ArgumentError) return { error: e.error };
    throw e;
  }
}
