// Stage: sync. Fresh data for the sheet's rows at the lowest counted cost (engine/sheet-sync.ts),
// told what the sheet already shows (sheet-knowledge.ts) so settled rows cost nothing, and what a
// scheduled run may leave to push (push-coverage.ts).

import type { RowInput } from '../../core/row-input';
import { RequestLedger } from '../../engine/request-ledger';
import { syncForSheet, type SheetKnowledge, type SyncResult } from '../../engine/sheet-sync';
import type { RefreshContext } from './context';
import { pushCoverage } from './push-coverage';
import { sheetKnowledge } from './sheet-knowledge';
import type { SheetState } from './sheet-state';

export interface SyncedRows {
  sync: SyncResult;
  /** `settled`: rows this run did not ask about (final state shown, or left to push). */
  knows: SheetKnowledge & { settled: ReadonlySet<string> };
  /** Rows with a usable Number (the others are never looked up). */
  lookups: RowInput[];
  /** Rows left to push deliveries this run. */
  leftToPush: number;
}

export function syncRows(ctx: RefreshContext, state: SheetState, scheduled: boolean): SyncedRows {
  const { values, layout, rows } = state;
  // A Number cell showing an error (#N/A) is no identifier: said in Tracking, never sent. A
  // number that cannot be tracked (`ABC`, a wrong check digit) is not looked up either.
  const lookups = rows.filter((r) => !r.unusable && !r.invalid);
  const props = ctx.run.stores.state();
  const shown = sheetKnowledge(values, layout, lookups, new RequestLedger(props).load(), {
    now: ctx.started,
    zone: ctx.tz,
  });
  const push = pushCoverage(props, scheduled, ctx.started, shown.active ?? new Set());
  const knows = { ...shown, settled: new Set([...shown.settled, ...push.covered]) };
  const sync = syncForSheet(
    ctx.client,
    ctx.run.store,
    props,
    {
      containers: lookups.filter((r) => r.kind === 'container').map((r) => r.number),
      identifiers: lookups.filter((r) => r.kind === 'shipment').map((r) => r.number),
    },
    ctx.started,
    knows,
  );
  return { sync, knows, lookups, leftToPush: push.covered.size };
}
