// Applying one notification: ask the service for it by id (the body that announced it is never
// trusted), fetch what it is about with the key (one container with its shipment and that
// shipment's other boxes, or one shipment with its boxes), then update the record cache and the
// Tracking rows of that container and of its shipment's BOL/booking rows, through the refresh's
// own output-and-write step.

import type { ApiClient } from '../api/client';
import { resourceDocument } from '../api/jsonapi';
import {
  containerByIdCall,
  notificationCall,
  notificationOf,
  shipmentByIdCall,
  type Notification,
} from '../api/webhooks';
import { AppError } from '../core/errors';
import { readLayout } from '../core/sheet-layout';
import type { RowOutputs } from '../core/row-outputs';
import { RecordCollector } from '../engine/record-collector';
import { identifierKey } from '../engine/record-store';
import type { Execution } from '../gas/execution';
import { appsScriptClock } from '../gas/services';
import { ChangeRun } from './change-pipeline';
import { refreshObservations } from './refresh-observations';
import {
  containersByShipment,
  trackedRowUpdate,
  writeRowUpdates,
  type FreshRecords,
} from './tracking-sheet-apply';
import { SHEET_NAME } from './tracking-sheet-format';
import { readRows, type Row } from './tracking-sheet-rows-io';

/** The notification as the service has it, or null when the service does not know the id. */
export function fetchNotification(client: ApiClient, id: string): Notification | null {
  const [answer] = client.sendAll([notificationCall(id)]);
  if (answer instanceof AppError) {
    if (answer.status === 404) return null;
    throw answer;
  }
  const notification = answer ? notificationOf(answer) : null;
  // An answer about another notification than the one asked for is not this one.
  return notification && notification.id === id ? notification : null;
}

/** What the notification is about, as a key of the push state's fetch memo. */
export function aboutKey(notification: Notification): string | null {
  if (notification.containerId) return `container:${notification.containerId}`;
  return notification.shipmentId ? `shipment:${notification.shipmentId}` : null;
}

/** The service's current data for what the notification is about (one request), or null. */
export function fetchAbout(client: ApiClient, notification: Notification): FreshRecords | null {
  const call = notification.containerId
    ? containerByIdCall(notification.containerId)
    : notification.shipmentId
      ? shipmentByIdCall(notification.shipmentId)
      : null;
  if (!call) return null;
  const doc = resourceDocument(client.send(call));
  const found = new RecordCollector();
  found.absorb({ ...doc, data: doc.data ? [doc.data].flat() : [] });
  return found;
}

/**
 * Writes the rows `fresh` speaks for (one read of the sheet, one write per block of owned
 * columns of those rows only), puts the records in the cache, and hands the same records to the
 * change pipeline (Change Log, alerts) as the refresh does, with source `push`. Returns the rows
 * updated.
 */
export function applyFresh(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  run: Execution,
  fresh: FreshRecords,
  appUrl: string,
): number {
  run.store.write({
    containers: [...fresh.containers.values()],
    shipments: [...fresh.shipments.values()],
  });
  const sheet = ss.getSheetByName(SHEET_NAME);
  if (!sheet) return 0;
  const values = sheet.getDataRange().getValues() as Row[];
  const layout = readLayout(values[0] ?? []);
  const rows = readRows(values, layout).filter(
    (r) =>
      !r.unusable &&
      (r.kind === 'container'
        ? fresh.containers.has(r.number)
        : fresh.identifiers.has(identifierKey(r.number))),
  );
  const now = appsScriptClock.now();
  const tz = ss.getSpreadsheetTimeZone();
  const byShipment = containersByShipment(fresh.containers.values());
  const updates = new Map<number, RowOutputs>();
  for (const row of rows) {
    const update = trackedRowUpdate(row, fresh, byShipment, tz, now, appUrl);
    if (update) updates.set(row.index, update);
  }
  if (updates.size > 0) writeRowUpdates({ sheet, values, layout, rows, updates, source: 'push' });
  const changes = new ChangeRun(ss, run, 'push', now);
  changes.observe(refreshObservations(rows, fresh, byShipment, new Map()));
  changes.finish();
  return updates.size;
}
