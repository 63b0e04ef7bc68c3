// Stage: write. One write per block of owned columns. When the sync failed, the rows it could not
// confirm say so in Attention (after what their last known data still says is due); settled rows
// were not asked about, so a failure says nothing about them.

import { failureReason } from '../../core/attention';
import type { RowOutputs } from '../../core/row-outputs';
import type { SyncResult } from '../../engine/sheet-sync';
import { writeRowUpdates, type MoneyRun } from '../sheets/row-writes';
import { lastKnown, unconfirmedMarks } from './unconfirmed-rows';
import type { RefreshContext } from './context';
import type { SheetState } from './sheet-state';

export function writeRows(
  ctx: RefreshContext,
  state: SheetState,
  updates: Map<number, RowOutputs>,
  sync: SyncResult,
  settled: ReadonlySet<string>,
  money: MoneyRun,
): void {
  if (sync.failure) {
    const why = failureReason(sync.failure.kind, sync.failure.message);
    const untouched = state.rows.filter((r) => settled.has(r.number)).map((r) => r.index);
    const marks = unconfirmedMarks(
      state,
      new Set([...updates.keys(), ...untouched]),
      why,
      ctx.tz,
      ctx.started,
      lastKnown(ctx.run, state.rows),
    );
    for (const [index, mark] of marks) updates.set(index, mark);
  }
  const { sheet, values, layout, rows } = state;
  writeRowUpdates({ sheet, values, layout, rows, updates, source: 'refresh', money });
}
