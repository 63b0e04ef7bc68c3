// The Tracking sheet's columns, found by header text so users can reorder them and add their own.

import { AppError } from './errors';
import { PRODUCT_NAME } from './product';

/**
 * `Contract` is optional: the user's service-contract or customer reference, matched against the
 * Free Time rows' own `Contract` (set-up does not add it; a sheet without it works as before).
 */
export const INPUT_HEADERS = ['Number', 'SCAC', 'Type', 'Ref Numbers', 'Contract'] as const;
export const OUTPUT_HEADERS = [
  'Attention',
  'Status',
  'Ready',
  'LFD',
  'LFD Source',
  'Holds',
  'Terminal',
  'Fees',
  'Vessel',
  'POD',
  'ETA',
  'ATA',
  'Appointment',
  'Picked Up',
  'Empty Returned',
  'Last Checked',
  'Tracking',
  'Updated',
  'Link',
  // Money at risk (core/money-outputs.ts, MONEY_HEADERS).
  'Demurrage',
  'Detention',
  'Return By',
  'Cost Tomorrow',
] as const;

export type InputHeader = (typeof INPUT_HEADERS)[number];
export type OutputHeader = (typeof OUTPUT_HEADERS)[number];

export interface SheetLayout {
  /** 0-based column index of each header present. */
  inputs: Partial<Record<InputHeader, number>>;
  outputs: Partial<Record<OutputHeader, number>>;
  width: number;
}

const normalize = (h: unknown) =>
  String(h ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

/**
 * Reads the header row. Ambiguity is reported, never guessed at: two columns with one of our
 * names would mean writing into the wrong one.
 */
export function readLayout(headerRow: readonly unknown[]): SheetLayout {
  const known = new Map<string, InputHeader | OutputHeader>();
  for (const h of [...INPUT_HEADERS, ...OUTPUT_HEADERS]) known.set(normalize(h), h);
  const found = new Map<InputHeader | OutputHeader, number[]>();
  headerRow.forEach((cell, index) => {
    const name = known.get(normalize(cell));
    if (name) found.set(name, [...(found.get(name) ?? []), index]);
  });
  const duplicates = [...found].filter(([, at]) => at.length > 1);
  if (duplicates.length > 0) {
    const list = duplicates
      .map(([name, at]) => `"${name}" (columns ${at.map(columnLetter).join(', ')})`)
      .join('; ');
    throw new AppError(
      'input',
      `The Tracking sheet has duplicate headers: ${list}. Rename or delete the extra column so each header appears once.`,
    );
  }
  if (!found.has('Number')) {
    throw new AppError(
      'input',
      `The Tracking sheet has no "Number" header in row 1. Run Extensions → ${PRODUCT_NAME} → Set up Tracking sheet to repair the headers.`,
    );
  }
  const layout: SheetLayout = { inputs: {}, outputs: {}, width: headerRow.length };
  for (const [name, [index]] of found) {
    if ((INPUT_HEADERS as readonly string[]).includes(name))
      layout.inputs[name as InputHeader] = index;
    else layout.outputs[name as OutputHeader] = index;
  }
  return layout;
}

/** How the add-in shows a calendar day in a cell (LFD, Return By, Pull List, evidence, LFD()). */
export const SHEET_DATE_FORMAT = 'yyyy-mm-dd';

export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Runs of adjacent output columns, so each run is written with one setValues call. */
/** Columns side by side, each run written in one call. */
export interface ColumnRun<H extends string> {
  start: number;
  headers: H[];
}

/** Groups columns (header, index) into runs of adjacent indexes, left to right. */
export function adjacentRuns<H extends string>(
  columns: readonly (readonly [H, number])[],
): ColumnRun<H>[] {
  const runs: ColumnRun<H>[] = [];
  for (const [name, index] of [...columns].sort((a, b) => a[1] - b[1])) {
    const last = runs[runs.length - 1];
    if (last && last.start + last.headers.length === index) last.headers.push(name);
    else runs.push({ start: index, headers: [name] });
  }
  return runs;
}

export function outputRuns(layout: SheetLayout): ColumnRun<OutputHeader>[] {
  return adjacentRuns(Object.entries(layout.outputs) as [OutputHeader, number][]);
}
