// refreshTrackingSheet(): one read of the sheet, fresh data for every row at the lowest request
// cost, tracking requests for new rows, and one write per block of owned columns. A failure
// leaves every row as it was; `Updated` says when each row was last confirmed.

import type { ApiClient } from '../api/client';
import type { RowInput } from '../core/row-input';
import { parseRow } from '../core/row-input';
import { containerRowOutputs, shipmentRowOutputs, type RowOutputs } from '../core/row-outputs';
import { outputRuns, readLayout, type SheetLayout } from '../core/sheet-layout';
import { safeCell } from '../core/sheet-text';
import { trackingLink } from '../core/settings';
import { AppError, toAppError } from '../core/errors';
import { redact } from '../core/redact';
import { plural, sentence } from '../core/wording';
import type { ContainerRecord } from '../core/model';
import { runBulkTracking } from '../engine/bulk-tracking';
import { RequestLedger, trackingText } from '../engine/request-ledger';
import { identifierKey } from '../engine/record-store';
import { syncForSheet, type SyncResult } from '../engine/sheet-sync';
import { Execution, BUDGETS, type ExecutionContext } from '../gas/execution';
import { releaseLease, takeLease } from '../gas/leases';
import { activeSpreadsheet, appsScriptClock } from '../gas/services';
import { importDuringRefresh } from './import-containers';
import { refsOf, syncRefNumbers, type RefSyncResult, type ServiceRefs } from './ref-sync';
import { SHEET_NAME } from './tracking-sheet-format';
import { statusSheet } from './tracking-sheet-setup';

export interface RefreshReport {
  ok: boolean;
  message: string;
  rows: number;
  updated: number;
  requests: number;
  trackingRequestsCreated: number;
  complete: boolean;
}

type Row = unknown[];

function hasInnerBlank(header: Row): boolean {
  const filled = header.map((h) => String(h ?? '').trim() !== '');
  const last = filled.lastIndexOf(true);
  return filled.slice(0, last).includes(false);
}

function readRows(values: Row[], layout: SheetLayout): RowInput[] {
  const col = layout.inputs;
  const rows: RowInput[] = [];
  for (let i = 1; i < values.length; i++) {
    const r = values[i]!;
    const get = (c: number | undefined) => (c == null ? '' : r[c]);
    const row = parseRow(i, get(col.Number), get(col.Type), get(col.SCAC), get(col['Ref Numbers']));
    if (row) rows.push(row);
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

function writeOutputs(
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

/** The row's data from this run's answers, or null when they did not include it. */
function freshOutputs(
  row: RowInput,
  sync: SyncResult,
  containersByShipment: Map<string, ContainerRecord[]>,
  tz: string,
): RowOutputs | null {
  if (row.kind === 'container') {
    const c = sync.containers.get(row.number);
    if (!c) return null;
    // Not included in the answer (undefined) is unknown, not "no shipment": those outputs stay.
    const shipment = c.shipmentId ? sync.shipments.get(c.shipmentId) : null;
    return containerRowOutputs(c, shipment, tz);
  }
  const id = sync.identifiers.get(identifierKey(row.number));
  const shipment = id ? sync.shipments.get(id) : undefined;
  return shipment
    ? shipmentRowOutputs(shipment, containersByShipment.get(shipment.id) ?? [], tz)
    : null;
}

/** The service's ref numbers of a row's record, when this run fetched it. */
function serviceRefsOf(row: RowInput, sync: SyncResult): ServiceRefs | null {
  if (row.kind === 'container') {
    const c = sync.containers.get(row.number);
    return c ? { kind: 'container', id: c.id, refs: refsOf(c) } : null;
  }
  const id = sync.identifiers.get(identifierKey(row.number));
  const shipment = id ? sync.shipments.get(id) : undefined;
  return shipment ? { kind: 'shipment', id: shipment.id, refs: refsOf(shipment) } : null;
}

/** A failure here is reported like any other, after the outputs are written: it blanks nothing. */
function refNumbersStep(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  layout: SheetLayout,
  rows: RowInput[],
  sync: SyncResult,
  client: ApiClient,
  run: Execution,
  now: number,
): RefSyncResult {
  try {
    return syncRefNumbers({
      ss,
      sheet,
      layout,
      rows,
      serviceRefs: (row) => serviceRefsOf(row, sync),
      client,
      props: run.stores.properties(),
      store: run.store,
      now,
    });
  } catch (e) {
    return { requests: 0, failure: toAppError(e) };
  }
}

function report(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  message: string,
  ok: boolean,
  at: Date,
  interactive: boolean,
): void {
  message = redact(message); // the sheet and the toast are read by people: never the key
  const status = statusSheet(ss);
  if (ok) status.getRange('B1').setValue(at);
  status.getRange('B2').setValue(safeCell(message));
  if (interactive) ss.toast(message, 'Container Tracking', 8);
}

export function refreshTrackingSheet(options: { scheduled?: boolean } = {}): RefreshReport {
  return refreshSpreadsheet(activeSpreadsheet(), {}, options.scheduled === true);
}

/**
 * Refreshes the Tracking sheet of `ss` (a scheduled run may have opened it by id) with the
 * stores and settings of `context` (a run without a document uses its trigger's).
 */
export function refreshSpreadsheet(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  context: ExecutionContext,
  scheduled: boolean,
): RefreshReport {
  const options = { scheduled };
  const kind = scheduled ? 'trigger' : 'sidebar';
  const run = new Execution(kind, context);
  const props = run.stores.properties();
  const now = () => appsScriptClock.now();
  const owner = Math.random().toString(36).slice(2);
  const empty = { rows: 0, updated: 0, requests: 0, trackingRequestsCreated: 0, complete: false };

  const lease = takeLease(run.lock, props, owner, now(), BUDGETS.trigger.timeMs + 60_000);
  if (!lease) {
    const message = 'Another refresh is running; this one was skipped.';
    report(ss, message, false, new Date(now()), !options.scheduled);
    return { ok: false, message, ...empty };
  }
  try {
    const sheet = ss.getSheetByName(SHEET_NAME);
    if (!sheet) {
      throw new AppError(
        'input',
        `There is no sheet named "${SHEET_NAME}". Run Container Tracking → Set up Tracking sheet (or rename your sheet back to "${SHEET_NAME}").`,
      );
    }
    const values = sheet.getDataRange().getValues() as Row[];
    const layout = readLayout(values[0] ?? []);
    // A merge leaves blank cells inside the header row; only then is it worth asking Sheets (one
    // more call) whether headers are merged.
    if (
      hasInnerBlank(values[0] ?? []) &&
      sheet.getRange(1, 1, 1, layout.width).getMergedRanges().length > 0
    ) {
      throw new AppError(
        'input',
        'Header cells in row 1 of the Tracking sheet are merged. Unmerge them so each column has its own header.',
      );
    }
    const rows = readRows(values, layout);
    // A Number cell showing an error (#N/A) or a date is no identifier: said in Tracking, never sent.
    const lookups = rows.filter((r) => !r.unusable);
    const settings = run.settings();
    const client = run.client(settings);
    const started = now();
    const timeLeft = () => run.startedAt + BUDGETS[kind].timeMs - now();

    const sync = syncForSheet(
      client,
      run.store,
      props,
      {
        containers: lookups.filter((r) => r.kind === 'container').map((r) => r.number),
        identifiers: lookups.filter((r) => r.kind === 'shipment').map((r) => r.number),
      },
      started,
    );

    // A BOL row sums up all its containers. When this run saw only part of the account, the
    // ones seen by earlier runs come from the cache (one read), so the summary stays whole.
    const boxes = new Map(sync.containers);
    if (sync.partial && lookups.some((r) => r.kind === 'shipment')) {
      for (const c of run.store.allContainers())
        if (!boxes.has(c.attributes.number)) boxes.set(c.attributes.number, c);
    }
    const containersByShipment = new Map<string, ContainerRecord[]>();
    for (const c of boxes.values()) {
      if (!c.shipmentId) continue;
      containersByShipment.set(c.shipmentId, [
        ...(containersByShipment.get(c.shipmentId) ?? []),
        c,
      ]);
    }
    const tz = ss.getSpreadsheetTimeZone();
    const updates = new Map<number, RowOutputs>();
    const untracked: RowInput[] = [];
    for (const row of rows) {
      if (row.unusable) {
        updates.set(row.index, { Tracking: row.problem ?? '' });
        continue;
      }
      const fresh = freshOutputs(row, sync, containersByShipment, tz);
      if (fresh) {
        updates.set(row.index, {
          Link: trackingLink(settings.appUrl, row.number),
          ...fresh,
          Tracking: 'tracked',
          Updated: new Date(started),
        });
      } else if (sync.notTracked.has(row.number)) {
        untracked.push(row);
      }
    }

    // Rows the service does not track: request tracking once, or say what is missing.
    const ledger = new RequestLedger(props);
    const candidates = untracked.filter((r) => !r.problem && r.scac !== '');
    const bulk = runBulkTracking(
      client,
      ledger,
      candidates.map((r) => ({
        requestType: r.requestType,
        requestNumber: r.number,
        scac: r.scac,
        refNumbers: r.refNumbers,
      })),
      now,
      timeLeft,
    );
    for (const row of untracked) {
      const entry = bulk.entries.get(row.number);
      const text = entry
        ? trackingText(entry)
        : (row.problem ?? (row.scac === '' ? 'add a SCAC' : 'not tracked'));
      updates.set(row.index, {
        ...updates.get(row.index),
        Link: trackingLink(settings.appUrl, row.number),
        Tracking: text,
      });
    }

    writeOutputs(sheet, values, layout, rows, updates);

    // Step: Ref Numbers both ways (ref-sync.ts), for the rows this run has the service's record of.
    const refs = refNumbersStep(ss, sheet, layout, lookups, sync, client, run, started);

    // Step: autoImport (import-containers.ts). Appends below the rows read above; never touches them.
    const imported = settings.autoImport ? importDuringRefresh(run, client, sheet, now()) : null;

    const requests = sync.requests + bulk.requests + refs.requests + (imported?.requests ?? 0);
    const problem = sync.failure ?? bulk.stopped ?? refs.failure ?? imported?.failure ?? null;
    const at = new Date(now());
    const parts = [
      `Refreshed ${updates.size} of ${plural(rows.length, 'row')}`,
      plural(requests, 'request'),
    ];
    if (bulk.created > 0) parts.push(`${plural(bulk.created, 'tracking request')} created`);
    if (imported && imported.added > 0)
      parts.push(`${plural(imported.added, 'container row')} added`);
    if (!sync.complete) parts.push('more rows next run');
    if (problem) parts.push(`stopped early: ${problem.message}`);
    const message = sentence(parts.join('; '));
    report(ss, message, true, at, !options.scheduled);
    return {
      ok: !problem,
      message,
      rows: rows.length,
      updated: updates.size,
      requests,
      trackingRequestsCreated: bulk.created,
      complete: sync.complete,
    };
  } catch (e) {
    const error = toAppError(e);
    const message = `Refresh failed: ${error.message} Rows keep their previous values.`;
    report(ss, message, false, new Date(now()), !options.scheduled);
    return { ok: false, message, ...empty };
  } finally {
    releaseLease(props);
  }
}
