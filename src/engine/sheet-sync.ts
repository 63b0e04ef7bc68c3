// Fetches fresh data for every number on the Tracking sheet at the lowest request cost, within
// the run's budget, resuming next run where this one stopped: a listing of the account (page
// cursor kept in document properties) or, for a few rows in a large account, targeted look-ups.

import type { ApiClient } from '../api/client';
import type { JsonApiDocument } from '../api/jsonapi';
import { MAX_PAGE_SIZE, searchShipments } from '../api/resources';
import type { AppError } from '../core/errors';
import type { ContainerRecord, ShipmentRecord } from '../core/model';
import { DEFAULT_LOAD_POLICY } from './account-loader';
import { listPages, wasSent, type PageRun } from './page-listing';
import type { DurableStore } from './ports';
import { RecordCollector, isApiError } from './record-collector';
import { RecordStore, identifierKey } from './record-store';

const CURSOR_KEY = 'CT_SYNC_CURSOR';
/**
 * A listing spread over runs (hourly for an add-on) restarts from page 1 when older than this.
 * Pages shift while it runs (the service lists the most recently refreshed first), so numbers it
 * did not see are confirmed one by one before being called untracked.
 */
const CYCLE_MAX_AGE_MS = 24 * 3_600_000;
/**
 * A look-up that found nothing is trusted this long (the cache's negative entry): a later run in
 * that time calls the number untracked without asking again, so numbers confirmed by one run but
 * not yet requested (its rate share ran out) are not looked up over and over.
 */
const CONFIRMED_MISSING_MS = 10 * 60_000;
/** How many numbers a listing did not see one run confirms with targeted look-ups. */
const CONFIRM_PER_RUN = 100;

interface Cursor {
  startedAt: number;
  nextPage: number;
  pages: number;
}

export interface SyncResult {
  containers: Map<string, ContainerRecord>;
  shipments: Map<string, ShipmentRecord>;
  /** Shipment identifier key → shipment id. */
  identifiers: Map<string, string>;
  /** Numbers the service confirmed it does not track (a complete cycle did not see them). */
  notTracked: Set<string>;
  /** Why the remaining numbers got no news this run. */
  failure: AppError | null;
  requests: number;
  complete: boolean;
  /** This run saw only part of the account (a listing spread over runs, or targeted look-ups). */
  partial: boolean;
}

export function syncForSheet(
  client: ApiClient,
  store: RecordStore,
  props: DurableStore,
  wanted: { containers: string[]; identifiers: string[] },
  now: number,
  /**
   * Numbers the service already told us about through a tracking request (pending, failed…):
   * when a listing does not see them they are not tracked, without a look-up. Only numbers that
   * would otherwise get a tracking request are worth confirming.
   */
  requested: ReadonlySet<string> = new Set(),
): SyncResult {
  const found = new RecordCollector();
  const result: SyncResult = {
    containers: found.containers,
    shipments: found.shipments,
    identifiers: found.identifiers,
    notTracked: new Set(),
    failure: null,
    requests: 0,
    complete: false,
    partial: true,
  };
  const absorb = (doc: JsonApiDocument) => found.absorb(doc);
  const demand = wanted.containers.length + wanted.identifiers.length;
  if (demand === 0) return { ...result, complete: true };

  const stored = props.getAll()[CURSOR_KEY];
  let cursor: Cursor | null = null;
  try {
    cursor = stored ? (JSON.parse(stored) as Cursor) : null;
  } catch {
    cursor = null;
  }
  if (cursor && now - cursor.startedAt > CYCLE_MAX_AGE_MS) cursor = null;

  const total = store.read([]).meta.total;
  let knownPages =
    cursor?.pages ?? (total != null ? Math.max(1, Math.ceil(total / MAX_PAGE_SIZE)) : null);
  // Size unknown (the cache forgot it): the first page tells it, and may be the whole account.
  let firstPage: PageRun | null = null;
  if (knownPages == null) {
    firstPage = listPages(client, 1, 1, 1, absorb);
    result.requests += firstPage.requests;
    if (firstPage.failure) {
      result.failure = firstPage.failure;
      return result;
    }
    knownPages = firstPage.ended ? 1 : firstPage.claimed;
  }
  const useListing = knownPages <= Math.max(DEFAULT_LOAD_POLICY.smallAccountPages, demand);

  if (!useListing) {
    // What the first page (if read) did not already answer.
    const containers = wanted.containers.filter((n) => !result.containers.has(n));
    const identifiers = wanted.identifiers.filter((i) => !result.identifiers.has(identifierKey(i)));
    const queries = [...containers, ...identifiers];
    const docs = client.sendAll(queries.map(searchShipments));
    result.requests += docs.filter(wasSent).length;
    docs.forEach((d, i) => {
      if (isApiError(d)) {
        result.failure ??= d;
        return;
      }
      absorb(d);
      const q = queries[i]!;
      const found =
        i < containers.length ? result.containers.has(q) : result.identifiers.has(identifierKey(q));
      if (!found) result.notTracked.add(q);
    });
    result.complete = !result.failure;
  } else {
    const c: Cursor = cursor ?? {
      startedAt: now,
      nextPage: firstPage?.nextPage ?? 1,
      pages: knownPages,
    };
    // The run's own budget (time, rate share) bounds it: the client stops granting requests.
    const run = firstPage?.ended
      ? firstPage
      : listPages(client, c.nextPage, c.pages, Number.POSITIVE_INFINITY, absorb);
    if (run !== firstPage) result.requests += run.requests;
    result.failure = run.failure;
    c.nextPage = run.nextPage;
    c.pages = run.claimed;
    result.complete = run.ended;
    result.partial = !(result.complete && !cursor);
    if (result.complete) {
      // Seen in this cycle = fetched in this run, or stored by an earlier run of the cycle. An
      // evicted entry reads as unseen: at worst that costs a tracking request the service answers
      // with 422 duplicate, which the ledger records as tracked.
      const earlier = store.read([
        ...RecordStore.containerKeys(wanted.containers),
        ...RecordStore.identifierKeys(wanted.identifiers),
      ]);
      const seenEarlier = (n: string, isContainer: boolean) => {
        if (!cursor) return false;
        if (isContainer) {
          const e = earlier.container(n);
          return !!e && 'fetchedAt' in e && e.fetchedAt >= c.startedAt;
        }
        const e = earlier.shipmentIdFor(n);
        return !!e && 'at' in e && e.at >= c.startedAt;
      };
      const unseen = [
        ...wanted.containers.filter((n) => !result.containers.has(n) && !seenEarlier(n, true)),
        ...wanted.identifiers.filter(
          (i) => !result.identifiers.has(identifierKey(i)) && !seenEarlier(i, false),
        ),
      ];
      // Pages shift while they are read (the service lists the most recently refreshed first),
      // even within one run: a number the listing missed is looked up before it is called
      // untracked. Those beyond this run's share wait for the next run, keeping their values.
      const containerSet = new Set(wanted.containers);
      const recentlyMissing = (n: string) => {
        const e = containerSet.has(n) ? earlier.container(n) : earlier.shipmentIdFor(n);
        return !!e && 'missingAt' in e && now - e.missingAt < CONFIRMED_MISSING_MS;
      };
      const known = (n: string) => requested.has(n) || recentlyMissing(n);
      for (const n of unseen) if (known(n)) result.notTracked.add(n);
      const confirm = unseen.filter((n) => !known(n));
      confirmUnseen(client, found, confirm.slice(0, CONFIRM_PER_RUN), result);
      if (cursor) props.remove(CURSOR_KEY);
    } else if (c.nextPage > 1) {
      props.setAll({ [CURSOR_KEY]: JSON.stringify(c) });
    }
  }

  const wantedContainers = new Set(wanted.containers);
  const untracked = [...result.notTracked];
  store.write({
    containers: [...result.containers.values()],
    shipments: [...result.shipments.values()],
    missingContainers: untracked.filter((n) => wantedContainers.has(n)),
    missingIdentifiers: untracked.filter((n) => !wantedContainers.has(n)),
    // A listing done within this run is a full picture of the account; one spread over runs is not.
    meta:
      result.complete && useListing && !cursor
        ? { total: result.containers.size, totalAt: now, listedAt: now }
        : {},
    replaceAll: result.complete && useListing && !cursor,
  });
  return result;
}

/** Targeted look-ups for numbers a multi-run listing missed: found, or confirmed untracked. */
function confirmUnseen(
  client: ApiClient,
  found: RecordCollector,
  numbers: string[],
  result: SyncResult,
): void {
  if (numbers.length === 0) return;
  const docs = client.sendAll(numbers.map(searchShipments));
  result.requests += docs.filter(wasSent).length;
  docs.forEach((d, i) => {
    const n = numbers[i]!;
    if (isApiError(d)) {
      result.failure ??= d;
      return;
    }
    found.absorb(d);
    if (!found.containers.has(n) && !found.hasIdentifier(n)) result.notTracked.add(n);
  });
}
