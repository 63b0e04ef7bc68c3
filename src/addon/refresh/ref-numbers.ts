// Stage: ref numbers. `Ref Numbers` both ways (ref-sync.ts), for the rows this run has the
// service's record of. A failure here is reported like any other, after the outputs are written:
// it blanks nothing.

import type { RowInput } from '../../core/row-input';
import { toAppError } from '../../core/errors';
import { identifierKey } from '../../engine/record-store';
import type { SyncResult } from '../../engine/sheet-sync';
import type { Change } from '../changes/change-log';
import {
  refsOf,
  syncRefNumbers,
  type RefSyncResult,
  type ServiceRefs,
} from '../tracking-sheet/ref-sync';
import type { RefreshContext } from './context';
import type { SheetState } from './sheet-state';

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

export function syncRefNumbersStage(
  ctx: RefreshContext,
  state: SheetState,
  lookups: RowInput[],
  sync: SyncResult,
  log: (changes: readonly Change[]) => void,
): RefSyncResult {
  const { sheet, layout, values } = state;
  try {
    return syncRefNumbers({
      sheet,
      layout,
      rows: lookups,
      serviceRefs: (row) => serviceRefsOf(row, sync),
      client: ctx.client,
      props: ctx.run.stores.state(),
      store: ctx.run.store,
      now: ctx.started,
      currentCell: (i) => values[i]?.[layout.inputs['Ref Numbers'] ?? -1] ?? '',
      log,
    });
  } catch (e) {
    return { requests: 0, failure: toAppError(e) };
  }
}
