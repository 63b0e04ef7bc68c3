// Appends rows to the Tracking sheet for numbers no row holds yet: below the last row, in the
// input columns (Number, SCAC, Type, Ref Numbers; whichever exist), one setValues per run of
// adjacent input columns, and the outputs when the caller already has the data (an import has
// the account's listing), one setValues per run of output columns. Existing rows are never moved,
// rewritten or deleted.

import { parseRow, type RowInput } from '../../core/row-input';
import type { RowOutputs } from '../../core/row-outputs';
import {
  INPUT_HEADERS,
  adjacentRuns,
  readLayout,
  type ColumnRun,
  type InputHeader,
  type SheetLayout,
} from '../../core/sheet-layout';
import { AppError } from '../../core/errors';
import { fitCellText } from '../../core/sheet-text';
import type { SharedLock } from '../../core/ports';
import { identifierKey } from '../../engine/record-store';
import { ensureRows } from '../sheets/ensure-rows';
import { writeOutputs } from '../sheets/rows-io';

export type NewRow = { Number: string } & Partial<Record<Exclude<InputHeader, 'Number'>, string>>;

export interface AppendOptions {
  /**
   * The shipment identifiers (BOL, booking, reference numbers) a new row's box belongs to: a
   * box whose shipment has a BOL or booking row in the sheet is covered by it and not added.
   */
  shipmentKeysOf?: (row: NewRow) => readonly string[];
  /** A new row's outputs, when known now (null: left for the next refresh). */
  outputsOf?: (row: RowInput) => RowOutputs | null;
}

/** Identifier keys of the sheet's BOL and booking rows. */
function shipmentKeysInSheet(values: readonly unknown[][], layout: SheetLayout): Set<string> {
  const col = layout.inputs;
  const keys = new Set<string>();
  for (let i = 1; i < values.length; i++) {
    const r = values[i]!;
    const get = (c: number | undefined) => (c == null ? '' : r[c]);
    const row = parseRow(i, get(col.Number), get(col.Type), '', '');
    if (row && !row.unusable && row.kind === 'shipment') keys.add(identifierKey(row.number));
  }
  return keys;
}

/** The normalised numbers the sheet's rows hold (as the refresh reads them). */
export function numbersInSheet(values: readonly unknown[][], layout: SheetLayout): Set<string> {
  const col = layout.inputs;
  const numbers = new Set<string>();
  for (let i = 1; i < values.length; i++) {
    const r = values[i]!;
    const get = (c: number | undefined) => (c == null ? '' : r[c]);
    const row = parseRow(i, get(col.Number), get(col.Type), '', '');
    if (row && !row.unusable) numbers.add(row.number);
  }
  return numbers;
}

/** The number as a row would read it, or null when it is no usable identifier. */
function rowNumber(row: NewRow): string | null {
  const parsed = parseRow(0, row.Number, row.Type ?? '', '', '');
  return parsed && !parsed.unusable ? parsed.number : null;
}

/**
 * Writes texts into input cells as plain text: the cells are formatted as text first, so a number
 * like `00123` or `=X` stays what it is. (A leading apostrophe would do for a cell in the default
 * format, but a cell already formatted as text, as set-up makes input columns, keeps it.)
 */
export function writeInputTexts(
  range: GoogleAppsScript.Spreadsheet.Range,
  texts: string[][],
): void {
  range.setNumberFormat('@').setValues(texts.map((row) => row.map((t) => fitCellText(t))));
}

/** Runs of adjacent input columns present in the sheet. */
function inputRuns(layout: SheetLayout): ColumnRun<InputHeader>[] {
  return adjacentRuns(
    INPUT_HEADERS.filter((h) => layout.inputs[h] != null).map(
      (h) => [h, layout.inputs[h]!] as const,
    ),
  );
}

/** How long an append waits for another run's append (reads and writes take a second or two). */
const APPEND_LOCK_WAIT_MS = 10_000;

/**
 * Appends the rows whose number the sheet does not hold yet (nor an earlier row of `rows`), and
 * returns the numbers added. Under the document lock, reading the sheet afresh: two runs
 * appending at once (the sidebar and a refresh's autoImport) would otherwise both pick the same
 * first empty row, and one would overwrite the other's rows.
 */
export function appendNewRows(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  rows: readonly NewRow[],
  lock: SharedLock,
  options: AppendOptions = {},
): string[] {
  if (rows.length === 0) return [];
  if (!lock.tryLock(APPEND_LOCK_WAIT_MS)) {
    throw new AppError(
      'busy',
      'Another run is adding rows to the Tracking sheet. Try again in a moment.',
    );
  }
  try {
    const added = appendUnlocked(sheet, rows, options);
    // Pending writes are applied before the lock goes, so the next run reads them (the
    // LockService guide's advice for spreadsheet writes under a lock).
    SpreadsheetApp.flush();
    return added;
  } finally {
    lock.release();
  }
}

function appendUnlocked(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  rows: readonly NewRow[],
  options: AppendOptions,
): string[] {
  const values = sheet.getDataRange().getValues();
  const layout = readLayout(values[0] ?? []);
  const present = numbersInSheet(values, layout);
  const shipmentRows = options.shipmentKeysOf ? shipmentKeysInSheet(values, layout) : new Set();
  const covered = (row: NewRow) =>
    (options.shipmentKeysOf?.(row) ?? []).some((key) => shipmentRows.has(key));
  const fresh: NewRow[] = [];
  const added: string[] = [];
  for (const row of rows) {
    const number = rowNumber(row);
    if (number == null || present.has(number) || covered(row)) continue;
    present.add(number);
    fresh.push({ ...row, Number: number });
    added.push(number);
  }
  if (fresh.length === 0) return added;
  const firstRow = Math.max(sheet.getLastRow(), values.length) + 1;
  ensureRows(sheet, firstRow + fresh.length - 1);
  for (const run of inputRuns(layout)) {
    // Literal text: a number from the service or a ref number never becomes a formula or a date.
    const block = fresh.map((row) => run.headers.map((h) => row[h] ?? ''));
    writeInputTexts(
      sheet.getRange(firstRow, run.start + 1, block.length, run.headers.length),
      block,
    );
  }
  if (options.outputsOf) fillOutputs(sheet, layout, firstRow, fresh, options.outputsOf);
  return added;
}

/** The new rows' outputs, written like a refresh writes them (one block per run of columns). */
function fillOutputs(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  layout: SheetLayout,
  firstRow: number,
  fresh: readonly NewRow[],
  outputsOf: (row: RowInput) => RowOutputs | null,
): void {
  const rows: RowInput[] = [];
  const updates = new Map<number, RowOutputs>();
  fresh.forEach((row, k) => {
    const parsed = parseRow(firstRow - 1 + k, row.Number, row.Type ?? '', '', '');
    const outputs = parsed && !parsed.unusable ? outputsOf(parsed) : null;
    if (!parsed || !outputs) return;
    rows.push(parsed);
    updates.set(parsed.index, outputs);
  });
  if (rows.length === 0) return;
  // The new rows' output cells are empty: what writeOutputs keeps of them is blank.
  const blank: unknown[][] = [];
  for (const row of rows) blank[row.index] = Array.from({ length: layout.width }, () => '');
  writeOutputs(sheet, blank, layout, rows, updates);
}
