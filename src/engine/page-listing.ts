// Lists the account's containers page by page without trusting `meta.total`: a listing ends at
// the first short or empty page, and pages are requested in waves that double from what is known
// to exist, so a service that claims ten million containers for an account of twenty costs one
// request, and a total that lies low cannot cut a listing short either.

import type { ApiClient, ApiRequest } from '../api/client';
import { dataList, metaNumber, type JsonApiDocument } from '../api/jsonapi';
import { MAX_PAGE_SIZE, listContainersPage } from '../api/resources';
import { AppError } from '../core/errors';
import { isApiError } from './record-collector';

export interface PageRun {
  /** The next page to ask for (one past the last page that arrived). */
  nextPage: number;
  /** A short or empty page arrived: every page of the account has been seen. */
  ended: boolean;
  /** Requests sent (a wave may send a few past the short page: they are counted too). */
  requests: number;
  /** Why the listing stopped before its end (rate limit, service error), if it did. */
  failure: AppError | null;
  /** Pages the latest page's `meta.total` claims (a hint for wave sizes, never the end). */
  claimed: number;
  /** Containers on the last page that arrived (with `nextPage`, the account's size once ended). */
  lastPageSize: number;
}

/** Pages the account claims to have, from a `meta.total`. */
export function claimedPages(total: number | null): number {
  return total == null ? 1 : Math.max(1, Math.ceil(total / MAX_PAGE_SIZE));
}

/**
 * Requests pages from `fromPage` until the listing's end, a failure, or `maxRequests`. The pages
 * before `fromPage` are known to exist and size the first wave. `claimed` (from meta.total, and
 * updated by every page) caps each wave while it is ahead; past it, a full page that links to a
 * next one still continues the listing. The end is a short or empty page, or a full page at the
 * claimed end with no `links.next`.
 */
export function listPages(
  client: ApiClient,
  fromPage: number,
  claimed: number,
  maxRequests: number,
  absorb: (doc: JsonApiDocument) => void,
  /** The listing's page request: the account's containers unless told otherwise. */
  pageRequest: (page: number) => ApiRequest = listContainersPage,
  /**
   * What the account is known to hold (the last listing's size): an empty first page is then
   * read again before it is believed (issue 27: a 200 with `data: []` for an account holding
   * containers made a refresh look 80 rows up one by one). `emptyIsOdd`: an account's containers
   * never go (its history stays), so a second empty page is a failure, not an empty account.
   */
  known: { size?: number | null; emptyIsOdd?: boolean } = {},
): PageRun {
  const run: PageRun = {
    nextPage: fromPage,
    ended: false,
    requests: 0,
    failure: null,
    claimed,
    lastPageSize: 0,
  };
  let wave = Math.max(1, fromPage - 1);
  while (!run.ended && !run.failure && run.requests < maxRequests) {
    const ahead = run.claimed - run.nextPage + 1;
    const size = Math.min(ahead > 0 ? Math.min(wave, ahead) : 1, maxRequests - run.requests);
    const pages = Array.from({ length: size }, (_, i) => run.nextPage + i);
    const docs = client.sendAll(pages.map(pageRequest));
    run.requests += docs.filter(wasSent).length;
    if (pages[0] === 1 && (known.size ?? 0) > 0 && isEmptyPage(docs[0])) {
      // Read again before believing it; the wave's later pages say nothing more.
      const [again] = client.sendAll([pageRequest(1)]);
      run.requests += wasSent(again!) ? 1 : 0;
      docs.splice(0, docs.length, again!);
      if (known.emptyIsOdd && isEmptyPage(again)) {
        run.failure = new AppError(
          'upstream',
          `The tracking service listed no containers for an account that holds about ${known.size}. Rows keep their values; the next refresh reads it again.`,
        );
        break;
      }
    }
    for (const doc of docs) {
      if (isApiError(doc)) {
        // Stop at the first gap: the next page to ask for must be the one that did not arrive.
        run.failure = doc;
        break;
      }
      absorb(doc);
      const total = metaNumber(doc, 'total');
      if (total != null) run.claimed = claimedPages(total);
      run.lastPageSize = dataList(doc).length;
      const atClaimedEnd = run.nextPage >= run.claimed && !doc.links?.next;
      run.nextPage++;
      if (run.lastPageSize < MAX_PAGE_SIZE || atClaimedEnd) {
        run.ended = true;
        break;
      }
    }
    wave *= 2;
  }
  return run;
}

/** A listing page with `data: []` (a document of another shape is absorb's error to say). */
const isEmptyPage = (doc: JsonApiDocument | AppError | undefined) =>
  !!doc && !isApiError(doc) && Array.isArray(doc.data) && doc.data.length === 0;

/** The client answers a request it had no rate slot for with a status-less rate-limit error. */
export function wasSent(doc: JsonApiDocument | AppError): boolean {
  return !(isApiError(doc) && doc.kind === 'rate-limit' && doc.status == null);
}

/** The account's size once a listing has ended. */
export function listedSize(run: PageRun): number {
  return (run.nextPage - 2) * MAX_PAGE_SIZE + run.lastPageSize;
}
