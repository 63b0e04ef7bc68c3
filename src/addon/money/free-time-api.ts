// getFreeTimeRules(): the sidebar's view of the Free Time rules in use and the boxes they leave
// unpriced, from the sheet's rows and the cached records (no request; one read of each sheet and
// of the cache).

import { freeTimeSummary, type FreeTimeSummary } from '../../core/free-time-summary';
import { FREE_TIME_SHEET } from '../../core/free-time';
import type { PricedBox } from '../../core/money-outputs';
import { readLayout } from '../../core/sheet-layout';
import { RecordStore } from '../../engine/record-store';
import { Execution } from '../../execution/execution';
import { readFreeTimeTerms } from './free-time-sheet';
import { readRows, type Row as SheetRow } from '../sheets/rows-io';
import type { RowInput as Row } from '../../core/row-input';
import { TRACKING_SHEET } from '../sheets/sheet-names';
import { activeSpreadsheet } from '../../gas/stores';

export interface FreeTimeReport extends FreeTimeSummary {
  /** The Free Time sheet exists (set-up creates it). */
  sheet: boolean;
}

const scacOf = (value: unknown, fallback: string): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback || null;

export function getFreeTimeRules(): FreeTimeReport {
  const ss = activeSpreadsheet();
  const run = new Execution('sidebar');
  const terms = readFreeTimeTerms(ss);
  const boxes: PricedBox[] = [];
  const tracking = ss.getSheetByName(TRACKING_SHEET);
  if (tracking) {
    const values = tracking.getDataRange().getValues() as SheetRow[];
    const rows = readRows(values, readLayout(values[0] ?? [])).filter((r) => !r.unusable);
    const all = run.store.allContainers();
    const byNumber = new Map(all.map((c) => [c.attributes.number, c]));
    const view = run.store.read([
      ...RecordStore.identifierKeys(rows.filter((r) => r.kind === 'shipment').map((r) => r.number)),
      ...RecordStore.shipmentKeys([...new Set(all.map((c) => c.shipmentId ?? ''))]),
    ]);
    const shipmentScac = (id: string | null) => {
      const cached = id ? view.shipment(id) : null;
      return cached && 'record' in cached ? cached.record.attributes.shipping_line_scac : null;
    };
    const seen = new Set<string>();
    const add = (c: (typeof all)[number], row: Row) => {
      if (seen.has(c.attributes.number)) return;
      seen.add(c.attributes.number);
      boxes.push({
        attributes: c.attributes,
        carrier: scacOf(shipmentScac(c.shipmentId), row.scac),
        contract: row.contract ?? null,
      });
    };
    for (const row of rows) {
      if (row.kind === 'container') {
        const c = byNumber.get(row.number);
        if (c) add(c, row);
        continue;
      }
      const found = view.shipmentIdFor(row.number);
      if (found && 'id' in found) for (const c of all) if (c.shipmentId === found.id) add(c, row);
    }
  }
  return { sheet: ss.getSheetByName(FREE_TIME_SHEET) != null, ...freeTimeSummary(terms, boxes) };
}
