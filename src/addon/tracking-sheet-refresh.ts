// refreshTrackingSheet(): one read of the sheet, fresh data for every row at the lowest request
// cost, tracking requests for new rows, and one write per block of owned columns. A failure
// leaves every row as it was; `Updated` says when each row was last confirmed.

import type { ApiClient } from '../api/client';
import type { RowInput } from '../core/row-input';
import type { RowOutputs } from '../core/row-outputs';
import { readLayout, type SheetLayout } from '../core/sheet-layout';
import { trackingLink } from '../core/settings';
import { AppError, toAppError } from '../core/errors';
import { redact } from '../core/redact';
import { plural, sentence } from '../core/wording';
import { failureReason, trackingReason } from '../core/attention';
import { runBulkTracking } from '../engine/bulk-tracking';
import { requestIdentity } from '../core/number-identity';
import { RequestLedger, entriesToRetire, trackingText } from '../engine/request-ledger';
import { identifierKey } from '../engine/record-store';
import { syncForSheet, type SyncResult } from '../engine/sheet-sync';
import { Execution, BUDGETS, type ExecutionContext } from '../gas/execution';
import { releaseLease, takeLease } from '../gas/leases';
import { activeSpreadsheet, appsScriptClock } from '../gas/services';
import { importDuringRefresh } from './import-containers';
import type { Change } from './change-log';
import { ChangeRun } from './change-pipeline';
import { rowObservations } from './row-observations';
import { refsOf, syncRefNumbers, type RefSyncResult, type ServiceRefs } from './ref-sync';
import { SHEET_NAME } from './tracking-sheet-format';
import { sheetKnowledge } from './refresh/sheet-knowledge';
import { reportRefresh } from './refresh-status';
import { readRows, writeOutputs, type Row } from './tracking-sheet-rows-io';
import { lastKnown, unconfirmedMarks, type SheetState } from './unconfirmed-rows';
import { containersByShipment, trackedRowUpdate, writeRowUpdates } from './tracking-sheet-apply';
import { catchUpPush } from './push-catch-up';

export interface RefreshReport {
  ok: boolean;
  message: string;
  rows: number;
  updated: number;
  requests: number;
  trackingRequestsCreated: number;
  complete: boolean;
}

function hasInnerBlank(header: Row): boolean {
  const filled = header.map((h) => String(h ?? '').trim() !== '');
  const last = filled.lastIndexOf(true);
  return filled.slice(0, last).includes(false);
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
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  layout: SheetLayout,
  values: Row[],
  rows: RowInput[],
  sync: SyncResult,
  client: ApiClient,
  run: Execution,
  now: number,
  log: (changes: readonly Change[]) => void,
): RefSyncResult {
  try {
    return syncRefNumbers({
      sheet,
      layout,
      rows,
      serviceRefs: (row) => serviceRefsOf(row, sync),
      client,
      props: run.stores.properties(),
      store: run.store,
      now,
      currentCell: (i) => values[i]?.[layout.inputs['Ref Numbers'] ?? -1] ?? '',
      log,
    });
  } catch (e) {
    return { requests: 0, failure: toAppError(e) };
  }
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

  const take = () => takeLease(run.lock, props, owner, now(), BUDGETS.trigger.timeMs + 60_000);
  let lease;
  try {
    try {
      lease = take();
    } catch (e) {
      // A store filled by an older version's ledger: trim the ledger to its share and retry once.
      // (The service's 422 duplicate still guards numbers whose entries this drops.)
      const ledger = new RequestLedger(props);
      const trimmed = entriesToRetire(ledger.load(), {
        now: now(),
        tracked: new Set(),
        onSheet: new Set(),
      });
      if (trimmed.length === 0) throw e;
      ledger.retire(trimmed);
      lease = take();
    }
  } catch (e) {
    const message = `Refresh failed: ${toAppError(e).message}`;
    reportRefresh(ss, message, { wrote: false, failed: true }, new Date(now()), !options.scheduled);
    return { ok: false, message, ...empty };
  }
  if (!lease) {
    const message = 'Another refresh is running; this one was skipped.';
    reportRefresh(
      ss,
      message,
      { wrote: false, failed: false },
      new Date(now()),
      !options.scheduled,
    );
    return { ok: false, message, ...empty };
  }
  let state: SheetState | null = null;
  const tz = ss.getSpreadsheetTimeZone();
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
    state = { sheet, values, layout, rows };
    // A Number cell showing an error (#N/A) or a date is no identifier: said in Tracking, never sent.
    const lookups = rows.filter((r) => !r.unusable);
    const settings = run.settings();
    const client = run.client(settings, 'refresh');
    const started = now();
    const timeLeft = () => run.startedAt + BUDGETS[kind].timeMs - now();

    const ledger = new RequestLedger(props);
    const knows = sheetKnowledge(values, layout, lookups, ledger.load());
    const sync = syncForSheet(
      client,
      run.store,
      props,
      {
        containers: lookups.filter((r) => r.kind === 'container').map((r) => r.number),
        identifiers: lookups.filter((r) => r.kind === 'shipment').map((r) => r.number),
      },
      started,
      knows,
    );

    // A BOL row sums up all its containers. When this run saw only part of the account, the
    // ones seen by earlier runs come from the cache (one read), so the summary stays whole.
    const boxes = new Map(sync.containers);
    if (sync.partial && lookups.some((r) => r.kind === 'shipment')) {
      for (const c of run.store.allContainers())
        if (!boxes.has(c.attributes.number)) boxes.set(c.attributes.number, c);
    }
    const byShipment = containersByShipment(boxes.values());
    const updates = new Map<number, RowOutputs>();
    const untracked: RowInput[] = [];
    for (const row of rows) {
      if (row.unusable) {
        updates.set(row.index, { Tracking: row.problem ?? '' });
        continue;
      }
      const tracked = trackedRowUpdate(row, sync, byShipment, tz, started, settings.appUrl);
      if (tracked) {
        updates.set(row.index, tracked);
      } else if (sync.notTracked.has(row.number)) {
        untracked.push(row);
      }
    }

    // Rows the service does not track: request tracking once (without a SCAC, the service
    // detects the carrier), or say what is wrong.
    const candidates = untracked.filter((r) => !r.problem);
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
      // Retired first, so a store filled by an older version frees room before anything is saved.
      (entries) =>
        entriesToRetire(entries, {
          now: now(),
          tracked: new Set([...sync.containers.keys(), ...sync.identifiers.keys()]),
          onSheet: new Set(rows.map((r) => requestIdentity(r.requestType, r.number))),
        }),
    );
    // Every row of a number shows the state of its one request.
    for (const row of untracked) {
      const entry = bulk.entries.get(requestIdentity(row.requestType, row.number));
      const text = entry ? trackingText(entry) : (row.problem ?? 'not tracked');
      updates.set(row.index, {
        ...updates.get(row.index),
        Link: trackingLink(settings.appUrl, row.number),
        Tracking: text,
        Attention: trackingReason(text) ?? '',
      });
    }

    const refreshed = updates.size;
    if (sync.failure) {
      const why = failureReason(sync.failure.kind, sync.failure.message);
      // Settled rows were not asked about: the failure says nothing about them.
      const untouched = rows.filter((r) => knows.settled.has(r.number)).map((r) => r.index);
      const marks = unconfirmedMarks(
        state,
        new Set([...updates.keys(), ...untouched]),
        why,
        tz,
        started,
        lastKnown(run, rows),
      );
      for (const [index, mark] of marks) updates.set(index, mark);
    }
    writeRowUpdates({ sheet, values, layout, rows, updates, source: 'refresh' });
    // Step: the change pipeline (change-pipeline.ts) sees what this run fetched; it logs and
    // alerts once the run's other rows (ref numbers) are in, in one append.
    const changes = new ChangeRun(ss, run, 'refresh', started);
    changes.observe(rowObservations(rows, sync, byShipment, bulk.entries));

    // Step: Ref Numbers both ways (ref-sync.ts), for the rows this run has the service's record of.
    const refs = refNumbersStep(
      sheet,
      layout,
      values,
      lookups,
      sync,
      client,
      run,
      started,
      changes.log,
    );

    // Step: push updates missed (push-catch-up.ts): only when push is enabled.
    const pushed = catchUpPush({ run, client, ss, sync, syncedAt: started });

    // Step: autoImport (import-containers.ts). Appends below the rows read above; never touches them.
    const imported = settings.autoImport ? importDuringRefresh(run, client, sheet, sync) : null;
    changes.finish();

    const requests =
      sync.requests + bulk.requests + refs.requests + pushed.requests + (imported?.requests ?? 0);
    const problem =
      sync.failure ?? bulk.stopped ?? refs.failure ?? imported?.failure ?? pushed.failure ?? null;
    const at = new Date(now());
    const parts = [
      `Refreshed ${refreshed} of ${plural(rows.length, 'row')}`,
      plural(requests, 'request'),
    ];
    if (bulk.created > 0) parts.push(`${plural(bulk.created, 'tracking request')} created`);
    if (imported && imported.added > 0)
      parts.push(`${plural(imported.added, 'container row')} added`);
    if (!sync.complete) parts.push('more rows next run');
    if (problem) parts.push(`stopped early: ${problem.message}`);
    const message = sentence(parts.join('; '));
    reportRefresh(
      ss,
      message,
      { wrote: true, failed: sync.failure != null },
      at,
      !options.scheduled,
    );
    return {
      ok: !problem,
      message,
      rows: rows.length,
      updated: refreshed,
      requests,
      trackingRequestsCreated: bulk.created,
      complete: sync.complete,
    };
  } catch (e) {
    const error = toAppError(e);
    const message = `Refresh failed: ${error.message} Rows keep their previous values.`;
    if (state) {
      const why = failureReason(error.kind, redact(error.message));
      try {
        const marks = unconfirmedMarks(
          state,
          new Set(),
          why,
          tz,
          now(),
          lastKnown(run, state.rows),
        );
        writeOutputs(state.sheet, state.values, state.layout, state.rows, marks);
      } catch {
        // The sheet cannot be written either: the status sheet and the toast still say it.
      }
    }
    reportRefresh(ss, message, { wrote: false, failed: true }, new Date(now()), !options.scheduled);
    return { ok: false, message, ...empty };
  } finally {
    releaseLease(props);
  }
}
