// What the add-in last knew of each record (container, BOL/booking, tracking request): the
// change pipeline's baseline, kept in a hidden sheet `Change Log state`, one row per number:
// `Number`, `Seen` (last observed, ISO), `Values` (the snapshot as JSON), `Alerted` (the state
// alerts already raised for it, JSON).
//
// Why a sheet and not PropertiesService: a snapshot is ~0.3–0.6 KB of text (the Change Log's
// `Old` needs the text, a digest would not do), so 10,000 containers are 3–6 MB: ten times the
// 500 KB properties store, which the settings, the request ledger and the ref-number copies
// already share. A sheet holds it in ~40,000 cells of the spreadsheet's 10 M, survives cache
// eviction, and costs one read and at most one write per run whatever the number of records
// (properties would need a call per 9 KB value). The sheet is hidden; a person can still delete
// it or rows of it, so the pipeline checks its row count against a small marker in properties
// (change-pipeline.ts): a lost baseline is rebuilt silently, never read as a flood of changes.
//
// Bounded: records not observed for RETIRE_AFTER_MS go, and past MAX_RECORDS the least recently
// seen.

import { safeCell } from '../../core/sheet-text';
import type { Snapshot } from '../../core/change-snapshot';
import { ensureRows } from '../sheets/ensure-rows';
import { PRODUCT_NAME } from '../../core/product';

export const STATE_SHEET = 'Change Log state';
const HEADERS = ['Number', 'Seen', 'Values', 'Alerted'];
export const MAX_RECORDS = 20_000;
export const RETIRE_AFTER_MS = 60 * 86_400_000;

export interface KnownRecord {
  number: string;
  seen: number;
  snapshot: Snapshot;
  alerted: string[];
}

export interface StateRead {
  records: Map<string, KnownRecord>;
  /** Rows below the header (0 when the sheet is missing). */
  rows: number;
  exists: boolean;
  /** Blank or repeated rows (a person's edit): the next write rewrites the whole list. */
  irregular: boolean;
}

function parseJson<T>(raw: unknown, fallback: T): T {
  try {
    const v = JSON.parse(String(raw ?? '')) as unknown;
    return v && typeof v === 'object' ? (v as T) : fallback;
  } catch {
    return fallback;
  }
}

export function readState(ss: GoogleAppsScript.Spreadsheet.Spreadsheet): StateRead {
  const sheet = ss.getSheetByName(STATE_SHEET);
  const records = new Map<string, KnownRecord>();
  if (!sheet) return { records, rows: 0, exists: false, irregular: false };
  const values = sheet.getDataRange().getValues();
  for (const row of values.slice(1)) {
    const number = String(row[0] ?? '').trim();
    if (number === '') continue;
    const seen = Date.parse(String(row[1] ?? ''));
    const snapshot = parseJson<Snapshot>(row[2], {});
    const alerted = parseJson<unknown[]>(row[3], []);
    records.set(number, {
      number,
      seen: Number.isNaN(seen) ? 0 : seen,
      snapshot,
      alerted: Array.isArray(alerted) ? alerted.map(String) : [],
    });
  }
  const rows = Math.max(values.length - 1, 0);
  return { records, rows, exists: true, irregular: rows !== records.size };
}

function stateSheet(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
): GoogleAppsScript.Spreadsheet.Sheet {
  const existing = ss.getSheetByName(STATE_SHEET);
  if (existing) return existing;
  // insertSheet activates the new sheet: the person's sheet is activated back.
  const active = ss.getActiveSheet();
  const sheet = ss.insertSheet(STATE_SHEET);
  sheet.hideSheet();
  // Warning only: the add-in (as any editor) keeps writing it; a person is warned before editing.
  sheet
    .protect()
    .setDescription(`${PRODUCT_NAME}: what the add-in last knew (for the Change Log and alerts).`)
    .setWarningOnly(true);
  active?.activate();
  return sheet;
}

const asRow = (r: KnownRecord): unknown[] => [
  safeCell(r.number),
  // As text: Sheets would read an ISO date-time as a date and hand back a Date in its own zone.
  safeCell(new Date(r.seen).toISOString()),
  safeCell(JSON.stringify(r.snapshot)),
  safeCell(JSON.stringify(r.alerted)),
];

/** The records to keep: the recently seen, at most MAX_RECORDS of them. */
export function retained(records: Iterable<KnownRecord>, now: number): KnownRecord[] {
  const live = [...records].filter((r) => now - r.seen <= RETIRE_AFTER_MS);
  if (live.length <= MAX_RECORDS) return live;
  const newest = new Set([...live].sort((a, b) => b.seen - a.seen).slice(0, MAX_RECORDS));
  return live.filter((r) => newest.has(r));
}

/**
 * Writes the records in one setValues: `changed` rows in place and new ones below. When a record
 * retires, the whole list is rewritten (still one write) and the rows left over are cleared.
 * Returns the number of rows the sheet holds now.
 */
export function writeState(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  read: StateRead,
  next: Map<string, KnownRecord>,
  changed: ReadonlySet<string>,
  now: number,
): number {
  const kept = retained(next.values(), now);
  const keptNumbers = new Set(kept.map((r) => r.number));
  const retiring = read.irregular || [...read.records.keys()].some((n) => !keptNumbers.has(n));
  if (!retiring && changed.size === 0) return read.rows;
  const sheet = stateSheet(ss);
  // Existing rows keep their places; new numbers go below.
  const order = [...read.records.keys()].filter((n) => keptNumbers.has(n));
  const known = new Set(order);
  for (const r of kept) if (!known.has(r.number)) order.push(r.number);
  const byNumber = new Map(kept.map((r) => [r.number, r]));
  let first = 0;
  let last = order.length - 1;
  if (!retiring) {
    first = order.findIndex((n) => changed.has(n));
    last = order.length - 1 - [...order].reverse().findIndex((n) => changed.has(n));
  }
  if (first >= 0 && last >= first) {
    ensureRows(sheet, last + 2);
    const block = order.slice(first, last + 1).map((n) => asRow(byNumber.get(n)!));
    // A new sheet gets its header row in the same write.
    const from = read.exists ? first + 2 : 1;
    if (!read.exists) block.unshift(HEADERS);
    sheet.getRange(from, 1, block.length, HEADERS.length).setValues(block);
  }
  if (retiring && read.rows > order.length) {
    sheet.getRange(order.length + 2, 1, read.rows - order.length, HEADERS.length).clearContent();
  }
  return order.length;
}
