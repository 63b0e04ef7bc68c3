// Stage: report. One sentence for the toast, the status sheet and the next open: rows refreshed,
// requests spent, what was added or left for the next run, and what stopped the run early.

import type { AppError, ErrorKind } from '../../core/errors';
import { plural, sentence } from '../../core/wording';
import { reportRefresh } from './refresh-status';
import type { RefreshContext } from './context';

export interface RefreshReport {
  ok: boolean;
  message: string;
  rows: number;
  updated: number;
  requests: number;
  trackingRequestsCreated: number;
  complete: boolean;
  /**
   * Set when the run failed (nothing refreshed, or the service could not be read): what kind of
   * error, for the schedule's streak of failures (core/schedule-failures.ts).
   */
  failure?: { kind: ErrorKind; message: string };
  /** Nothing was tried: another refresh held the spreadsheet. */
  skipped?: boolean;
}

export interface RunOutcome {
  rows: number;
  refreshed: number;
  requests: number;
  created: number;
  added: number;
  leftToPush: number;
  complete: boolean;
  /** The first thing that stopped a stage early, if any. */
  problem: AppError | null;
  /** The sync failed: rows it could not confirm say so. */
  syncFailed: boolean;
}

export function refreshMessage(o: RunOutcome): string {
  const parts = [
    `Refreshed ${o.refreshed} of ${plural(o.rows, 'row')}`,
    plural(o.requests, 'request'),
  ];
  if (o.created > 0) parts.push(`${plural(o.created, 'tracking request')} created`);
  if (o.added > 0) parts.push(`${plural(o.added, 'container row')} added`);
  if (o.leftToPush > 0)
    parts.push(`push updates keep ${plural(o.leftToPush, 'tracked row')} current`);
  if (!o.complete) parts.push('more rows next run');
  if (o.problem) parts.push(`stopped early: ${o.problem.message}`);
  return sentence(parts.join('; '));
}

export function reportOutcome(
  ctx: RefreshContext,
  o: RunOutcome,
  scheduled: boolean,
): RefreshReport {
  const message = refreshMessage(o);
  reportRefresh(
    ctx.ss,
    message,
    { wrote: true, failed: o.syncFailed },
    new Date(ctx.now()),
    !scheduled,
  );
  return {
    ok: !o.problem,
    message,
    rows: o.rows,
    updated: o.refreshed,
    requests: o.requests,
    trackingRequestsCreated: o.created,
    complete: o.complete,
    ...(o.syncFailed && o.problem
      ? { failure: { kind: o.problem.kind, message: o.problem.message } }
      : {}),
  };
}
