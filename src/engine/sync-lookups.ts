// The parts of the sheet sync (sheet-sync.ts) that look numbers up: the active work's listing
// with a look-up for each open row it did not show, and targeted look-ups, each found, confirmed
// untracked, or withheld (answered blank).

import type { ApiClient } from '../api/client';
import type { JsonApiDocument } from '../api/jsonapi';
import { listActiveShipmentsPage, lookUpNumber } from '../api/resources';
import { listPages, listedSize, wasSent, type PageRun } from './page-listing';
import { RecordCollector, isApiError } from './record-collector';
import { RecordStore, identifierKey, type CacheView } from './record-store';
import type { AccountSizes } from './sync-cost';
import type { SyncResult } from './sync-result';

/**
 * A look-up that found nothing is trusted this long (the cache's negative entry): a later run in
 * that time calls the number untracked without asking again, so numbers confirmed by one run but
 * not yet requested (its rate share ran out) are not looked up over and over.
 */
const CONFIRMED_MISSING_MS = 10 * 60_000;

/** A look-up that found nothing within CONFIRMED_MISSING_MS is still trusted. */
export function recentlyMissing(
  view: CacheView,
  containers: ReadonlySet<string>,
  now: number,
): (n: string) => boolean {
  return (n) => {
    const e = containers.has(n) ? view.container(n) : view.shipmentIdFor(n);
    return !!e && 'missingAt' in e && now - e.missingAt < CONFIRMED_MISSING_MS;
  };
}

/**
 * The active work: every shipment still tracked, with its containers, then one look-up for each
 * open row it did not show (a shipment that stopped since, or a row confirmed before), except rows
 * whose tracking request has given no shipment yet or is still to be sent (`noLookUp`). A resumed
 * shipment is in the listing, so its settled rows are read again.
 */
export function activeSync(
  client: ApiClient,
  store: RecordStore,
  found: RecordCollector,
  open: { containers: string[]; identifiers: string[] },
  now: number,
  first: PageRun | null,
  noLookUp: ReadonlySet<string>,
  result: SyncResult,
  learnt: Partial<AccountSizes>,
  sizes: AccountSizes,
): void {
  const absorb = (doc: JsonApiDocument) => found.absorb(doc);
  const run = first?.ended
    ? first
    : listPages(
        client,
        first?.nextPage ?? 1,
        first?.claimed ?? 1,
        Number.POSITIVE_INFINITY,
        absorb,
        listActiveShipmentsPage,
        { size: sizes.activeShipments },
      );
  if (run !== first) result.requests += run.requests;
  if (!run.ended) {
    // Rows it did show are fresh; the others keep their values and say why.
    result.failure = run.failure ?? first?.failure ?? null;
    return;
  }
  learnt.activeShipments = listedSize(run);
  learnt.activeAt = now;
  const unseen = {
    containers: open.containers.filter((n) => !result.containers.has(n)),
    identifiers: open.identifiers.filter((i) => !result.identifiers.has(identifierKey(i))),
  };
  const earlier = store.read([
    ...RecordStore.containerKeys(unseen.containers),
    ...RecordStore.identifierKeys(unseen.identifiers),
  ]);
  const missing = recentlyMissing(earlier, new Set(unseen.containers), now);
  const known = (n: string) => noLookUp.has(n) || missing(n);
  for (const n of [...unseen.containers, ...unseen.identifiers])
    if (known(n)) result.notTracked.add(n);
  if (found.blanks > 0) {
    // Some boxes were answered blank: the rows not shown keep their values, no look-up is spent.
    for (const n of [...unseen.containers, ...unseen.identifiers])
      if (!known(n)) result.withheld.add(n);
    result.complete = !result.failure;
    return;
  }
  lookUpRows(
    client,
    found,
    {
      containers: unseen.containers.filter((n) => !known(n)),
      identifiers: unseen.identifiers.filter((i) => !known(i)),
    },
    result,
  );
  result.complete = !result.failure;
}

/** One look-up per row: found, confirmed untracked, or the run's failure. */
export function lookUpRows(
  client: ApiClient,
  found: RecordCollector,
  rows: { containers: string[]; identifiers: string[] },
  result: SyncResult,
): void {
  const containers = rows.containers.filter((n) => !result.containers.has(n));
  const identifiers = rows.identifiers.filter((i) => !result.identifiers.has(identifierKey(i)));
  confirmUnseen(client, found, [...containers, ...identifiers], result);
}

/** Targeted look-ups: found, or confirmed untracked. */
export function confirmUnseen(
  client: ApiClient,
  found: RecordCollector,
  numbers: string[],
  result: SyncResult,
): void {
  if (numbers.length === 0) return;
  const docs = client.sendAll(numbers.map(lookUpNumber));
  result.requests += docs.filter(wasSent).length;
  docs.forEach((d, i) => {
    const n = numbers[i]!;
    if (isApiError(d)) {
      result.failure ??= d;
      return;
    }
    const blanks = found.absorb(d);
    // Answered blank: the service tracks something here, only without data this time.
    if (!found.containers.has(n) && !found.hasIdentifier(n))
      (blanks > 0 ? result.withheld : result.notTracked).add(n);
  });
}
