// The refresh's ref-number step and the sidebar's: applies engine/ref-number-sync.ts decisions to
// the Tracking sheet's `Ref Numbers` cells, the service (PATCH), the last-synced store and the
// Change Log.

import type { ApiClient } from '../../api/client';
import { resourceDocument } from '../../api/jsonapi';
import { patchRefNumbers, recordsOf } from '../../api/resources';
import { toAppError, type AppError } from '../../core/errors';
import type { ContainerRecord, ShipmentRecord } from '../../core/model';
import type { RowInput } from '../../core/row-input';
import type { SheetLayout } from '../../core/sheet-layout';
import { isApiError } from '../../engine/record-collector';
import type { RecordStore } from '../../engine/record-store';
import type { DurableStore } from '../../core/ports';
import {
  RefSyncStore,
  decideRefs,
  normalizeRefs,
  refsDigest,
  type RefDecision,
} from '../../engine/ref-number-sync';
import { writeInputTexts } from './append';
import type { Change, ChangeSource } from '../changes/change-log';

/** A decision that changes something. */
type RefUpdate = Exclude<RefDecision, { action: 'none' }>;

/** PATCHes one run may send; the rest keep their state and go at the next refresh. */
const MAX_PATCHES_PER_RUN = 50;

export interface ServiceRefs {
  kind: 'container' | 'shipment';
  id: string;
  refs: string[];
}

export function refsOf(record: ContainerRecord | ShipmentRecord): string[] {
  const value = record.attributes.ref_numbers;
  return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [];
}

export interface RefSyncResult {
  requests: number;
  failure: AppError | null;
}

const cellText = (refs: readonly string[]) => refs.join(', ');

/**
 * Writes `Ref Numbers` cells in as few blocks as it safely can. `current` (the refresh's read of the
 * sheet) lets a block run on through rows between changed ones whose cell is blank and holds no
 * formula (one getFormulas of the span says which): writing "" there changes nothing, while a
 * first sync that fills scattered rows would otherwise cost a write per row.
 */
function writeCells(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  col: number,
  cells: Map<number, string[]>,
  current?: (rowIndex: number) => unknown,
): void {
  const indexes = [...cells.keys()].sort((a, b) => a - b);
  if (indexes.length === 0) return;
  const first = indexes[0]!;
  const last = indexes[indexes.length - 1]!;
  const gaps = last - first + 1 > indexes.length;
  const formulas =
    current && gaps ? sheet.getRange(first + 1, col + 1, last - first + 1, 1).getFormulas() : null;
  const bridgeable = (i: number) =>
    formulas != null && String(current!(i) ?? '') === '' && (formulas[i - first]?.[0] ?? '') === '';
  let start = 0;
  while (start < indexes.length) {
    let end = start;
    for (;;) {
      const next = indexes[end + 1];
      if (next === undefined) break;
      let reachable = true;
      for (let i = indexes[end]! + 1; i < next && reachable; i++) reachable = bridgeable(i);
      if (!reachable) break;
      end++;
    }
    const from = indexes[start]!;
    const to = indexes[end]!;
    const block: string[][] = [];
    for (let i = from; i <= to; i++) {
      const refs = cells.get(i);
      block.push([refs ? cellText(refs) : '']);
    }
    writeInputTexts(sheet.getRange(from + 1, col + 1, block.length, 1), block);
    start = end + 1;
  }
}

function changeRow(
  number: string,
  decision: RefUpdate,
  sheetRefs: string[],
  serviceRefs: string[],
  time: Date,
  source: ChangeSource,
): Change {
  if (decision.action === 'union') {
    return {
      time,
      number,
      field: 'ref_numbers (conflict: both changed, kept all)',
      old: `sheet: ${cellText(sheetRefs)}; service: ${cellText(serviceRefs)}`,
      new: cellText(decision.refs),
      source,
    };
  }
  const old = decision.action === 'to-service' ? serviceRefs : sheetRefs;
  return {
    time,
    number,
    field: 'ref_numbers',
    old: cellText(old),
    new: cellText(decision.refs),
    source,
  };
}

export interface RefSyncInput {
  sheet: GoogleAppsScript.Spreadsheet.Sheet;
  layout: SheetLayout;
  rows: readonly RowInput[];
  /** The service's record for a row, when this run has it. */
  serviceRefs: (row: RowInput) => ServiceRefs | null;
  client: ApiClient;
  props: DurableStore;
  store: RecordStore;
  now: number;
  /** The refresh's read of a row's `Ref Numbers` cell (by sheet row index), to bridge gaps. */
  currentCell?: (rowIndex: number) => unknown;
  /** Where the Change Log rows go: the run's change pipeline, for its one append. */
  log: (changes: readonly Change[]) => void;
}

/** The refresh's step: every row whose record this run has is brought in step with it. */
export function syncRefNumbers(input: RefSyncInput): RefSyncResult {
  const col = input.layout.inputs['Ref Numbers'];
  if (col == null) return { requests: 0, failure: null };
  const baseStore = new RefSyncStore(input.props);
  const previous = baseStore.load();
  const digests = new Map(previous);
  const cells = new Map<number, string[]>();
  const patches: {
    number: string;
    row: RowInput;
    target: ServiceRefs;
    decision: RefUpdate;
    sheetRefs: string[];
  }[] = [];
  const changes: Change[] = [];
  const time = new Date(input.now);
  const seen = new Set<string>();
  for (const row of input.rows) {
    if (row.unusable || seen.has(row.number)) continue;
    seen.add(row.number);
    const target = input.serviceRefs(row);
    if (!target) continue;
    const sheetRefs = normalizeRefs(row.refNumbers);
    const serviceRefs = normalizeRefs(target.refs);
    const decision = decideRefs(sheetRefs, serviceRefs, previous.get(row.number) ?? null);
    if (decision.action === 'none') {
      digests.set(row.number, refsDigest(serviceRefs));
      continue;
    }
    if (decision.action === 'to-sheet' || decision.action === 'union') {
      cells.set(row.index, decision.refs);
    }
    if (decision.action === 'to-sheet') {
      digests.set(row.number, refsDigest(decision.refs));
      if (previous.has(row.number)) {
        changes.push(changeRow(row.number, decision, sheetRefs, serviceRefs, time, 'refresh'));
      }
    } else if (patches.length < MAX_PATCHES_PER_RUN) {
      patches.push({ number: row.number, row, target, decision, sheetRefs });
    }
  }

  let failure: AppError | null = null;
  const saved: { containers: ContainerRecord[]; shipments: ShipmentRecord[] } = {
    containers: [],
    shipments: [],
  };
  const results =
    patches.length === 0
      ? []
      : input.client.sendAll(
          patches.map((p) => patchRefNumbers(p.target.kind, p.target.id, p.decision.refs)),
        );
  results.forEach((result, i) => {
    const p = patches[i]!;
    const refs = p.decision.refs;
    if (isApiError(result)) {
      // The copy stays as it was: the next refresh sees the same difference and tries again.
      failure ??= result;
      return;
    }
    try {
      const records = recordsOf(resourceDocument(result));
      saved.containers.push(...records.containers);
      saved.shipments.push(...records.shipments);
    } catch (e) {
      failure ??= toAppError(e);
    }
    digests.set(p.number, refsDigest(refs));
    // A first sync that only fills an empty side is no change anyone made; a union always is.
    if (p.decision.action === 'to-service' && !previous.has(p.number)) return;
    changes.push(
      changeRow(p.number, p.decision, p.sheetRefs, normalizeRefs(p.target.refs), time, 'refresh'),
    );
  });

  writeCells(input.sheet, col, cells, input.currentCell);
  if (saved.containers.length + saved.shipments.length > 0)
    input.store.write({ ...saved, asIs: true });
  baseStore.save(previous, digests, new Set(input.rows.map((r) => r.number)));
  input.log(changes);
  return { requests: results.length, failure };
}

/**
 * After the sidebar saved `refs` for `number` on the service: the rows holding the number show
 * them and the copy says they are in step. Returns the Change Log row, for the change pipeline.
 */
export function recordSidebarRefs(
  sheet: GoogleAppsScript.Spreadsheet.Sheet | null,
  layout: SheetLayout | null,
  rows: readonly RowInput[],
  props: DurableStore,
  number: string,
  before: string[],
  refs: string[],
  now: number,
): Change[] {
  const col = layout?.inputs['Ref Numbers'];
  if (sheet && col != null) {
    const cells = new Map<number, string[]>();
    for (const r of rows) if (!r.unusable && r.number === number) cells.set(r.index, refs);
    writeCells(sheet, col, cells);
  }
  const baseStore = new RefSyncStore(props);
  const previous = baseStore.load();
  const digests = new Map(previous).set(number, refsDigest(refs));
  baseStore.save(previous, digests);
  if (refsDigest(before) === refsDigest(refs)) return [];
  return [
    {
      time: new Date(now),
      number,
      field: 'ref_numbers',
      old: cellText(before),
      new: cellText(refs),
      source: 'sidebar',
    },
  ];
}
