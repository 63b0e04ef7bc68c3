// A few fresh records (a push's container, the sidebar's stopped shipment) → the Tracking rows
// they speak for and the change pipeline: the refresh's own output-and-write step, applied to
// those rows only, so every source of fresh data shows and logs the same way.

import { readLayout } from '../../core/sheet-layout';
import type { RowOutputs } from '../../core/row-outputs';
import { identifierKey } from '../../engine/record-store';
import { keepWritten } from '../../engine/disappearances';
import type { Execution } from '../../execution/execution';
import { ChangeRun } from '../changes/change-pipeline';
import { rowObservations } from '../changes/row-observations';
import { readFreeTimeTerms } from '../money/free-time-sheet';
import { moneyRun, trackedRowUpdate, writeRowUpdates } from '../sheets/row-writes';
import { readRows, type Row } from '../sheets/rows-io';
import { containersByShipment, type FreshRecords } from '../sheets/fresh-records';
import { TRACKING_SHEET } from '../sheets/sheet-names';
import { appsScriptClock } from '../../gas/clock';

/**
 * Writes the rows `fresh` speaks for (one read of the sheet, one write per block of owned
 * columns of those rows only), puts the records in the cache, and hands the same records to the
 * change pipeline (Change Log, alerts) as the refresh does, with its source. Returns the rows
 * updated.
 */
export function applyFresh(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  run: Execution,
  fresh: FreshRecords,
  appUrl: string,
  source: 'push' | 'sidebar',
): number {
  // What the cache keeps (a value gone for one read waits for a second look) is what is shown.
  keepWritten(
    fresh,
    run.store.write({
      containers: [...fresh.containers.values()],
      shipments: [...fresh.shipments.values()],
    }),
  );
  const sheet = ss.getSheetByName(TRACKING_SHEET);
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
  // The rows' money columns too, from the Free Time rules (read only when a row is concerned).
  const money = rows.length > 0 ? moneyRun(readFreeTimeTerms(ss)) : undefined;
  for (const row of rows) {
    const update = trackedRowUpdate(row, fresh, byShipment, tz, now, appUrl, money);
    if (update) updates.set(row.index, update);
  }
  if (updates.size > 0)
    writeRowUpdates({ sheet, values, layout, rows, updates, source, ...(money ? { money } : {}) });
  const changes = new ChangeRun(ss, run, source, now);
  changes.observe(rowObservations(rows, fresh, byShipment, new Map()), money?.returnBy);
  changes.finish();
  return updates.size;
}
