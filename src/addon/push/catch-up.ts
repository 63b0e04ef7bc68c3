// A refresh's catch-up on push updates it missed (a delivery lost, the web app down, a doPost
// that found the sheet busy): the service's record of notifications (GET /webhook_notifications,
// newest first, a few pages at most) since the last catch-up. Those created before this refresh
// read the whole account are already in its rows; the others are applied one by one like a
// delivery, a few per refresh. Costs nothing while push is off.

import type { ApiClient } from '../../api/client';
import { listDocument } from '../../api/jsonapi';
import { MAX_PAGE_SIZE } from '../../api/resources';
import { notificationsOf, notificationsPage, type NotificationSummary } from '../../api/webhooks';
import { toAppError, type AppError } from '../../core/errors';
import { confirmToken, rememberDealtWith } from '../../engine/push-guard';
import { webAppGuard } from '../../gas/web-app';
import {
  PUSH_TOKEN_KEY,
  loadPushState,
  markApplied,
  savePushState,
  wasApplied,
  type PushState,
} from '../../engine/push-state';
import type { SyncResult } from '../../engine/sheet-sync';
import type { Execution } from '../../execution/execution';
import { applyFresh } from '../updates/apply-fresh';
import { fetchAbout, fetchNotification } from './notification-fetch';

/** Pages of 100 read per refresh, and notifications applied one by one per refresh. */
export const CATCH_UP_PAGES = 3;
export const CATCH_UP_APPLIES = 10;

export interface CatchUpResult {
  requests: number;
  applied: number;
  failure: AppError | null;
}

const at = (iso: string) => Date.parse(iso);

/** Notifications not applied yet since `caughtUpTo`, newest first, and whether that was all. */
function listPending(client: ApiClient, state: PushState) {
  const since = at(state.caughtUpTo);
  const pending: NotificationSummary[] = [];
  let requests = 0;
  let complete = false;
  for (let page = 1; page <= CATCH_UP_PAGES && !complete; page++) {
    const list = notificationsOf(listDocument(client.send(notificationsPage(page))));
    requests += 1;
    for (const n of list) if (at(n.createdAt) >= since && !wasApplied(state, n.id)) pending.push(n);
    complete = list.length < MAX_PAGE_SIZE || list.some((n) => at(n.createdAt) < since);
  }
  return { pending, requests, complete };
}

export function catchUpPush(input: {
  run: Execution;
  client: ApiClient;
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet;
  sync: SyncResult;
  /** When the refresh's data was fetched. */
  syncedAt: number;
}): CatchUpResult {
  const { run, client, ss, sync, syncedAt } = input;
  const props = run.stores.properties();
  const all = props.getAll();
  const state = loadPushState(props, all);
  const result: CatchUpResult = { requests: 0, applied: 0, failure: null };
  if (!state) return result;
  // What doPost compares, from this read: a cache that missed a rotation is set right.
  confirmToken(webAppGuard(run.cache), all[PUSH_TOKEN_KEY] ?? null);
  const done: NotificationSummary[] = [];
  let leftover: NotificationSummary[] = [];
  let listedAll = false;
  try {
    const listed = listPending(client, state);
    result.requests += listed.requests;
    listedAll = listed.complete;
    const wholeAccount = sync.complete && !sync.partial && !sync.failure;
    const covered = (n: NotificationSummary) => wholeAccount && at(n.createdAt) <= syncedAt;
    done.push(...listed.pending.filter(covered));
    leftover = listed.pending.filter((n) => !covered(n)).reverse(); // oldest first
    const settings = run.settings();
    for (let applies = 0; leftover.length > 0 && applies < CATCH_UP_APPLIES; applies++) {
      const n = leftover[0]!;
      const notification = fetchNotification(client, n.id);
      result.requests += 1;
      const fresh = notification ? fetchAbout(client, notification) : null;
      if (fresh) {
        result.requests += 1;
        applyFresh(ss, run, fresh, settings.appUrl, 'push');
      }
      done.push(leftover.shift()!);
    }
  } catch (e) {
    result.failure = toAppError(e);
  }
  const latest = loadPushState(props);
  if (!latest) return result;
  // Catch-up starts next time at the oldest notification still to apply; when none is left it
  // moves to what this run has seen (the refresh's own read, for a whole-account refresh).
  const newestDone = Math.max(at(latest.caughtUpTo), ...done.map((n) => at(n.createdAt)));
  const wholeAccount = sync.complete && !sync.partial && !sync.failure && !result.failure;
  const next =
    leftover.length > 0
      ? Math.min(...leftover.map((n) => at(n.createdAt)))
      : wholeAccount
        ? Math.max(newestDone, syncedAt)
        : listedAll && !result.failure
          ? newestDone
          : at(latest.caughtUpTo);
  savePushState(props, {
    ...markApplied(latest, done),
    caughtUpTo: new Date(Math.max(next, at(latest.caughtUpTo))).toISOString(),
  });
  // Their deliveries (and the service's retries of them) are answered from the cache.
  rememberDealtWith(
    run.cache,
    done.map((n) => n.id),
  );
  result.applied = done.length;
  return result;
}
