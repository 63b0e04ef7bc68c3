// What one run learned from the service, as every writer of rows and the change pipeline take it.

import type { ContainerRecord, ShipmentRecord } from '../../core/model';
import type { RowInput } from '../../core/row-input';

/** What one run learned from the service (a refresh's sync, or a push's fetch). */
export interface FreshRecords {
  /** By container number. */
  containers: Map<string, ContainerRecord>;
  /** By shipment id. */
  shipments: Map<string, ShipmentRecord>;
  /** Shipment identifier key (BOL, booking, reference number) → shipment id. */
  identifiers: Map<string, string>;
}

export type UpdateSource = 'refresh' | 'push' | 'sidebar';

/** Shipment id → its containers among `containers`. */
export function containersByShipment(
  containers: Iterable<ContainerRecord>,
): Map<string, ContainerRecord[]> {
  const out = new Map<string, ContainerRecord[]>();
  for (const c of containers) {
    if (!c.shipmentId) continue;
    out.set(c.shipmentId, [...(out.get(c.shipmentId) ?? []), c]);
  }
  return out;
}

/** The shipping line's SCAC: the shipment's, else the one typed in the row. */
export function carrierOf(
  shipment: ShipmentRecord | null | undefined,
  row: RowInput,
): string | null {
  const scac = shipment?.attributes.shipping_line_scac;
  return typeof scac === 'string' && scac.trim() !== '' ? scac : row.scac || null;
}
