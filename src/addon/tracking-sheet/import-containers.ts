// importAllContainers(): a `container` row in the Tracking sheet for every container the account
// tracks that no row holds yet, nor a BOL or booking row of its shipment (the service's own
// DataSync hands users every container too). Rows are only appended: nothing is deleted, moved
// or rewritten. The new rows are filled at once from the listing. With the setting `autoImport`,
// each refresh does the same (unfinished boxes of the shipments still tracked).
//
// Unfinished is "money may still run": a box not picked up yet, or out with its empty not back,
// whatever its shipment's state (docs/reference.md, "Import all tracked containers"): a stopped
// shipment's delivered box whose empty is out runs detention like any other. The service stops
// watching a box 28 days after its last pickup, so an empty that comes back after that is never
// seen: a stopped shipment's box out for longer than STOPPED_OUT_WINDOW_MS is history, not work.
//
// Cost: the menu's import reads the account's listing, ⌈N/100⌉ pages (the most the API allows per
// page), or nothing when a complete listing of the last few minutes is still in the cache: the
// stopped shipments' boxes are only there. A refresh's autoImport reads the active work, the
// shipments still tracked with their containers (⌈active shipments/100⌉ pages, or nothing during
// a refresh that read them already).

import type { ApiClient } from '../../api/client';
import { metaNumber } from '../../api/jsonapi';
import { MAX_PAGE_SIZE, listActiveShipmentsPage, listContainersPage } from '../../api/resources';
import { AppError, toAppError } from '../../core/errors';
import type { ContainerRecord, ShipmentRecord } from '../../core/model';
import type { RowInput } from '../../core/row-input';
import type { RowOutputs } from '../../core/row-outputs';
import { listPages } from '../../engine/page-listing';
import type { SyncResult } from '../../engine/sheet-sync';
import { plural, sentence } from '../../core/wording';
import { keepWritten } from '../../engine/disappearances';
import { RecordCollector, isApiError } from '../../engine/record-collector';
import { RecordStore, shipmentIdentifiers } from '../../engine/record-store';
import { Execution, BUDGETS } from '../../execution/execution';
import { releaseLease, takeLease } from '../../gas/leases';
import { appendNewRows, type AppendOptions, type NewRow } from './append';
import { trackedRowUpdate } from '../sheets/row-writes';
import { containersByShipment } from '../sheets/fresh-records';
import { TRACKING_SHEET } from '../sheets/sheet-names';
import { activeSpreadsheet } from '../../gas/stores';
import { appsScriptClock } from '../../gas/clock';
import { PRODUCT_NAME } from '../../core/product';

/** A cached listing younger than this stands in for a new one. */
const CACHED_LISTING_FRESH_MS = 15 * 60_000;

/** How long after its full-out a stopped shipment's box whose empty is not back is still work. */
export const STOPPED_OUT_WINDOW_MS = 60 * 86_400_000;

/**
 * Finished: nothing left to do for the container. Its empty is back (`current_status`
 * `empty_returned`, or an `empty_terminated_at` time even when the status lags behind), or its
 * shipment stopped because every empty came back (`all_containers_terminated`), or its shipment
 * stopped and it went out so long ago that the service no longer watches for its empty.
 * A delivered box whose empty is out is not finished: detention runs until the empty is back.
 */
export function isFinished(
  c: ContainerRecord,
  shipment?: ShipmentRecord,
  now: number = Date.now(),
): boolean {
  const a = c.attributes;
  if (a.current_status === 'empty_returned') return true;
  if (typeof a.empty_terminated_at === 'string' && a.empty_terminated_at !== '') return true;
  const stop = shipment?.attributes;
  if (!stop || (stop.line_tracking_stopped_at ?? null) === null) return false;
  if (stop.line_tracking_stopped_reason === 'all_containers_terminated') return true;
  const outAt = [a.pod_full_out_at, a.final_destination_full_out_at]
    .map((v) => (typeof v === 'string' ? Date.parse(v) : NaN))
    .find((ms) => Number.isFinite(ms));
  return outAt !== undefined && now - outAt > STOPPED_OUT_WINDOW_MS;
}

export interface AccountListing {
  containers: ContainerRecord[];
  /** The containers' shipments (those the listing or the cache holds). */
  shipments: ShipmentRecord[];
  requests: number;
  /** Why the listing is incomplete (its pages that did arrive are still used). */
  failure: AppError | null;
}

/** Every container of the account: a fresh complete listing from the cache, or the listing. */
export function listAccount(run: Execution, client: ApiClient, now: number): AccountListing {
  const meta = run.store.read([]).meta;
  if (meta.listedAt > 0 && now - meta.listedAt < CACHED_LISTING_FRESH_MS && meta.total != null) {
    const cached = run.store.allContainers();
    // Cache entries can be evicted: only a whole account counts as a listing.
    if (cached.length >= meta.total) {
      const ids = [...new Set(cached.flatMap((c) => (c.shipmentId ? [c.shipmentId] : [])))];
      const view = run.store.read(RecordStore.shipmentKeys(ids));
      const shipments = ids.flatMap((id) => {
        const s = view.shipment(id);
        return s && 'record' in s ? [s.record] : [];
      });
      return { containers: cached, shipments, requests: 0, failure: null };
    }
  }
  const found = new RecordCollector();
  const [first] = client.sendAll([listContainersPage(1)]);
  if (isApiError(first!)) return { containers: [], shipments: [], requests: 1, failure: first };
  found.absorb(first!);
  const total = metaNumber(first!, 'total') ?? found.containers.size;
  const pages: number[] = [];
  for (let p = 2; p <= Math.ceil(total / MAX_PAGE_SIZE); p++) pages.push(p);
  let failure: AppError | null = null;
  for (const doc of client.sendAll(pages.map(listContainersPage))) {
    if (isApiError(doc)) failure ??= doc;
    else found.absorb(doc);
  }
  // Cells and the sheet get the records too (a complete picture is the refresh's to declare),
  // as the cache keeps them (a value gone for one read waits for a second look).
  keepWritten(
    found,
    run.store.write({
      containers: [...found.containers.values()],
      shipments: [...found.shipments.values()],
    }),
  );
  return {
    containers: [...found.containers.values()],
    shipments: [...found.shipments.values()],
    requests: 1 + pages.length,
    failure,
  };
}

/**
 * How the listing's rows are appended: a box whose shipment has a BOL or booking row is covered
 * by it; a new row is filled from the listing, as a refresh would fill it.
 */
function appendOptions(
  listing: AccountListing,
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  appUrl: string,
  now: number,
): AppendOptions {
  const containers = new Map(listing.containers.map((c) => [c.attributes.number, c]));
  const shipments = new Map(listing.shipments.map((s) => [s.id, s]));
  const byShipment = containersByShipment(containers.values());
  const fresh = { containers, shipments, identifiers: new Map<string, string>() };
  let tz: string | null = null;
  return {
    shipmentKeysOf: (row) => {
      const id = containers.get(row.Number)?.shipmentId;
      const shipment = id ? shipments.get(id) : undefined;
      return shipment ? shipmentIdentifiers(shipment) : [];
    },
    outputsOf: (row: RowInput): RowOutputs | null => {
      tz ??= sheet.getParent().getSpreadsheetTimeZone();
      return trackedRowUpdate(row, fresh, byShipment, tz, now, appUrl);
    },
  };
}

/** Whether the service still tracks the shipment (its stop time and reason are both empty). */
function stillTracked(s: ShipmentRecord | undefined): boolean {
  const a = s?.attributes;
  return !!a && (a.line_tracking_stopped_at ?? null) === null;
}

/** The containers of `records` whose shipment the service still tracks. */
function activeContainers(records: {
  containers: Iterable<ContainerRecord>;
  shipments: ReadonlyMap<string, ShipmentRecord>;
}): ContainerRecord[] {
  return [...records.containers].filter(
    (c) => !!c.shipmentId && stillTracked(records.shipments.get(c.shipmentId)),
  );
}

/** The active work: the shipments still tracked with their containers, ⌈active/100⌉ pages. */
export function listActiveWork(run: Execution, client: ApiClient): AccountListing {
  const found = new RecordCollector();
  const pages = listPages(
    client,
    1,
    1,
    Number.POSITIVE_INFINITY,
    (doc) => found.absorb(doc),
    listActiveShipmentsPage,
  );
  // Cells and the sheet get the records too, as the cache keeps them.
  keepWritten(
    found,
    run.store.write({
      containers: [...found.containers.values()],
      shipments: [...found.shipments.values()],
    }),
  );
  return {
    containers: activeContainers({
      containers: found.containers.values(),
      shipments: found.shipments,
    }),
    shipments: [...found.shipments.values()],
    requests: pages.requests,
    failure: pages.failure,
  };
}

/** The rows to append for `containers`, in number order (a stable, findable order). */
export function containerRows(
  listing: Pick<AccountListing, 'containers' | 'shipments'>,
  includeFinished: boolean,
  now: number,
): NewRow[] {
  const shipments = new Map(listing.shipments.map((s) => [s.id, s]));
  const shipmentOf = (c: ContainerRecord) =>
    c.shipmentId ? shipments.get(c.shipmentId) : undefined;
  return listing.containers
    .filter((c) => includeFinished || !isFinished(c, shipmentOf(c), now))
    .map((c) => c.attributes.number)
    .sort()
    .map((number) => ({ Number: number, Type: 'container' }));
}

export interface ImportReport {
  ok: boolean;
  message: string;
  added: number;
  requests: number;
}

export function importAllContainers(options: { includeFinished?: boolean } = {}): ImportReport {
  const includeFinished = options?.includeFinished === true;
  const run = new Execution('sidebar');
  const props = run.stores.state();
  const now = () => appsScriptClock.now();
  const owner = Math.random().toString(36).slice(2);
  // The refresh's lease: an import never appends while a refresh is reading or writing rows.
  if (!takeLease(run.lock, props, owner, now(), BUDGETS.sidebar.timeMs + 60_000)) {
    return {
      ok: false,
      message: 'A refresh is running; import again when it has finished.',
      added: 0,
      requests: 0,
    };
  }
  try {
    const sheet = activeSpreadsheet().getSheetByName(TRACKING_SHEET);
    if (!sheet) {
      throw new AppError(
        'input',
        `There is no sheet named "${TRACKING_SHEET}". Run Extensions → ${PRODUCT_NAME} → Set up Tracking sheet first.`,
      );
    }
    const client = run.client(run.settings());
    // Boxes of stopped shipments are only in the account's listing (docs/reference.md).
    const listing = listAccount(run, client, now());
    const added = appendNewRows(
      sheet,
      containerRows(listing, includeFinished, now()),
      run.lock,
      appendOptions(listing, sheet, run.settings().appUrl, now()),
    );
    const parts = [`Added ${plural(added.length, 'container row')}`];
    parts.push(plural(listing.requests, 'request'));
    if (listing.failure) parts.push(`stopped early: ${listing.failure.message}`);
    return {
      ok: !listing.failure,
      message: sentence(parts.join('; ')),
      added: added.length,
      requests: listing.requests,
    };
  } catch (e) {
    return {
      ok: false,
      message: sentence(`Import failed: ${toAppError(e).message}`),
      added: 0,
      requests: 0,
    };
  } finally {
    releaseLease(run.lock, props, owner);
  }
}

/**
 * The refresh's step for `autoImport`: the same import, unfinished containers only. A refresh
 * that read the active work or the whole account already has them: no request.
 */
export function importDuringRefresh(
  run: Execution,
  client: ApiClient,
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  sync: SyncResult,
  now: number,
): { added: number; requests: number; failure: AppError | null } {
  const covered =
    sync.complete &&
    !sync.failure &&
    (sync.way === 'active' || (sync.way === 'listing' && !sync.partial));
  const listing: AccountListing = covered
    ? {
        containers: activeContainers({
          containers: sync.containers.values(),
          shipments: sync.shipments,
        }),
        shipments: [...sync.shipments.values()],
        requests: 0,
        failure: null,
      }
    : listActiveWork(run, client);
  const added = appendNewRows(
    sheet,
    containerRows(listing, false, now),
    run.lock,
    appendOptions(listing, sheet, run.settings().appUrl, now),
  );
  return { added: added.length, requests: listing.requests, failure: listing.failure };
}
