// What the Tracking rows a run wrote hand the change pipeline: the records it had for them (a
// container with its shipment; a BOL/booking row's shipment and its boxes) and the states of the
// tracking requests of rows the service does not track yet. Used by the refresh, push updates and
// the sidebar's stop/resume. The refresh never passes records from its cache (older than its
// answers, they could only repeat or undo what is known); stop/resume passes the shipment's boxes
// as cached with the shipment the service just sent, so only the stop shows as a change.

import type { ContainerRecord } from '../../core/model';
import { requestIdentity } from '../../core/number-identity';
import type { RowInput } from '../../core/row-input';
import { trackingText, type LedgerEntry } from '../../engine/request-ledger';
import { identifierKey } from '../../engine/record-store';
import type { Observation } from './change-pipeline';
import type { FreshRecords } from '../sheets/fresh-records';

export function rowObservations(
  rows: readonly RowInput[],
  /** This run's answers; `notTracked`: numbers the service said it does not track (a refresh). */
  sync: FreshRecords & { notTracked?: ReadonlySet<string> },
  containersByShipment: ReadonlyMap<string, readonly ContainerRecord[]>,
  requests: ReadonlyMap<string, LedgerEntry>,
): Observation[] {
  const out: Observation[] = [];
  const container = (c: ContainerRecord): Observation => ({
    kind: 'container',
    container: c,
    // Not in the answer (undefined) is unknown, not "no shipment".
    shipment: c.shipmentId ? sync.shipments.get(c.shipmentId) : null,
  });
  for (const row of rows) {
    if (row.unusable) continue;
    if (row.kind === 'container') {
      const c = sync.containers.get(row.number);
      if (c) {
        out.push(container(c));
        continue;
      }
    } else {
      const id = sync.identifiers.get(identifierKey(row.number));
      const shipment = id ? sync.shipments.get(id) : undefined;
      if (shipment) {
        out.push({ kind: 'shipment', number: row.number, shipment });
        for (const c of containersByShipment.get(shipment.id) ?? [])
          if (sync.containers.get(c.attributes.number) === c) out.push(container(c));
        continue;
      }
    }
    // Only a number the service said it does not track has its request's state as its news.
    const entry = sync.notTracked?.has(row.number)
      ? requests.get(requestIdentity(row.requestType, row.number))
      : undefined;
    if (entry) out.push({ kind: 'request', number: row.number, tracking: trackingText(entry) });
  }
  return out;
}
