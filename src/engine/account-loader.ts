// Fetches what a lookup is missing at the lowest request cost: a full listing of the account
// (⌈N/100⌉ requests, answers every later question too) when the account is small or the demand
// is large, else one targeted `/shipments?q=` per missing number.

import type { ApiClient } from '../api/client';
import { metaNumber } from '../api/jsonapi';
import { MAX_PAGE_SIZE, listContainersPage, searchShipments } from '../api/resources';
import type { AppError } from '../core/errors';
import { RecordCollector, isApiError } from './record-collector';
import type { AccountMeta, StoreUpdate } from './record-store';

export interface LoadPolicy {
  /** Accounts of up to this many pages are always listed whole: it serves every other cell too. */
  smallAccountPages: number;
  /** How long a known account size is trusted. */
  totalTrustMs: number;
}

export const DEFAULT_LOAD_POLICY: LoadPolicy = {
  smallAccountPages: 20,
  totalTrustMs: 6 * 3_600_000,
};

export interface LoadRequest {
  containers: string[];
  identifiers: string[];
}

export interface LoadResult {
  update: StoreUpdate;
  /** Per wanted number or identifier: why it could not be answered (when it could not). */
  failures: Map<string, AppError>;
  requests: number;
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
  const stillWanted = () => {
    return {
      containers: want.containers.filter((n) => !found.containers.has(n)),
      identifiers: want.identifiers.filter((i) => !found.hasIdentifier(i)),
    };
  };

  let total = meta.total != null && now - meta.totalAt < policy.totalTrustMs ? meta.total : null;
  let firstPageDone = false;
  if (total == null) {
    // The first page tells the account's size and may already hold what we want.
    const [first] = client.sendAll([listContainersPage(1)]);
    requests++;
    if (isApiError(first!)) {
      for (const n of [...want.containers, ...want.identifiers]) failures.set(n, first);
      return { update: {}, failures, requests };
    }
    found.absorb(first!);
    total = metaNumber(first!, 'total') ?? found.containers.size;
    firstPageDone = true;
  }

  // Only a count we just read renews the trust in it.
  const update: StoreUpdate = {
    meta: firstPageDone ? { total, totalAt: now, flight: null } : { flight: null },
  };
  const left = stillWanted();
  const demand = left.containers.length + left.identifiers.length;
  const pages = Math.max(1, Math.ceil(total / MAX_PAGE_SIZE));

  if (demand > 0 && pages <= Math.max(policy.smallAccountPages, demand)) {
    const from = firstPageDone ? 2 : 1;
    const pageRequests = [];
    for (let p = from; p <= pages; p++) pageRequests.push(listContainersPage(p));
    const results = client.sendAll(pageRequests);
    requests += results.length;
    let complete = true;
    let failure: AppError | null = null;
    for (const r of results) {
      if (isApiError(r)) {
        complete = false;
        failure = r;
      } else found.absorb(r);
    }
    const after = stillWanted();
    if (complete) {
      update.replaceAll = true;
      update.meta = { ...update.meta, total: found.containers.size, totalAt: now, listedAt: now };
      update.missingContainers = after.containers;
      update.missingIdentifiers = after.identifiers;
    } else if (failure) {
      for (const n of [...after.containers, ...after.identifiers]) failures.set(n, failure);
    }
  } else if (demand > 0) {
    const queries = [...left.containers, ...left.identifiers];
    const results = client.sendAll(queries.map(searchShipments));
    requests += results.length;
    const missingContainers: string[] = [];
    const missingIdentifiers: string[] = [];
    results.forEach((r, i) => {
      const query = queries[i]!;
      if (isApiError(r)) {
        failures.set(query, r);
        return;
      }
      found.absorb(r);
      const isContainer = i < left.containers.length;
      if (isContainer && !found.containers.has(query)) missingContainers.push(query);
      if (!isContainer && !found.hasIdentifier(query)) missingIdentifiers.push(query);
    });
    update.missingContainers = missingContainers;
    update.missingIdentifiers = missingIdentifiers;
  }

  update.containers = [...found.containers.values()];
  update.shipments = [...found.shipments.values()];
  return { update, failures, requests };
}
