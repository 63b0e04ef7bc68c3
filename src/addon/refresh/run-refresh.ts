// refreshSpreadsheet(): the refresh as its named stages, in order. Each stage is its own module
// and hands the next what it produced; none reaches into another's state. A failure leaves every
// row as it was; `Updated` says when each row was last confirmed.

import { failureReason } from '../../core/attention';
import { toAppError, type AppError } from '../../core/errors';
import { redact } from '../../core/redact';
import { Execution, BUDGETS, type ExecutionContext } from '../../execution/execution';
import { releaseLease } from '../../gas/leases';
import { ChangeRun } from '../changes/change-pipeline';
import { catchUpPush } from '../push/catch-up';
import { reportRefresh } from './refresh-status';
import { rowObservations } from '../changes/row-observations';
import { writeOutputs } from '../sheets/rows-io';
import { lastKnown, unconfirmedMarks } from './unconfirmed-rows';
import type { RefreshContext } from './context';
import { importNewContainers } from './import-new-containers';
import { priceMoneyAtRisk, readMoneyRules } from './price-money';
import { takeRefreshLease } from './lease';
import { readSheet } from './read-sheet';
import { syncRefNumbersStage } from './ref-numbers';
import { reportOutcome, type RefreshReport } from './report';
import { rowUpdates } from './row-updates';
import { syncRows } from './sync-rows';
import { trackNewRows } from './track-new-rows';
import { writeRows } from './write-rows';
import type { SheetState } from './sheet-state';
import { appsScriptClock } from '../../gas/clock';
import { requirePermission } from '../../gas/authorization';

export type { RefreshReport } from './report';

/** The stages, once the sheet is read: sync, price, track, write, observe, money, refs, push, import, report. */
function runStages(ctx: RefreshContext, state: SheetState, scheduled: boolean): RefreshReport {
  const { sync, knows, lookups, leftToPush } = syncRows(ctx, state, scheduled);
  const money = readMoneyRules(ctx);
  const fresh = rowUpdates(ctx, state.rows, sync, money);
  const tracked = trackNewRows(ctx, state.rows, fresh.untracked, sync);
  const updates = new Map([...fresh.updates, ...tracked.updates]);
  const refreshed = updates.size;
  writeRows(ctx, state, updates, sync, knows.settled, money);
  // The change pipeline sees what this run fetched; it logs and alerts once the run's other rows
  // (ref numbers) are in, in one append.
  const changes = new ChangeRun(ctx.ss, ctx.run, 'refresh', ctx.started);
  changes.observe(
    rowObservations(state.rows, sync, fresh.byShipment, tracked.bulk.entries),
    money.returnBy,
  );
  changes.moneyAtRisk(priceMoneyAtRisk(ctx, state.rows, sync, fresh, money));
  const refs = syncRefNumbersStage(ctx, state, lookups, sync, changes.log);
  const pushed = catchUpPush({
    run: ctx.run,
    client: ctx.client,
    ss: ctx.ss,
    sync,
    syncedAt: ctx.started,
  });
  const imported = importNewContainers(ctx, state.sheet, sync);
  changes.finish();
  return reportOutcome(
    ctx,
    {
      rows: state.rows.length,
      refreshed,
      requests:
        sync.requests + tracked.bulk.requests + refs.requests + pushed.requests + imported.requests,
      created: tracked.bulk.created,
      added: imported.added,
      leftToPush,
      complete: sync.complete,
      problem:
        sync.failure ??
        tracked.bulk.stopped ??
        refs.failure ??
        imported.failure ??
        pushed.failure ??
        null,
      syncFailed: sync.failure != null,
    },
    scheduled,
  );
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
  const kind = scheduled ? 'trigger' : 'sidebar';
  const run = new Execution(kind, context);
  const now = () => appsScriptClock.now();
  const owner = Math.random().toString(36).slice(2);
  const empty = { rows: 0, updated: 0, requests: 0, trackingRequestsCreated: 0, complete: false };
  const skipped = (message: string, failure: AppError | null): RefreshReport => {
    reportRefresh(
      ss,
      message,
      { wrote: false, failed: failure !== null },
      new Date(now()),
      !scheduled,
    );
    return {
      ok: false,
      message,
      ...empty,
      ...(failure
        ? { failure: { kind: failure.kind, message: failure.message } }
        : { skipped: true }),
    };
  };

  let leased: boolean;
  try {
    requirePermission('refresh');
    leased = takeRefreshLease(run, owner, now);
  } catch (e) {
    const error = toAppError(e);
    return skipped(`Refresh failed: ${error.message}`, error);
  }
  if (!leased) return skipped('Another refresh is running; this one was skipped.', null);
  let state: SheetState | null = null;
  const tz = ss.getSpreadsheetTimeZone();
  try {
    state = readSheet(ss);
    const settings = run.settings();
    const ctx: RefreshContext = {
      ss,
      run,
      settings,
      client: run.client(settings, 'refresh'),
      tz,
      started: now(),
      now,
      timeLeft: () => run.startedAt + BUDGETS[kind].timeMs - now(),
    };
    return runStages(ctx, state, scheduled);
  } catch (e) {
    const error = toAppError(e);
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
    return skipped(`Refresh failed: ${error.message} Rows keep their previous values.`, error);
  } finally {
    releaseLease(run.lock, run.stores.state(), owner);
  }
}
