// The outputs of the rows this run's sync answered, and the rows the service does not track (the
// track stage's candidates). A BOL row sums up all its containers: when the sync saw only part of
// the account, the ones seen by earlier runs come from the cache (one read), so the summary stays
// whole.

import { invalidReason } from '../../core/attention';
import type { ContainerRecord } from '../../core/model';
import type { RowInput } from '../../core/row-input';
import type { RowOutputs } from '../../core/row-outputs';
import type { SyncResult } from '../../engine/sheet-sync';
import { trackedRowUpdate, type MoneyRun } from '../sheets/row-writes';
import type { RefreshContext } from './context';
import { containersByShipment } from '../sheets/fresh-records';

export interface RowUpdates {
  updates: Map<number, RowOutputs>;
  untracked: RowInput[];
  /** Shipment id → its containers (fetched now, or cached for a partial sync). */
  byShipment: Map<string, ContainerRecord[]>;
  /** Every container the rows may speak for: this run's, plus cached ones for a partial sync. */
  boxes: Map<string, ContainerRecord>;
}

export function rowUpdates(
  ctx: RefreshContext,
  rows: readonly RowInput[],
  sync: SyncResult,
  money: MoneyRun,
): RowUpdates {
  const boxes = new Map(sync.containers);
  if (sync.partial && rows.some((r) => r.kind === 'shipment' && !r.unusable)) {
    for (const c of ctx.run.store.allContainers())
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
    const tracked = trackedRowUpdate(
      row,
      sync,
      byShipment,
      ctx.tz,
      ctx.started,
      ctx.settings.appUrl,
      money,
    );
    if (tracked) updates.set(row.index, tracked);
    else if (row.invalid)
      updates.set(row.index, { Tracking: row.problem ?? '', Attention: invalidReason(row) });
    else if (sync.notTracked.has(row.number)) untracked.push(row);
  }
  return { updates, untracked, byShipment, boxes };
}
