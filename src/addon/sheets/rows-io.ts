// The Tracking sheet's rows as one refresh reads and writes them: parsed once from a single read,
// written back one block per contiguous run of numbered rows and owned output columns.

import type { RowInput } from '../../core/row-input';
import { parseRow } from '../../core/row-input';
import type { RowOutputs } from '../../core/row-outputs';
import { outputRuns, type SheetLayout } from '../../core/sheet-layout';
import { safeCell } from '../../core/sheet-text';

export type Row = unknown[];

/**
 * The rows that are ours: a Number holding text or a number. A Number cell that is blank,
 * TRUE/FALSE or a date is no row of ours (docs/reference.md#rows): nothing is written in it, so what a person
 * typed in its other cells stays. (A cell showing an error, #N/A, is text: that row says so.)
 */
export function readRows(values: Row[], layout: SheetLayout): RowInput[] {
  const col = layout.inputs;
  const rows: RowInput[] = [];
  for (let i = 1; i < values.length; i++) {
    const r = values[i]!;
    const get = (c: number | undefined) => (c == null ? '' : r[c]);
    const number = get(col.Number);
    const row = parseRow(
      i,
      number,
      get(col.Type),
      get(col.SCAC),
      get(col['Ref Numbers']),
      get(col.Contract),
    );
    if (row && !(row.unusable && typeof number !== 'string')) rows.push(row);
  }
  return rows;
}

/** Contiguous runs of rows that have a Number: rows without one are never written. */
function rowSegments(rows: RowInput[]): { from: number; to: number }[] {
  const segments: { from: number; to: number }[] = [];
  for (const r of rows) {
    const last = segments[segments.length - 1];
    if (last && last.to === r.index - 1) last.to = r.index;
    else segments.push({ from: r.index, to: r.index });
  }
  return segments;
}

export function writeOutputs(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  values: Row[],
  layout: SheetLayout,
  rows: RowInput[],
  updates: Map<number, RowOutputs>,
): number {
  let writes = 0;
  const runs = outputRuns(layout);
  for (const seg of rowSegments(rows)) {
    if (![...updates.keys()].some((i) => i >= seg.from && i <= seg.to)) continue;
    for (const run of runs) {
      const block: unknown[][] = [];
      for (let i = seg.from; i <= seg.to; i++) {
        const update = updates.get(i);
        block.push(
          run.headers.map((h, k) => {
            const value = update && h in update ? update[h] : values[i]![run.start + k];
            // Existing text is re-written too: it must stay text, whatever it looks like.
            return safeCell(value ?? '');
          }),
        );
      }
      sheet
        .getRange(seg.from + 1, run.start + 1, block.length, run.headers.length)
        .setValues(block);
      writes++;
    }
  }
  return writes;
}
