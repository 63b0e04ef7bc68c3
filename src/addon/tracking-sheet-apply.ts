// Fresh records → Tracking sheet rows: the one place that turns the service's data into a row's
// outputs and writes them, shared by the refresh (every row, from its listing), push updates and
// the sidebar's stop/resume (the rows of one changed container or shipment, apply-records.ts). `source` says which one produced the write.

import type { RowInput } from '../core/row-input';
import { containerRowOutputs, shipmentRowOutputs, type RowOutputs } from '../core/row-outputs';
import type { SheetLayout } from '../core/sheet-layout';
import { trackingLink } from '../core/settings';
import type { ContainerRecord, ShipmentRecord } from '../core/model';
import { identifierKey } from '../engine/record-store';
import { writeOutputs, type Row } from './tracking-sheet-rows-io';

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

/** The row's data from the fresh records, or null when they did not include it. */
export function freshOutputs(
  row: RowInput,
  fresh: FreshRecords,
  byShipment: Map<string, ContainerRecord[]>,
  tz: string,
  now: number,
): RowOutputs | null {
  if (row.kind === 'container') {
    const c = fresh.containers.get(row.number);
    if (!c) return null;
    // Not included in the answer (undefined) is unknown, not "no shipment": those outputs stay.
    const shipment = c.shipmentId ? fresh.shipments.get(c.shipmentId) : null;
    return containerRowOutputs(c, shipment, tz, now);
  }
  const id = fresh.identifiers.get(identifierKey(row.number));
  const shipment = id ? fresh.shipments.get(id) : undefined;
  return shipment ? shipmentRowOutputs(shipment, byShipment.get(shipment.id) ?? [], tz, now) : null;
}

/** A row the service tracks: its outputs, its link, `tracked`, and when it was confirmed. */
export function trackedRowUpdate(
  row: RowInput,
  fresh: FreshRecords,
  byShipment: Map<string, ContainerRecord[]>,
  tz: string,
  now: number,
  appUrl: string,
): RowOutputs | null {
  const outputs = freshOutputs(row, fresh, byShipment, tz, now);
  return outputs
    ? {
        Link: trackingLink(appUrl, row.number),
        // The shipment's stop state, when the answer carried it, says more than `tracked`.
        Tracking: 'tracked',
        ...outputs,
        Updated: new Date(now),
      }
    : null;
}

/** One write of row outputs, as read in one `getValues()` of the Tracking sheet. */
export interface RowWrite {
  sheet: GoogleAppsScript.Spreadsheet.Sheet;
  values: Row[];
  layout: SheetLayout;
  /** The rows the write may touch (only their contiguous runs are written). */
  rows: RowInput[];
  updates: Map<number, RowOutputs>;
  /** Who computed the outputs; the change pipeline (Change Log, alerts) hooks in here. */
  source: UpdateSource;
}

/** The write step of both the refresh and push updates: one setValues per block of owned columns. */
export function writeRowUpdates(write: RowWrite): number {
  return writeOutputs(write.sheet, write.values, write.layout, write.rows, write.updates);
}
