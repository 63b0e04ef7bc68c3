// Fetches fresh data for the numbers on the Tracking sheet at the lowest request cost, within
// the run's budget, resuming next run where this one stopped. Three ways, chosen by counted cost
// (sync-cost.ts): a listing of the whole account (page cursor kept in document properties), a
// listing of the active work (the shipments still tracked, with their containers) plus one
// look-up per row it may not show, or one look-up per row. A row whose shipment stopped and
// whose final state the sheet already shows (`settled`) costs nothing: it is read again only when
// a listing shows it (a resumed shipment is in the active listing).

import type { ApiClient } from '../api/client';
import type { JsonApiDocument } from '../api/jsonapi';
import { MAX_PAGE_SIZE, listActiveShipmentsPage } from '../api/resources';
import { listPages, listedSize, type PageRun } from './page-listing';
import type { DurableStore } from '../core/ports';
import { RecordCollector } from './record-collector';
import { RecordStore, identifierKey } from './record-store';
import { activeSync, confirmUnseen, lookUpRows, recentlyMissing } from './sync-lookups';
import type { SyncResult } from './sync-result';
import { keepWritten } from './disappearances';
import {
  cheapestWay,
  loadSizes,
  saveSizes,
  worthProbingActive,
  type AccountSizes,
  type SyncCosts,
  type SyncWay,
} from './sync-cost';

const CURSOR_KEY = 'CT_SYNC_CURSOR';
/**
 * A listing spread over runs (hourly for an add-on) restarts from page 1 when older than this.
 * Pages shift while it runs (the service lists the most recently refreshed first), so numbers it
 * did not see are confirmed one by one before being called untracked.
 */
const CYCLE_MAX_AGE_MS = 24 * 3_600_000;
/** How many numbers a listing did not see one run confirms with targeted look-ups. */
const CONFIRM_PER_RUN = 100;

interface Cursor {
  startedAt: number;
  nextPage: number;
  pages: number;
}

export type { SyncResult } from './sync-result';

/** What the sheet already knows about its rows, so that the sync spends nothing on it. */
export interface SheetKnowledge {
  /**
   * Numbers the service already told us about through a tracking request (pending, failed…):
   * when a complete listing does not see them they are not tracked, without a look-up. Only
   * numbers that would otherwise get a tracking request are worth confirming.
   */
  requested?: ReadonlySet<string>;
  /** Rows whose shipment stopped and whose final state the row shows: no request for them. */
  settled?: ReadonlySet<string>;
  /** Rows last confirmed as tracked and not stopped: the active listing should show them. */
  active?: ReadonlySet<string>;
  /** Numbers whose tracking request has not (yet) given a shipment: no look-up finds them. */
  untracked?: ReadonlySet<string>;
  /**
   * Rows never confirmed and never requested (a number just typed): when no listing shows them,
   * their tracking request is their look-up (one request, not two: the service answers 422
   * duplicate when it tracks the number already, and the next run looks it up).
   */
  fresh?: ReadonlySet<string>;
}

export function syncForSheet(
  client: ApiClient,
  store: RecordStore,
  props: DurableStore,
  wanted: { containers: string[]; identifiers: string[] },
  now: number,
  knows: SheetKnowledge = {},
): SyncResult {
  const requested = knows.requested ?? new Set<string>();
  const settled = knows.settled ?? new Set<string>();
  const found = new RecordCollector();
  const result: SyncResult = {
    containers: found.containers,
    shipments: found.shipments,
    identifiers: found.identifiers,
    notTracked: new Set(),
    withheld: new Set(),
    failure: null,
    requests: 0,
    complete: false,
    partial: true,
    way: 'lookups',
  };
  const absorb = (doc: JsonApiDocument) => found.absorb(doc);
  const open = {
    containers: wanted.containers.filter((n) => !settled.has(n)),
    identifiers: wanted.identifiers.filter((i) => !settled.has(i)),
  };
  const openCount = open.containers.length + open.identifiers.length;
  if (openCount === 0) return { ...result, complete: true };

  const stored = props.getAll();
  let cursor: Cursor | null = null;
  try {
    cursor = stored[CURSOR_KEY] ? (JSON.parse(stored[CURSOR_KEY]) as Cursor) : null;
  } catch {
    cursor = null;
  }
  if (cursor && now - cursor.startedAt > CYCLE_MAX_AGE_MS) cursor = null;
  const sizes = loadSizes(stored, now);
  const learnt: Partial<AccountSizes> = {};

  const total = store.read([]).meta.total ?? sizes.containers;
  let knownPages =
    cursor?.pages ?? (total != null ? Math.max(1, Math.ceil(total / MAX_PAGE_SIZE)) : null);
  // Size unknown (the cache and the properties forgot it): the first page tells it, and may be
  // the whole account.
  let firstPage: PageRun | null = null;
  if (knownPages == null) {
    firstPage = listPages(client, 1, 1, 1, absorb);
    result.requests += firstPage.requests;
    if (firstPage.failure) {
      result.failure = firstPage.failure;
      return result;
    }
    knownPages = firstPage.ended ? 1 : firstPage.claimed;
    if (firstPage.ended) learnt.containers = listedSize(firstPage);
    else learnt.containers = knownPages * MAX_PAGE_SIZE;
    learnt.containersAt = now;
  }

  const untracked = knows.untracked ?? new Set<string>();
  const activeRows = knows.active ?? new Set<string>();
  const costs: SyncCosts = {
    // A listing in progress, or one page that was the whole account, is already paid for.
    listingPages: firstPage?.ended ? 0 : knownPages - (firstPage ? 1 : 0),
    activePages:
      sizes.activeShipments == null
        ? null
        : Math.max(1, Math.ceil(sizes.activeShipments / MAX_PAGE_SIZE)),
    open: openCount,
    expectedUnseen: [...open.containers, ...open.identifiers].filter(
      (n) => !activeRows.has(n) && !untracked.has(n),
    ).length,
  };
  // The active listing's first page tells its size and is its first page too.
  let activeFirst: PageRun | null = null;
  if (!cursor && worthProbingActive(costs)) {
    activeFirst = listPages(client, 1, 1, 1, absorb, listActiveShipmentsPage, {
      size: sizes.activeShipments,
    });
    result.requests += activeFirst.requests;
    if (!activeFirst.failure) {
      costs.activePages = activeFirst.ended ? 1 : activeFirst.claimed;
      learnt.activeShipments = activeFirst.ended
        ? listedSize(activeFirst)
        : activeFirst.claimed * MAX_PAGE_SIZE;
      learnt.activeAt = now;
      // Its first page is paid for already.
      costs.activePages -= 1;
    }
  }
  const way: SyncWay = cursor ? 'listing' : cheapestWay(costs);
  result.way = way;

  const fresh = knows.fresh ?? new Set<string>();
  if (way === 'lookups') {
    // What the first pages (if read) did not already answer; new rows get a tracking request.
    const seen = (n: string) =>
      result.containers.has(n) || result.identifiers.has(identifierKey(n));
    for (const n of [...open.containers, ...open.identifiers])
      if (fresh.has(n) && !seen(n)) result.notTracked.add(n);
    lookUpRows(
      client,
      found,
      {
        containers: open.containers.filter((n) => !fresh.has(n)),
        identifiers: open.identifiers.filter((i) => !fresh.has(i)),
      },
      result,
    );
    result.complete = !result.failure;
  } else if (way === 'active') {
    const noLookUp = new Set([...untracked, ...fresh]);
    activeSync(client, store, found, open, now, activeFirst, noLookUp, result, learnt, sizes);
  } else {
    const c: Cursor = cursor ?? {
      startedAt: now,
      nextPage: firstPage?.nextPage ?? 1,
      pages: knownPages,
    };
    // The run's own budget (time, rate share) bounds it: the client stops granting requests.
    const run = firstPage?.ended
      ? firstPage
      : listPages(client, c.nextPage, c.pages, Number.POSITIVE_INFINITY, absorb, undefined, {
          size: total,
          emptyIsOdd: true,
        });
    if (run !== firstPage) result.requests += run.requests;
    result.failure = run.failure;
    c.nextPage = run.nextPage;
    c.pages = run.claimed;
    result.complete = run.ended;
    result.partial = !(result.complete && !cursor);
    if (result.complete) {
      if (!cursor) {
        learnt.containers = listedSize(run);
        learnt.containersAt = now;
      }
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
      // Settled rows the listing did not see keep their final state: nothing to confirm.
      const unseen = [
        ...open.containers.filter((n) => !result.containers.has(n) && !seenEarlier(n, true)),
        ...open.identifiers.filter(
          (i) => !result.identifiers.has(identifierKey(i)) && !seenEarlier(i, false),
        ),
      ];
      // Pages shift while they are read (the service lists the most recently refreshed first),
      // even within one run: a number the listing missed is looked up before it is called
      // untracked. Those beyond this run's share wait for the next run, keeping their values.
      const missing = recentlyMissing(earlier, new Set(wanted.containers), now);
      const known = (n: string) => requested.has(n) || missing(n);
      for (const n of unseen) if (known(n)) result.notTracked.add(n);
      const confirm = unseen.filter((n) => !known(n));
      // A listing that answered boxes blank cannot tell which rows they were: no look-up is spent
      // on them, they keep their values this run.
      if (found.blanks > 0) for (const n of confirm) result.withheld.add(n);
      else confirmUnseen(client, found, confirm.slice(0, CONFIRM_PER_RUN), result);
      if (cursor) props.remove(CURSOR_KEY);
    } else if (c.nextPage > 1) {
      props.setAll({ [CURSOR_KEY]: JSON.stringify(c) });
    }
  }
  saveSizes(props, sizes, learnt);

  const wantedContainers = new Set(wanted.containers);
  const notTracked = [...result.notTracked];
  const wholeListing = result.complete && way === 'listing' && !cursor && found.blanks === 0;
  const written = store.write({
    containers: [...result.containers.values()],
    shipments: [...result.shipments.values()],
    missingContainers: notTracked.filter((n) => wantedContainers.has(n)),
    missingIdentifiers: notTracked.filter((n) => !wantedContainers.has(n)),
    // A listing done within this run is a full picture of the account; one spread over runs is not.
    meta: wholeListing ? { total: result.containers.size, totalAt: now, listedAt: now } : {},
    replaceAll: wholeListing,
  });
  // What the cache kept (a value gone for one read stays until a second look) is what the rows
  // show and the change pipeline observes.
  keepWritten(result, written);
  for (const n of written.withheld) result.withheld.add(n);
  return result;
}
