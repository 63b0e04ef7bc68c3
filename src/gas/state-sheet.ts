// The add-on's spreadsheet state in the spreadsheet itself (docs/reference.md#one-state): the
// refresh's lease, the request ledger, the account's sizes and cursor, ref-number fingerprints,
// the Change Log's row marker and the alert queue (with the alerts it remembers). An add-on's
// time-driven run may have no document (getDocumentProperties() is then null), while the sidebar,
// the menu and Refresh now always have one: kept in document properties, one spreadsheet's state
// would be in two places (the scheduled run's in its owner's user properties), and the sidebar
// would not see the digest a scheduled run sent. Every run can open the spreadsheet, so the state
// lives in a hidden sheet of it, one key a row (`Key`, `Value`). Settings, the key among them,
// stay in document properties: a sheet is readable by every editor.
//
// Rows keep their places: a value is written in its row, a removed key's row is blanked, new keys
// go below, so two writers of different keys never overwrite each other. A repeated key (two runs
// appending it at once) reads as its first row. Bounded by what the callers store (the same
// limits as in properties); blank rows are compacted once they are most of the sheet.

import type { DurableStore } from '../core/ports';
import { PRODUCT_NAME } from '../core/product';
import { safeCell } from '../core/sheet-text';

export const STATE_STORE_SHEET = 'Container Tracking state';
const HEADER = ['Key', 'Value'];
/** Compact when this many rows are blank and they are most of the sheet. */
const COMPACT_AT = 200;

/** State keys an earlier version kept in document properties (moved once, then deleted there). */
const STATE_KEYS = [
  'CT_REFRESH_LEASE',
  'CT_TR:',
  'CT_REFS:',
  'CT_SYNC_SIZES',
  'CT_SYNC_CURSOR',
  'CT_CHANGE_ROWS',
  'CT_ALERTS:',
];
export const isStateKey = (key: string) => STATE_KEYS.some((k) => key.startsWith(k));

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

interface Loaded {
  sheet: Sheet | null;
  /** Each key's row (1-based); the first row holding it. */
  rows: Map<string, number>;
  values: Map<string, string>;
  /** Rows in use, header included. */
  used: number;
  blank: number;
}

function load(sheet: Sheet | null): Loaded {
  const loaded: Loaded = { sheet, rows: new Map(), values: new Map(), used: 1, blank: 0 };
  if (!sheet) return loaded;
  const grid = sheet.getDataRange().getValues();
  loaded.used = Math.max(1, grid.length);
  grid.slice(1).forEach((line, i) => {
    const key = String(line[0] ?? '');
    if (key === '') {
      loaded.blank += 1;
      return;
    }
    if (loaded.rows.has(key)) return;
    loaded.rows.set(key, i + 2);
    const value = String(line[1] ?? '');
    if (value !== '') loaded.values.set(key, value);
  });
  return loaded;
}

function create(ss: GoogleAppsScript.Spreadsheet.Spreadsheet): Sheet {
  // insertSheet activates the new sheet: the person's sheet is activated back.
  const active = ss.getActiveSheet();
  const sheet = ss.insertSheet(STATE_STORE_SHEET);
  sheet.getRange(1, 1, 1, 2).setValues([HEADER]);
  sheet.hideSheet();
  // Warning only: the add-in (as any editor) keeps writing it; a person is warned before editing.
  sheet
    .protect()
    .setDescription(`${PRODUCT_NAME}: the refresh's and the alerts' own bookkeeping.`)
    .setWarningOnly(true);
  active?.activate();
  return sheet;
}

function growTo(sheet: Sheet, lastRow: number): void {
  const max = sheet.getMaxRows();
  if (lastRow > max) sheet.insertRowsAfter(max, lastRow - max);
}

/** Writes `rows` (row number → [key, value]) in one setValues per run of consecutive rows. */
function writeRows(sheet: Sheet, rows: Map<number, [string, string]>): void {
  const numbers = [...rows.keys()].sort((a, b) => a - b);
  let start = 0;
  while (start < numbers.length) {
    let end = start;
    while (end + 1 < numbers.length && numbers[end + 1] === numbers[end]! + 1) end += 1;
    const block = numbers.slice(start, end + 1).map((n) => rows.get(n)!.map(safeCell));
    sheet.getRange(numbers[start]!, 1, block.length, 2).setValues(block);
    start = end + 1;
  }
}

/** Rewrites every key in order from row 2 and clears what is left below. */
function compact(sheet: Sheet, values: Map<string, string>, used: number): void {
  const lines = [...values].map(([k, v]) => [k, v] as [string, string]);
  growTo(sheet, lines.length + 1);
  if (lines.length > 0)
    sheet.getRange(2, 1, lines.length, 2).setValues(lines.map((l) => l.map(safeCell)));
  const left = used - 1 - lines.length;
  if (left > 0) sheet.getRange(lines.length + 2, 1, left, 2).clearContent();
}

/**
 * The spreadsheet's state as a durable store; `spreadsheet` is asked for only when first used.
 * getAll() always reads the sheet (the lease must be seen fresh). setAll() reuses this
 * execution's last reading when every key it writes already has a row (rows never move, except
 * when compacting), and reads again when a key is new, so a key another run just appended is
 * written in its row, not appended twice.
 */
export function sheetStateStore(
  spreadsheet: () => GoogleAppsScript.Spreadsheet.Spreadsheet,
): DurableStore {
  let last: Loaded | null = null;
  // The sheet is looked up once per execution (each lookup is a service call), then reused.
  let sheet: Sheet | null = null;
  const read = () => (last = load((sheet ??= spreadsheet().getSheetByName(STATE_STORE_SHEET))));
  return {
    getAll: () => Object.fromEntries(read().values),
    setAll: (values) => {
      const entries = Object.entries(values);
      const loaded =
        last && last.sheet && entries.every(([k]) => last!.rows.has(k)) ? last : read();
      const target = loaded.sheet ?? (loaded.sheet = sheet = create(spreadsheet()));
      const writes = new Map<number, [string, string]>();
      for (const [key, value] of entries) {
        if (loaded.values.get(key) === value) continue;
        let row = loaded.rows.get(key);
        if (row === undefined) {
          row = ++loaded.used;
          loaded.rows.set(key, row);
        }
        writes.set(row, [key, value]);
        loaded.values.set(key, value);
      }
      if (writes.size === 0) return;
      if (loaded.blank >= COMPACT_AT && loaded.blank * 2 > loaded.used) {
        compact(target, loaded.values, loaded.used);
        last = null;
        return;
      }
      growTo(target, loaded.used);
      writeRows(target, writes);
    },
    remove: (key) => {
      const loaded = last && last.rows.has(key) ? last : read();
      const row = loaded.rows.get(key);
      if (!loaded.sheet || row === undefined) return;
      loaded.sheet.getRange(row, 1, 1, 2).clearContent();
      loaded.rows.delete(key);
      loaded.values.delete(key);
      loaded.blank += 1;
    },
  };
}

/**
 * The active spreadsheet's state store. The first time (no state sheet yet), the state an earlier
 * version kept in document properties moves into it; settings and the rest stay where they are.
 */
export function documentStateStore(
  spreadsheet: () => GoogleAppsScript.Spreadsheet.Spreadsheet,
  documentProperties: () => DurableStore,
): DurableStore {
  const store = sheetStateStore(spreadsheet);
  if (!spreadsheet().getSheetByName(STATE_STORE_SHEET)) moveState(documentProperties(), store);
  return store;
}

function moveState(from: DurableStore, to: DurableStore): void {
  const old = Object.fromEntries(Object.entries(from.getAll()).filter(([k]) => isStateKey(k)));
  if (Object.keys(old).length === 0) return;
  to.setAll(old);
  for (const key of Object.keys(old)) from.remove(key);
}
