// Starts tracking for rows the service does not know yet, exactly once per number, and follows
// up on the requests already made.

import type { ApiClient } from '../api/client';
import { paginate } from '../api/paginate';
import {
  createTrackingRequestCall,
  recentTrackingRequests,
  trackingRequestsByNumber,
  trackingRequestsOf,
  type TrackingRequestInput,
  type TrackingRequestRecord,
} from '../api/resources';
import { AppError } from '../core/errors';
import type { RequestType } from '../core/model';
import { requestIdentity } from '../core/number-identity';
import type { LedgerEntry, RequestLedger } from './request-ledger';

/** A `sending` mark older than this belongs to a run that died: check before sending again. */
const SENDING_STALE_MS = 2 * 60_000;
const FOLLOW_UP = new Set(['pending', 'awaiting_manifest']);
/** Created in small batches so a run that dies leaves few unconfirmed marks. */
const BATCH = 20;

export interface BulkResult {
  entries: Map<string, LedgerEntry>;
  created: number;
  requests: number;
  /** Why some rows were left for the next run (rate limit, time, service error). */
  stopped: AppError | null;
}

function fromRecord(r: TrackingRequestRecord, previous: LedgerEntry, now: number): LedgerEntry {
  const entry: LedgerEntry = {
    ...previous,
    id: r.id,
    status: r.status as LedgerEntry['status'],
    at: now,
  };
  if (r.failedReason) entry.reason = r.failedReason;
  // Kept apart from `scac` (what the row asked with), which decides whether a row may retry.
  if (previous.scac === '' && r.scac) entry.detected = r.scac;
  return entry;
}

export function isDuplicate(error: AppError): boolean {
  return (
    error.status === 422 &&
    error.errors.some((e) => e.code === 'duplicate' || /already|duplicate/i.test(e.detail ?? ''))
  );
}

export function runBulkTracking(
  client: ApiClient,
  ledger: RequestLedger,
  candidates: TrackingRequestInput[],
  now: () => number,
  timeLeft: () => number,
  /** Which entries are no longer needed (see entriesToRetire): removed before anything is saved. */
  retire: (entries: ReadonlyMap<string, LedgerEntry>) => string[] = () => [],
): BulkResult {
  const entries = ledger.load();
  const retired = retire(entries);
  ledger.retire(retired);
  for (const n of retired) entries.delete(n);
  let requests = 0;
  let stopped: AppError | null = null;
  const changed = new Map<string, LedgerEntry>();
  const set = (n: string, e: LedgerEntry) => {
    entries.set(n, e);
    changed.set(n, e);
  };

  // 1. Marks left by a run that died mid-request: ask the service whether it got them.
  for (const [number, e] of entries) {
    if (e.status !== 'sending' || now() - e.at < SENDING_STALE_MS || timeLeft() <= 0) continue;
    const [doc] = client.sendAll([trackingRequestsByNumber(number)]);
    requests++;
    if (doc instanceof AppError) {
      stopped = doc;
      break;
    }
    const found = trackingRequestsOf(doc!).find(
      (r) => requestIdentity(e.type as RequestType, r.requestNumber) === number,
    );
    if (found) set(number, fromRecord(found, e, now()));
    else {
      entries.delete(number);
      ledger.forget(number);
    }
  }

  // 2. Follow up on open requests: the newest requests come first, so a few pages cover them.
  const open = new Map(
    [...entries].filter(([, e]) => FOLLOW_UP.has(e.status) && e.id).map(([n, e]) => [e.id!, n]),
  );
  if (open.size > 0 && !stopped && timeLeft() > 0) {
    const maxPages = Math.ceil(open.size / 100) + 2;
    const error = paginate(client, recentTrackingRequests(1), maxPages, ({ doc }) => {
      requests++;
      for (const r of trackingRequestsOf(doc)) {
        const number = open.get(r.id);
        if (number) {
          set(number, fromRecord(r, entries.get(number)!, now()));
          open.delete(r.id);
        }
      }
      return open.size > 0 && timeLeft() > 0;
    });
    if (error) stopped = error;
  }

  // 3. New requests, each number once however many rows hold it (the ledger is keyed by the
  // number's identity); a row whose SCAC was corrected after a failure may retry.
  const todo = new Map<string, TrackingRequestInput>();
  for (const c of candidates) {
    const key = requestIdentity(c.requestType, c.requestNumber);
    if (todo.has(key)) continue;
    const e = entries.get(key);
    const retry = e && (e.status === 'failed' || e.status === 'rejected') && e.scac !== c.scac;
    if (!e || retry) todo.set(key, { ...c, requestNumber: key });
  }
  const todoList = [...todo.values()];
  let created = 0;
  for (let i = 0; i < todoList.length && !stopped && timeLeft() > 0; i += BATCH) {
    const batch = todoList.slice(i, i + BATCH);
    const at = now();
    ledger.save(
      batch.map(
        (c) =>
          [c.requestNumber, { status: 'sending', scac: c.scac, type: c.requestType, at }] as [
            string,
            LedgerEntry,
          ],
      ),
    );
    for (const c of batch)
      entries.set(c.requestNumber, { status: 'sending', scac: c.scac, type: c.requestType, at });
    const results = client.sendAll(batch.map(createTrackingRequestCall));
    results.forEach((r, k) => {
      const c = batch[k]!;
      const base: LedgerEntry = { status: 'sending', scac: c.scac, type: c.requestType, at: now() };
      if (!(r instanceof AppError)) {
        requests++;
        const record = trackingRequestsOf(r)[0];
        set(
          c.requestNumber,
          record ? fromRecord(record, base, now()) : { ...base, status: 'pending' },
        );
        created++;
      } else if (r.kind === 'rate-limit') {
        // Not sent (no rate slot left this run) or refused with 429 before processing: clear the
        // mark, the next run sends it.
        entries.delete(c.requestNumber);
        ledger.forget(c.requestNumber);
        stopped ??= r;
      } else if (isDuplicate(r)) {
        requests++;
        set(c.requestNumber, { ...base, status: 'duplicate' });
      } else if (r.kind === 'validation') {
        requests++;
        set(c.requestNumber, { ...base, status: 'rejected', reason: r.message });
      } else {
        // 5xx, timeout, 429: it may or may not have been created. The `sending` mark stays, and
        // the next run asks the service before sending again.
        requests++;
        stopped ??= r;
      }
    });
    ledger.save(changed);
    changed.clear();
  }
  ledger.save(changed);
  return { entries, created, requests, stopped };
}
