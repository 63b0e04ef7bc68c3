// Fetches what a lookup is missing at the lowest request cost: a full listing of the account
// (⌈N/100⌉ requests, answers every later question too) when the account is small or the demand
// is large, else one targeted `/shipments?q=` per missing number. A listing too large for one
// load continues where the previous load stopped (its progress is kept with the account's meta),
// taking at most a share of each minute's requests, so a range over a large account converges
// at close to ⌈N/100⌉ pages and leaves room for the sidebar and the refresh.

import type { ApiClient } from '../api/client';
import { MAX_PAGE_SIZE, listActiveShipmentsPage } from '../api/resources';
import { AppError } from '../core/errors';
import type { ContainerRecord } from '../core/model';
import { claimedPages, listPages, listedSize, type PageRun } from './page-listing';
import { RecordCollector } from './record-collector';
import type { AccountMeta, ListingProgress, StoreUpdate } from './record-store';
import { cheapestWay, worthProbingActive, type SyncCosts } from './sync-cost';
import { answeredBlank } from './disappearances';
import { lookUp, type LoadRequest } from './number-lookups';

export interface LoadPolicy {
  /** Accounts of up to this many pages are always listed whole: it serves every other cell too. */
  smallAccountPages: number;
  /** How long a known account size is trusted. */
  totalTrustMs: number;
  /** Listing pages one range may request in any minute; the rest of the window is for others. */
  listingShare: number;
  /** A listing spread over loads restarts when older than this (its first pages go stale). */
  listingMaxAgeMs: number;
  /** Numbers a complete listing did not see that one load confirms with targeted look-ups. */
  confirmPerLoad: number;
}

export const DEFAULT_LOAD_POLICY: LoadPolicy = {
  smallAccountPages: 20,
  totalTrustMs: 6 * 3_600_000,
  listingShare: 60,
  listingMaxAgeMs: 12 * 60_000,
  confirmPerLoad: 10,
};

const MINUTE_MS = 60_000;

export type { LoadRequest } from './number-lookups';

export interface LoadResult {
  update: StoreUpdate;
  /** Per wanted number or identifier: why it could not be answered (when it could not). */
  failures: Map<string, AppError>;
  requests: number;
}

function loadingError(progress: ListingProgress): AppError {
  return new AppError(
    'busy',
    `Loading the account: ${progress.nextPage - 1} of about ${progress.claimed} pages so far. The rest follows within a few minutes; recalculate (or wait for the next refresh) to fill this in.`,
  );
}

export function loadMissing(
  client: ApiClient,
  want: LoadRequest,
  meta: AccountMeta,
  now: number,
  policy: LoadPolicy = DEFAULT_LOAD_POLICY,
): LoadResult {
  const found = new RecordCollector();
  const failures = new Map<string, AppError>();
  let requests = 0;
  const stillWanted = () => ({
    containers: want.containers.filter((n) => !found.containers.has(n)),
    identifiers: want.identifiers.filter((i) => !found.hasIdentifier(i)),
  });
  const failAll = (error: AppError, left = stillWanted()) => {
    for (const n of [...left.containers, ...left.identifiers]) failures.set(n, error);
  };
  const absorb = found.absorb.bind(found);

  const previous =
    meta.listing && now - meta.listing.startedAt < policy.listingMaxAgeMs ? meta.listing : null;
  const windowOpen = previous != null && now - previous.windowStart < MINUTE_MS;
  const progress: ListingProgress = previous
    ? {
        ...previous,
        windowStart: windowOpen ? previous.windowStart : now,
        spent: windowOpen ? previous.spent : 0,
      }
    : { startedAt: now, nextPage: 1, claimed: 1, windowStart: now, spent: 0 };
  const update: StoreUpdate = { meta: { flight: null } };
  const finish = (): LoadResult => {
    update.containers = [...found.containers.values()];
    update.shipments = [...found.shipments.values()];
    return { update, failures, requests };
  };

  let total = meta.total != null && now - meta.totalAt < policy.totalTrustMs ? meta.total : null;
  if (!previous && total == null) {
    // The first page tells the account's size and may already hold what we want.
    const first = listPages(client, 1, 1, 1, absorb);
    requests += first.requests;
    if (first.failure) {
      failAll(first.failure);
      return { update: {}, failures, requests };
    }
    progress.spent += first.requests;
    progress.nextPage = first.nextPage;
    progress.claimed = first.claimed;
    total = first.ended ? listedSize(first) : first.claimed * MAX_PAGE_SIZE;
    // Only a count we just read renews the trust in it.
    update.meta = { total, totalAt: now, flight: null };
    if (first.ended) return completeListing(client, found, want, now, update, policy, finish);
  }

  const left = stillWanted();
  const demand = left.containers.length + left.identifiers.length;
  if (demand === 0) return finish();
  const pages = claimedPages(total);
  if (!previous && pages > Math.max(policy.smallAccountPages, demand)) {
    // Listing the whole account costs more than asking for each number. Cheaper still, when the
    // numbers are mostly those still tracked (a sheet's active work): the active shipments'
    // listing, with a look-up for any it does not show. Chosen by counted cost; what the active
    // listing will not show is estimated from what the service last said of the account.
    const knownActive =
      meta.active != null && now - (meta.activeAt ?? 0) < policy.totalTrustMs ? meta.active : null;
    const costs: SyncCosts = {
      listingPages: null,
      activePages: knownActive == null ? null : claimedPages(knownActive),
      open: demand,
      expectedUnseen: Math.round(demand * stoppedShare(found, meta)),
    };
    let activeFirst: PageRun | null = null;
    if (worthProbingActive(costs)) {
      activeFirst = listPages(client, 1, 1, 1, absorb, listActiveShipmentsPage);
      requests += activeFirst.requests;
      if (!activeFirst.failure) {
        const active = activeFirst.ended
          ? listedSize(activeFirst)
          : activeFirst.claimed * MAX_PAGE_SIZE;
        update.meta = { ...update.meta, active, activeAt: now };
        costs.activePages = claimedPages(active) - 1;
      }
    }
    const way = cheapestWay(costs);
    if (way === 'lookups') {
      lookUp(client, found, stillWanted(), update, failures, (n) => (requests += n));
      return finish();
    }
    if (way === 'active') {
      const run = activeFirst?.ended
        ? activeFirst
        : listPages(
            client,
            activeFirst?.nextPage ?? 1,
            activeFirst?.claimed ?? costs.activePages ?? 1,
            policy.listingShare,
            absorb,
            listActiveShipmentsPage,
          );
      if (run !== activeFirst) requests += run.requests;
      if (run.ended) {
        const activeContainers = [...found.containers.values()].filter((c) =>
          isActive(found, c),
        ).length;
        update.meta = {
          ...update.meta,
          active: listedSize(run),
          activeAt: now,
          activeContainers,
        };
        lookUp(client, found, stillWanted(), update, failures, (n) => (requests += n));
      } else {
        failAll(run.failure ?? loadingError(progress));
      }
      return finish();
    }
  }

  if (progress.nextPage === 1) progress.claimed = pages;
  const allowed = policy.listingShare - progress.spent;
  if (allowed <= 0) {
    // This minute's share is spent: the next load (a minute on) continues.
    update.meta = { ...update.meta, listing: progress };
    failAll(loadingError(progress));
    return finish();
  }
  const known = { size: total, emptyIsOdd: true };
  const run = listPages(
    client,
    progress.nextPage,
    progress.claimed,
    allowed,
    absorb,
    undefined,
    known,
  );
  requests += run.requests;
  progress.spent += run.requests;
  progress.nextPage = run.nextPage;
  progress.claimed = Math.max(run.claimed, progress.nextPage - 1);

  if (run.ended) {
    update.meta = { ...update.meta, listing: null, total: listedSize(run), totalAt: now };
    if (!previous) return completeListing(client, found, want, now, update, policy, finish);
    // A listing spread over loads saw each page at a different moment: what it missed may have
    // moved between pages, so it is looked up (a few per load), never called untracked.
    const unseen = stillWanted();
    const confirm = {
      containers: unseen.containers.slice(0, policy.confirmPerLoad),
      identifiers: unseen.identifiers.slice(
        0,
        Math.max(0, policy.confirmPerLoad - unseen.containers.length),
      ),
    };
    lookUp(client, found, confirm, update, failures, (n) => (requests += n));
    const later = new AppError(
      'busy',
      'Still confirming numbers the listing did not see. Recalculate in a minute.',
    );
    const confirming = new Set([...confirm.containers, ...confirm.identifiers]);
    for (const n of [...unseen.containers, ...unseen.identifiers])
      if (!confirming.has(n)) failures.set(n, later);
    return finish();
  }

  update.meta = { ...update.meta, listing: progress };
  // Our own rate share ran out: the listing goes on at the next load. A long wait the service
  // asked for is said as such.
  const said = run.failure && (run.failure.kind !== 'rate-limit' || run.failure.waitUntil);
  failAll(said ? run.failure! : loadingError(progress));
  return finish();
}

/** One load listed the whole account: what it did not see is confirmed (a few) or not tracked. */
function completeListing(
  client: ApiClient,
  found: RecordCollector,
  want: LoadRequest,
  now: number,
  update: StoreUpdate,
  policy: LoadPolicy,
  finish: () => LoadResult,
): LoadResult {
  const unseen = {
    containers: want.containers.filter((n) => !found.containers.has(n)),
    identifiers: want.identifiers.filter((i) => !found.hasIdentifier(i)),
  };
  const result = finish();
  if (found.blanks > 0) {
    // Boxes answered blank: no full picture, and the numbers not seen may be among them.
    for (const n of [...unseen.containers, ...unseen.identifiers])
      result.failures.set(n, answeredBlank(n));
    return result;
  }
  const few =
    unseen.containers.length + unseen.identifiers.length <= policy.confirmPerLoad
      ? unseen
      : { containers: [], identifiers: [] };
  // Pages shift while they are read: a number the listing missed may have moved to a page
  // already read. A few are looked up; many more mean typos, and the listing is the evidence.
  lookUp(client, found, few, update, result.failures, (n) => (result.requests += n));
  const missing = new Set([...(update.missingContainers ?? [])]);
  const missingIds = new Set([...(update.missingIdentifiers ?? [])]);
  if (few !== unseen) {
    for (const n of unseen.containers) missing.add(n);
    for (const i of unseen.identifiers) missingIds.add(i);
  }
  update.replaceAll = true;
  update.meta = {
    ...update.meta,
    listing: null,
    total: found.containers.size,
    totalAt: now,
    listedAt: now,
  };
  update.missingContainers = [...missing];
  update.missingIdentifiers = [...missingIds];
  update.containers = [...found.containers.values()];
  update.shipments = [...found.shipments.values()];
  return result;
}

/** Whether the container's shipment, as this load saw it, is still tracked. */
function isActive(found: RecordCollector, c: ContainerRecord): boolean {
  const s = c.shipmentId ? found.shipments.get(c.shipmentId) : undefined;
  return !!s && (s.attributes.line_tracking_stopped_at ?? null) === null;
}

/**
 * The share of the account's containers the active listing would not show: from the last
 * active listing's count when known, else from the sample this load's first page gave (the
 * service lists the most recently refreshed first, so it leans towards the active ones), else
 * all of them (nothing known: the active way is not assumed to pay).
 */
function stoppedShare(found: RecordCollector, meta: AccountMeta): number {
  if (meta.activeContainers != null && meta.total) {
    return Math.max(0, 1 - meta.activeContainers / meta.total);
  }
  const sample = [...found.containers.values()];
  if (sample.length === 0) return 1;
  return sample.filter((c) => !isActive(found, c)).length / sample.length;
}
