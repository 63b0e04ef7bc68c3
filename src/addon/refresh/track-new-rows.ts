// Stage: track new rows. Rows the service does not track get one tracking request (without a
// SCAC, the service detects the carrier), never a second; each row shows its request's state or
// what is wrong.

import { trackingReason } from '../../core/attention';
import { requestIdentity } from '../../core/number-identity';
import type { RowInput } from '../../core/row-input';
import type { RowOutputs } from '../../core/row-outputs';
import { trackingLink } from '../../core/settings';
import { runBulkTracking, type BulkResult } from '../../engine/bulk-tracking';
import { RequestLedger, entriesToRetire, trackingText } from '../../engine/request-ledger';
import type { SyncResult } from '../../engine/sheet-sync';
import type { RefreshContext } from './context';

export interface TrackedNewRows {
  bulk: BulkResult;
  /** Outputs of the untracked rows (their request's state). */
  updates: Map<number, RowOutputs>;
}

export function trackNewRows(
  ctx: RefreshContext,
  rows: readonly RowInput[],
  untracked: readonly RowInput[],
  sync: SyncResult,
): TrackedNewRows {
  const ledger = new RequestLedger(ctx.run.stores.state());
  const candidates = untracked.filter((r) => !r.problem);
  const bulk = runBulkTracking(
    ctx.client,
    ledger,
    candidates.map((r) => ({
      requestType: r.requestType,
      requestNumber: r.number,
      scac: r.scac,
      refNumbers: r.refNumbers,
    })),
    ctx.now,
    ctx.timeLeft,
    // Retired first, so a store filled by an older version frees room before anything is saved.
    (entries) =>
      entriesToRetire(entries, {
        now: ctx.now(),
        tracked: new Set([...sync.containers.keys(), ...sync.identifiers.keys()]),
        onSheet: new Set(rows.map((r) => requestIdentity(r.requestType, r.number))),
      }),
  );
  // Every row of a number shows the state of its one request.
  const updates = new Map<number, RowOutputs>();
  for (const row of untracked) {
    const entry = bulk.entries.get(requestIdentity(row.requestType, row.number));
    const text = entry ? trackingText(entry) : (row.problem ?? 'not tracked');
    updates.set(row.index, {
      Link: trackingLink(ctx.settings.appUrl, row.number),
      Tracking: text,
      Attention: trackingReason(text) ?? '',
    });
  }
  return { bulk, updates };
}
