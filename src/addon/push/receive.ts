// doPost(e): the web app URL the service delivers webhook notifications to. The URL's `token`
// must equal the one the add-in generated; anything else is refused after one cache read (the
// token's digest, engine/push-guard.ts), before any property, fetch or sheet: strangers spend
// nothing of the property quota the refresh needs. With the right token, notification look-ups
// have a window of their own (10 a rolling minute; the rest wait for the refresh's catch-up), and
// ids the service does not know are remembered in the cache, never in the push state. Apps Script
// cannot read request headers, so the service's signature cannot be checked: the body only names a
// notification id, and what is applied is what the service answers, asked with the key. Each id
// is applied once. The answer is a small fixed JSON, never an echo of the request: `ok` only when
// the notification was applied (or had been), never for one that could not be. (The service sees
// Google's 302 either way: a web app's content is served from a redirect.)
//
// A web app run has no active spreadsheet and no document cache or lock: the spreadsheet is
// opened by id, and a bound script's runs all use its script-wide cache and lock (services.ts).

import { userMessage } from '../../core/errors';
import { redact } from '../../core/redact';
import {
  checkPost,
  PUSH_LOOKUPS,
  PUSH_LOOKUPS_KEY,
  rememberDealtWith,
} from '../../engine/push-guard';
import {
  fetchedSince,
  loadPushState,
  markApplied,
  noteFetched,
  savePushState,
  wasApplied,
  PUSH_PROBE_KEY,
  PUSH_TOKEN_KEY,
} from '../../engine/push-state';
import { Execution } from '../../execution/execution';
import { releaseLease, takeLease } from '../../gas/leases';
import { SharedRequestGate } from '../../engine/request-gate';
import { spreadsheetStores } from '../../execution/stores';
import {
  documentProperty,
  jsonOutput,
  openSpreadsheet,
  setDocumentProperty,
  webAppGuard,
} from '../../gas/web-app';
import { applyFresh } from '../updates/apply-fresh';
import { aboutKey, fetchAbout, fetchNotification } from './notification-fetch';
import { appsScriptClock } from '../../gas/clock';
import { documentProperties as documentStoresProperties } from '../../gas/stores';

interface WebAppEvent {
  parameter?: Record<string, unknown>;
  postData?: { contents?: unknown };
}

/** Notification ids are UUIDs; anything else in a body is not one. */
const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

function tokenOf(e: WebAppEvent | undefined): string | null {
  const token = e?.parameter?.token;
  return typeof token === 'string' && token !== '' ? token : null;
}

/** `data.id` of the delivered document, if it looks like an id: the only thing read from it. */
export function notificationIdOf(contents: unknown): string | null {
  if (typeof contents !== 'string' || contents.length > 5_000_000) return null;
  try {
    const id = (JSON.parse(contents) as { data?: { id?: unknown } } | null)?.data?.id;
    return typeof id === 'string' && ID_PATTERN.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** enablePush's test delivery carries a probe id in its URL (push-api.ts). */
function probeOf(e: WebAppEvent | undefined): string | null {
  const probe = e?.parameter?.probe;
  return typeof probe === 'string' && ID_PATTERN.test(probe) ? probe : null;
}

export function doPost(e: WebAppEvent): GoogleAppsScript.Content.TextOutput {
  const token = tokenOf(e);
  if (token === null) return jsonOutput({ ok: false });
  // The build's shared cache (a bound script's, the only kind with a web app): one call to open.
  const guard = checkPost(webAppGuard(spreadsheetStores().cache), token, () =>
    documentProperty(PUSH_TOKEN_KEY),
  );
  if (!guard.tokenOk) return jsonOutput({ ok: false });
  const probe = probeOf(e);
  if (probe !== null) {
    // enablePush waits for this: the path from the service to this doPost works.
    setDocumentProperty(PUSH_PROBE_KEY, probe);
    return jsonOutput({ ok: true });
  }
  const id = notificationIdOf(e?.postData?.contents);
  if (id === null) return jsonOutput({ ok: false });
  // Applied before, or unknown to the service: nothing to do, from that one cache read.
  if (guard.dealtWith(id)) return jsonOutput({ ok: true });
  let run: Execution | null = null;
  try {
    run = new Execution('push');
    return jsonOutput({ ok: receive(run, id) });
  } catch (error) {
    // Never "ok": the status and Diagnostics say it, and the next refresh's catch-up applies it.
    recordProblem(run, error);
    return jsonOutput({ ok: false });
  }
}

/**
 * Applies one notification by id, unless it was dealt with before (then: no request, and no
 * property call beyond the token's and this one read). False: not applied now (a refresh holds
 * the sheet; the service's retry or the next refresh's catch-up applies it).
 */
function receive(run: Execution, id: string): boolean {
  const lookups = new SharedRequestGate(
    run.cache,
    run.lock,
    appsScriptClock,
    PUSH_LOOKUPS.limit,
    PUSH_LOOKUPS,
    PUSH_LOOKUPS_KEY,
  );
  // The window is full (a flood): the refresh's catch-up applies what is real, and this costs
  // no property call.
  if (!lookupFree(lookups)) return false;
  const props = run.stores.properties();
  const state = loadPushState(props);
  if (!state) return false;
  if (wasApplied(state, id)) {
    rememberDealtWith(run.cache, [id]);
    return true;
  }
  if (lookups.acquire(1, 0) === 0) return false;
  const settings = run.settings();
  const client = run.client(settings);
  const notification = fetchNotification(client, id);
  if (!notification) {
    // Not the service's (forged, or gone): remembered in the cache, so its repeats cost nothing.
    rememberDealtWith(run.cache, [id]);
    return true;
  }
  const owner = `push-${id}`;
  const lease = takeLease(run.lock, props, owner, run.startedAt, 60_000);
  // A refresh is writing the sheet: it (or the next one) catches this notification up.
  if (!lease) return false;
  try {
    const about = aboutKey(notification);
    const fetchedAt = run.startedAt;
    const current = about !== null && !fetchedSince(state, about, notification.createdAt);
    const fresh = current ? fetchAbout(client, notification) : null;
    if (fresh)
      applyFresh(openSpreadsheet(state.spreadsheetId), run, fresh, settings.appUrl, 'push');
    // Read again: a refresh's catch-up may have recorded others meanwhile, or push was turned off.
    const latest = loadPushState(props);
    if (!latest) return true;
    const applied = markApplied(latest, [notification]);
    savePushState(props, fresh && about ? noteFetched(applied, about, fetchedAt) : applied);
    rememberDealtWith(run.cache, [id]);
    return true;
  } finally {
    releaseLease(run.lock, props, owner);
  }
}

/** Whether the look-up window has room now (a busy lock: no, without an error to record). */
function lookupFree(lookups: SharedRequestGate): boolean {
  try {
    return lookups.nextSlotAt() <= appsScriptClock.now();
  } catch {
    return false;
  }
}

/** Best effort: what went wrong, for getPushStatus and Diagnostics (the key is never in it). */
function recordProblem(run: Execution | null, error: unknown): void {
  try {
    const props = run ? run.stores.properties() : documentStoresProperties();
    const state = loadPushState(props);
    if (!state) return;
    const at = new Date(appsScriptClock.now()).toISOString();
    savePushState(props, {
      ...state,
      problem: { at, message: redact(userMessage(error)).slice(0, 300) },
    });
  } catch {
    // The store itself failed: nothing more can be said from here.
  }
}
