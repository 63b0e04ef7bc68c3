// What the evidence for a dispute reads (docs/reference.md#evidence), each once: the box and its
// transport events in ONE request (or, when the service cannot answer, the box as the add-in last
// cached it, without events), the Tracking row that holds it (its Contract and SCAC), the Free Time
// rules and the Closed Days, and the box's rows of the Change Log and its archive. Nothing here
// writes anything.

import { recordsOf } from '../../api/resources';
import { containerWithEventsCall } from '../../api/shipment-tracking';
import type { LogRow } from '../../core/box-history';
import type { ClosedDays } from '../../core/closed-days';
import { toAppError } from '../../core/errors';
import { FREE_TIME_SHEET, readFreeTime, type FreeTimeTerms } from '../../core/free-time';
import { newerJourney } from '../../core/journeys';
import type { ContainerRecord, ShipmentRecord } from '../../core/model';
import type { RowInput } from '../../core/row-input';
import { readLayout } from '../../core/sheet-layout';
import { buildTimeline, type EventResource, type TimelineEvent } from '../../core/timeline';
import { RecordStore, identifierKey } from '../../engine/record-store';
import type { Execution } from '../../execution/execution';
import { CHANGE_LOG_ARCHIVE_SHEET, CHANGE_LOG_SHEET } from '../changes/change-log';
import { readClosedDaysSheet } from '../money/closed-days-sheet';
import { readRows, type Row } from '../sheets/rows-io';
import { TRACKING_SHEET } from '../sheets/sheet-names';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export interface FetchedBox {
  container: ContainerRecord;
  shipment: ShipmentRecord | null | undefined;
  events: TimelineEvent[];
  /** Why the service was not asked or did not answer (the box then comes from the cache). */
  problem: string | null;
}

/** The box and its events from the service; the cached box when the service cannot answer. */
export function fetchBox(run: Execution, number: string): FetchedBox | { problem: string } {
  let problem: string;
  try {
    const doc = run.client().send(containerWithEventsCall(number));
    const { containers, shipments } = recordsOf(doc);
    const journeys = containers.filter((c) => c.attributes.number === number);
    if (journeys.length > 0) {
      const container = journeys.reduce(newerJourney);
      const shipment = container.shipmentId
        ? shipments.find((s) => s.id === container.shipmentId)
        : null;
      const resources = [...(Array.isArray(doc.data) ? doc.data : []), ...(doc.included ?? [])];
      const own = resources.filter((r) => {
        const data = r.relationships?.container?.data;
        return (
          r.type === 'transport_event' &&
          !!data &&
          !Array.isArray(data) &&
          data.id === container.id &&
          r.attributes?.invalidated_at == null
        );
      }) as EventResource[];
      return {
        container,
        shipment,
        events: buildTimeline(own, resources as EventResource[]),
        problem: null,
      };
    }
    problem = `The tracking service does not track ${number}.`;
  } catch (e) {
    problem = toAppError(e).message;
  }
  const view = run.store.read(RecordStore.containerKeys([number]));
  const cached = view.container(number);
  if (!cached || !('record' in cached)) return { problem };
  const id = cached.record.shipmentId;
  const ship = id ? run.store.read(RecordStore.shipmentKeys([id])).shipment(id) : null;
  return {
    container: cached.record,
    shipment: ship && 'record' in ship ? ship.record : id ? undefined : null,
    events: [],
    problem,
  };
}

/** The Tracking row that holds the box: its own row, else its BOL or booking row. */
export function trackingRowOf(
  ss: Spreadsheet,
  number: string,
  shipment: ShipmentRecord | null | undefined,
): RowInput | null {
  const sheet = ss.getSheetByName(TRACKING_SHEET);
  if (!sheet) return null;
  const values = sheet.getDataRange().getValues() as Row[];
  let rows: RowInput[];
  try {
    rows = readRows(values, readLayout(values[0] ?? [])).filter((r) => !r.unusable);
  } catch {
    return null;
  }
  const own = rows.find((r) => r.kind === 'container' && r.number === number);
  if (own) return own;
  const a = shipment?.attributes;
  const keys = new Set(
    [a?.bill_of_lading_number, a?.booking_number, a?.normalized_number]
      .filter((n): n is string => typeof n === 'string' && n !== '')
      .map(identifierKey),
  );
  return rows.find((r) => r.kind === 'shipment' && keys.has(identifierKey(r.number))) ?? null;
}

export interface Terms {
  terms: FreeTimeTerms;
  /** The Free Time sheet's values, to quote the rows that priced the box. */
  values: unknown[][];
}

/** The rules and, always (the day rows show them), the Closed Days. */
export function readTerms(ss: Spreadsheet, sheetZone: string): Terms {
  const sheet = ss.getSheetByName(FREE_TIME_SHEET);
  const values = sheet ? sheet.getDataRange().getValues() : [];
  const closedDays: ClosedDays = readClosedDaysSheet(ss, sheetZone);
  return { terms: { ...readFreeTime(values), closedDays }, values };
}

/** The box's rows of the Change Log and its archive. */
export function logRowsOf(ss: Spreadsheet, number: string): LogRow[] {
  const out: LogRow[] = [];
  for (const name of [CHANGE_LOG_ARCHIVE_SHEET, CHANGE_LOG_SHEET]) {
    const sheet = ss.getSheetByName(name);
    if (!sheet) continue;
    for (const r of sheet.getDataRange().getValues().slice(1)) {
      if (String(r[1] ?? '').trim() !== number) continue;
      const at = r[0] instanceof Date ? r[0].getTime() : Date.parse(String(r[0] ?? ''));
      if (Number.isNaN(at)) continue;
      out.push({ at, field: String(r[2] ?? ''), old: String(r[3] ?? ''), new: String(r[4] ?? '') });
    }
  }
  return out;
}
