// Cells whose formula calls one of the add-in's custom functions, computed the way Sheets does it:
// each formula cell is one 'custom-function' execution of the real bundle, re-run only when the
// values of its arguments change (hence the CT_LAST_REFRESH argument), and a grid result spills
// into the cells to its right and below. Only `=FUNCTION(literal | cell | range | named range, …)`
// is understood, and besides it the small built-in subset the conditional-format conditions use
// (evaluate.ts: IF, AND, arithmetic, comparisons over cells), which the evidence sheet's Invoice
// check needs (`=IF(E65="","",E65-B65)`); anything else shows an error that says so.

import type { SheetModel, SpreadsheetModel } from '../../gas/spreadsheet/model';
import { evaluate } from './evaluate';
import { formulaCall, type FormulaCall, type FormulaError } from './formula-call';
import { parseFormula } from './parse';
import { a1 } from './refs';
import { cellValueOfReturned, type ReturnedDates } from './returned-dates';

export type { FormulaError };

/** Runs one custom-function execution and returns its result (throws what the script threw). */
export type CustomFunctionRunner = (functionName: string, args: unknown[]) => unknown;

type Outcome =
  | { kind: 'value'; value: unknown }
  | { kind: 'array'; values: unknown[][] }
  | { kind: 'error'; error: FormulaError };

interface Anchor {
  formula: string;
  signature: string;
  outcome: Outcome;
}

export interface CellResult {
  value: unknown;
  error?: FormulaError;
  /** The value comes from the array result of the formula in this cell (A1). */
  spilledFrom?: string;
}

const key = (row: number, column: number) => `${row}:${column}`;

function signatureOf(formula: string, args: unknown[]): string {
  return JSON.stringify([formula, args], (_k, v: unknown) =>
    v instanceof Date ? { date: v.toISOString() } : v,
  );
}

export class CustomFunctionCells {
  private readonly anchors = new Map<SheetModel, Map<string, Anchor>>();
  private spills = new Map<SheetModel, Map<string, { value: unknown; from: string }>>();
  private conflicts = new Map<SheetModel, Map<string, string>>();
  /** Executions run so far (tests assert that unchanged arguments cost none). */
  executions = 0;

  constructor(
    private readonly model: SpreadsheetModel,
    private readonly run: CustomFunctionRunner,
    private readonly functions: ReadonlySet<string>,
    /** How returned Dates become cell values (returned-dates.ts); default: the spreadsheet's zone. */
    private readonly returnedDates: ReturnedDates = {
      convention: 'spreadsheet',
      scriptTimeZone: 'Etc/UTC',
    },
    /** The world's clock (TODAY() in a built-in formula). */
    private readonly now: () => number = Date.now,
  ) {}

  /** Recomputes formula cells whose arguments changed; returns how many executions ran. */
  recalculate(): number {
    const before = this.executions;
    // A formula may read another's (spilled) result: a few passes settle such chains.
    for (let pass = 0; pass < 4; pass += 1) {
      this.layout();
      if (!this.computePass()) break;
    }
    this.layout();
    return this.executions - before;
  }

  /** A cell's value as formulas and scripts see it: formula results and spills included. */
  valueAt(sheet: SheetModel, row: number, column: number): unknown {
    return this.result(sheet, row, column).value;
  }

  result(sheet: SheetModel, row: number, column: number): CellResult {
    const cell = sheet.cell(row, column);
    if (cell?.formula !== undefined) {
      const anchor = this.anchors.get(sheet)?.get(key(row, column));
      if (!anchor) return { value: '' };
      const conflict = this.conflicts.get(sheet)?.get(key(row, column));
      if (conflict) {
        const error: FormulaError = {
          code: '#REF!',
          message: `Array result was not expanded because it would overwrite data in ${conflict}.`,
        };
        return { value: error.code, error };
      }
      const { outcome } = anchor;
      if (outcome.kind === 'error') return { value: outcome.error.code, error: outcome.error };
      if (outcome.kind === 'array') return { value: outcome.values[0]?.[0] ?? '' };
      return { value: outcome.value };
    }
    const spilled = this.spills.get(sheet)?.get(key(row, column));
    if (spilled) return { value: spilled.value, spilledFrom: spilled.from };
    return { value: cell?.value ?? '' };
  }

  /** The last row and column that spilled values reach on a sheet (0 when none). */
  extent(sheet: SheetModel): { rows: number; columns: number } {
    let rows = 0;
    let columns = 0;
    for (const k of this.spills.get(sheet)?.keys() ?? []) {
      const [r, c] = k.split(':').map(Number) as [number, number];
      rows = Math.max(rows, r);
      columns = Math.max(columns, c);
    }
    return { rows, columns };
  }

  /** For SpreadsheetModel.formulaEvaluator: scripts reading a formula cell get its result. */
  readonly evaluator = (
    _formula: string,
    at: { sheet: string; row: number; column: number },
  ): unknown => {
    const sheet = this.model.sheetByName(at.sheet);
    return sheet ? this.valueAt(sheet, at.row, at.column) : '';
  };

  private formulaCells(): { sheet: SheetModel; row: number; column: number; formula: string }[] {
    const out: { sheet: SheetModel; row: number; column: number; formula: string }[] = [];
    for (const sheet of this.model.sheets) {
      sheet.rows.forEach((line, r) =>
        line?.forEach((cell, c) => {
          if (cell?.formula !== undefined) {
            out.push({ sheet, row: r + 1, column: c + 1, formula: cell.formula });
          }
        }),
      );
    }
    return out;
  }

  private computePass(): boolean {
    let changed = false;
    const live = new Map<SheetModel, Set<string>>();
    for (const { sheet, row, column, formula } of this.formulaCells()) {
      const k = key(row, column);
      live.set(sheet, (live.get(sheet) ?? new Set()).add(k));
      const anchors = this.anchors.get(sheet) ?? new Map<string, Anchor>();
      this.anchors.set(sheet, anchors);
      const prepared = formulaCall(this.model, sheet, formula, this.functions, (s, r, c) =>
        this.result(s, r, c),
      );
      const builtIn = 'error' in prepared ? this.builtIn(sheet, formula) : undefined;
      const signature =
        builtIn !== undefined
          ? signatureOf(formula, [builtIn])
          : 'error' in prepared
            ? signatureOf(formula, [prepared.error])
            : signatureOf(formula, prepared.args);
      if (anchors.get(k)?.signature === signature) continue;
      const outcome: Outcome =
        builtIn !== undefined ? { kind: 'value', value: builtIn } : this.execute(prepared);
      anchors.set(k, { formula, signature, outcome });
      changed = true;
    }
    for (const [sheet, anchors] of this.anchors) {
      for (const k of anchors.keys()) if (!live.get(sheet)?.has(k)) anchors.delete(k);
    }
    return changed;
  }

  /** A formula of the built-in subset (evaluate.ts), its value; undefined when outside it. */
  private builtIn(sheet: SheetModel, formula: string): unknown {
    try {
      const value = evaluate(parseFormula(formula), {
        timeZone: this.model.timeZone,
        now: this.now(),
        sheet,
        sheetByName: (name) => this.model.sheetByName(name),
        valueAt: (s, r, c) => this.valueAt(s, r, c),
        offset: { rows: 0, columns: 0 },
      });
      return value === null ? '' : Number.isNaN(value) ? undefined : value;
    } catch {
      return undefined;
    }
  }

  private execute(prepared: FormulaCall): Outcome {
    if ('error' in prepared) return { kind: 'error', error: prepared.error };
    this.executions += 1;
    try {
      const result = this.run(prepared.fn, prepared.args);
      const cell = (v: unknown) => cellValueOfReturned(v, this.model.timeZone, this.returnedDates);
      if (Array.isArray(result)) {
        const values = result.map((row) => (Array.isArray(row) ? row : [row]).map(cell));
        return { kind: 'array', values };
      }
      return { kind: 'value', value: cell(result ?? '') };
    } catch (e) {
      return { kind: 'error', error: { code: '#ERROR!', message: (e as Error).message } };
    }
  }

  /** Places array results; one that would overwrite a value shows #REF! instead (as Sheets). */
  private layout(): void {
    this.spills = new Map();
    this.conflicts = new Map();
    for (const [sheet, anchors] of this.anchors) {
      const spills = new Map<string, { value: unknown; from: string }>();
      const conflicts = new Map<string, string>();
      for (const [k, anchor] of anchors) {
        if (anchor.outcome.kind !== 'array') continue;
        const [row, column] = k.split(':').map(Number) as [number, number];
        const targets: [number, number, unknown][] = [];
        anchor.outcome.values.forEach((line, r) =>
          line.forEach((value, c) => {
            if (r > 0 || c > 0) targets.push([row + r, column + c, value]);
          }),
        );
        const blocked = targets.find(([r, c]) => {
          const cell = sheet.cell(r, c);
          return (
            (cell && (cell.value !== '' || cell.formula !== undefined)) || spills.has(key(r, c))
          );
        });
        if (blocked) {
          conflicts.set(k, a1(blocked[0], blocked[1]));
          continue;
        }
        const from = a1(row, column);
        for (const [r, c, value] of targets) spills.set(key(r, c), { value, from });
      }
      this.spills.set(sheet, spills);
      this.conflicts.set(sheet, conflicts);
    }
  }
}
