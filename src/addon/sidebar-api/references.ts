// The sidebar's References tab and "Open tracking page": the selected Tracking row, and editing
// the ref numbers of its container or shipment.

import { resourceDocument } from '../../api/jsonapi';
import { patchRefNumbers, recordsOf } from '../../api/resources';
import { AppError, userMessage } from '../../core/errors';
import { parseRow, splitRefNumbers, type RowInput } from '../../core/row-input';
import { readLayout, type SheetLayout } from '../../core/sheet-layout';
import { trackingLink } from '../../core/settings';
import { sentence } from '../../core/wording';
import { Execution } from '../../execution/execution';
import { observeNow, type Observation } from '../changes/change-pipeline';
import { recordSidebarRefs } from '../tracking-sheet/ref-sync';
import { TRACKING_SHEET } from '../sheets/sheet-names';
import { appsScriptClock } from '../../gas/clock';

export interface SelectedRow {
  row: number;
  number: string;
  kind: 'container' | 'shipment';
  link: string;
  refNumbers: string[] | null;
  /** Why the ref numbers could not be read (not tracked, service unavailable, …). */
  problem?: string;
}

/** Ref numbers as the sidebar shows them: texts only, whatever else the service sent. */
function refNumbersOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [];
}

/** The record, and what the change pipeline may learn from it when this run fetched it. */
function lookup(run: Execution, number: string, kind: 'container' | 'shipment') {
  const tracking = run.tracking();
  if (kind === 'container') {
    const a = tracking.containers([number]).get(number);
    if (!a || 'error' in a)
      throw a?.error ?? new AppError('not-found', `${number} is not tracked in this account.`);
    const fresh = a.fetchedAt >= run.startedAt;
    return {
      id: a.container.id,
      refNumbers: refNumbersOf(a.container.attributes.ref_numbers),
      // Only the container is fresh: its shipment may come from the cache, so it stays unknown.
      observed: fresh
        ? [{ kind: 'container' as const, container: a.container, shipment: undefined }]
        : [],
    };
  }
  const a = tracking.shipments([number]).get(number);
  if (!a || 'error' in a)
    throw a?.error ?? new AppError('not-found', `${number} is not tracked in this account.`);
  const fresh = a.fetchedAt >= run.startedAt;
  return {
    id: a.shipment.id,
    refNumbers: refNumbersOf(a.shipment.attributes.ref_numbers),
    observed: fresh ? [{ kind: 'shipment' as const, number, shipment: a.shipment }] : [],
  };
}

export function getSelectedRow(): SelectedRow | null {
  const ss = SpreadsheetApp.getActive();
  const sheet = ss.getActiveSheet();
  if (sheet.getName() !== TRACKING_SHEET) return null;
  const row = ss.getActiveRange()?.getRow() ?? 0;
  if (row < 2) return null;
  const width = sheet.getLastColumn();
  const header = sheet.getRange(1, 1, 1, width).getValues()[0] ?? [];
  const values = sheet.getRange(row, 1, 1, width).getValues()[0];
  const layout = readLayout(header);
  const col = layout.inputs;
  const get = (c: number | undefined) => (c == null || !values ? '' : values[c]);
  const parsed = parseRow(
    row - 1,
    get(col.Number),
    get(col.Type),
    get(col.SCAC),
    get(col['Ref Numbers']),
  );
  if (!parsed) return null;
  if (parsed.unusable)
    return {
      row,
      number: '',
      kind: parsed.kind,
      link: '',
      refNumbers: null,
      problem: parsed.problem,
    };
  const run = new Execution('sidebar');
  const base = {
    row,
    number: parsed.number,
    kind: parsed.kind,
    link: trackingLink(run.settings().appUrl, parsed.number),
  };
  try {
    const found = lookup(run, parsed.number, parsed.kind);
    // Fresh data from the service is news like any other (a cached answer is not).
    if (found.observed.length > 0)
      observeNow(ss, run, found.observed, 'sidebar', appsScriptClock.now());
    return { ...base, refNumbers: found.refNumbers };
  } catch (e) {
    return { ...base, refNumbers: null, problem: userMessage(e) };
  }
}

export function updateRefNumbers(input: { number: string; refNumbers: string[] | string }): {
  number: string;
  refNumbers: string[];
} {
  const parsed = parseRow(0, input?.number, '', '', '');
  if (!parsed) throw new AppError('input', 'Select a row with a number first.');
  if (parsed.unusable)
    throw new AppError('input', sentence(parsed.problem ?? 'The Number is not usable'));
  const refs = (
    Array.isArray(input.refNumbers)
      ? input.refNumbers.map(String)
      : splitRefNumbers(input.refNumbers)
  )
    .map((r) =>
      // Control characters (pasted line breaks, tabs) have no place in a reference number.
      [...r]
        .filter((ch) => ch.charCodeAt(0) >= 0x20)
        .join('')
        .trim(),
    )
    .filter((r) => r !== '');
  if (refs.length > 50 || refs.some((r) => r.length > 100)) {
    throw new AppError('input', 'Use at most 50 reference numbers of up to 100 characters each.');
  }
  const run = new Execution('sidebar');
  const { id, refNumbers: before } = lookup(run, parsed.number, parsed.kind);
  const doc = run.client().send(patchRefNumbers(parsed.kind, id, refs));
  const { containers, shipments } = recordsOf(resourceDocument(doc));
  run.store.write({ containers, shipments, asIs: true }); // cells and the sheet see them at once
  const saved =
    parsed.kind === 'container'
      ? containers[0]?.attributes.ref_numbers
      : shipments[0]?.attributes.ref_numbers;
  const result = Array.isArray(saved) ? refNumbersOf(saved) : refs;
  // The PATCH answered with the record as it is now: the pipeline sees it (ref numbers apart,
  // which the row above logs).
  const observed: Observation[] = containers[0]
    ? [{ kind: 'container', container: containers[0], shipment: undefined }]
    : shipments[0]
      ? [{ kind: 'shipment', number: parsed.number, shipment: shipments[0] }]
      : [];
  showInSheet(run, parsed.number, before, result, observed);
  return { number: parsed.number, refNumbers: result };
}

/**
 * The Tracking rows holding the number show the saved list, the last-synced copy matches it (so
 * the next refresh sees no change to send back) and the Change Log has the change.
 */
function showInSheet(
  run: Execution,
  number: string,
  before: string[],
  refs: string[],
  observed: Observation[],
): void {
  const now = appsScriptClock.now();
  const ss = SpreadsheetApp.getActive();
  const sheet = ss.getSheetByName(TRACKING_SHEET);
  let layout: SheetLayout | null = null;
  const rows: RowInput[] = [];
  if (sheet) {
    const values = sheet.getDataRange().getValues();
    try {
      layout = readLayout(values[0] ?? []);
    } catch {
      layout = null; // a broken header row: the refresh reports it; the copy is still kept
    }
    const col = layout?.inputs;
    for (let i = 1; col && i < values.length; i++) {
      const get = (c: number | undefined) => (c == null ? '' : values[i]![c]);
      const row = parseRow(i, get(col.Number), get(col.Type), '', '');
      if (row) rows.push(row);
    }
  }
  const logged = recordSidebarRefs(
    sheet,
    layout,
    rows,
    run.stores.state(),
    number,
    before,
    refs,
    now,
  );
  observeNow(ss, run, observed, 'sidebar', now, logged);
}
