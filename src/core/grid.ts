// Custom functions take one value or a range. A range answers with a grid of the same shape:
// blank in → blank out, and a bad cell carries its own `#message` while the others get values.

import { redact } from './redact';
import { isBlank } from './cell-input';
import { AppError, toAppError } from './errors';
import type { CellValue } from './fields';

export type Grid<T> = T[][];

export function isRange(value: unknown): value is unknown[][] {
  return Array.isArray(value) && value.every((row) => Array.isArray(row));
}

/** Cells as a grid whether the formula got one value or a range (Sheets passes 1-cell ranges as values). */
export function asGrid(value: unknown): Grid<unknown> {
  if (isRange(value)) return value.map((row) => [...row]);
  if (Array.isArray(value)) return [[...value]];
  return [[value]];
}

/** The per-cell result of a lookup: a value, or an error for that cell only. */
export type CellResult = { value: CellValue } | { error: AppError };

export function cellError(error: unknown): CellResult {
  return { error: toAppError(error) };
}

/**
 * Shapes results like the input. A single value returns its value or throws its error (Sheets
 * shows #ERROR! with the message on hover); a range writes `#message` into the failing cells.
 */
export function shapeOutput(
  input: unknown,
  results: Grid<CellResult | null>,
): CellValue | Grid<CellValue> {
  if (!isRange(input) && !Array.isArray(input)) {
    const only = results[0]?.[0] ?? null;
    if (only == null) return '';
    if ('error' in only) throw new Error(redact(only.error.message));
    return only.value;
  }
  return results.map((row) =>
    row.map((r) => {
      if (r == null) return '';
      return 'error' in r ? `#${redact(r.error.message)}` : r.value;
    }),
  );
}

/** Blank cells stay blank without any work. */
export function mapCells<T>(grid: Grid<unknown>, fn: (value: unknown) => T): Grid<T | null> {
  return grid.map((row) => row.map((v) => (isBlank(v) ? null : fn(v))));
}
