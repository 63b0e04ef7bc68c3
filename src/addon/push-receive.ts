// doPost(e): the web app URL the service delivers webhook notifications to. The URL's `token`
// must equal the one the add-in generated; anything else is refused after exactly one service
// call (reading that token), before any other property, fetch or sheet. Apps Script cannot read
// request headers, so the service's signature cannot be checked: the body only names a
// notification id, and what is applied is what the service answers, asked with the key. Each id
// is applied once. The answer is a small fixed JSON, never an echo of the request.

import { sameSecret } from '../core/secret';
import {
  fetchedSince,
  loadPushState,
  markApplied,
  noteFetched,
  savePushState,
  wasApplied,
  PUSH_TOKEN_KEY,
} from '../engine/push-state';
import { Execution } from '../gas/execution';
import { releaseLease, takeLease } from '../gas/leases';
import { documentProperty, jsonOutput, openSpreadsheet } from '../gas/web-app';
import { applyFresh } from './apply-records';
import { aboutKey, fetchAbout, fetchNotification } from './push-apply';

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

export function doPost(e: WebAppEvent): GoogleAppsScript.Content.TextOutput {
  const token = tokenOf(e);
  if (token === null) return jsonOutput({ ok: false });
  const stored = documentProperty(PUSH_TOKEN_KEY);
  if (stored === null || !sameSecret(token, stored)) return jsonOutput({ ok: false });
  const id = notificationIdOf(e?.postData?.contents);
  if (id !== null) {
    try {
      receive(id);
    } catch {
      // Nothing is said back: the next refresh's catch-up applies what this could not.
    }
  }
  return jsonOutput({ ok: true });
}

/** Applies one notification by id, unless it was applied before. */
function receive(id: string): void {
  const run = new Execution('push');
  const props = run.stores.properties();
  const state = loadPushState(props);
  if (!state || wasApplied(state, id)) return;
  const settings = run.settings();
  const client = run.client(settings);
  const notification = fetchNotification(client, id);
  if (!notification) return;
  const owner = `push-${id}`;
  const lease = takeLease(run.lock, props, owner, run.startedAt, 60_000);
  // A refresh is writing the sheet: it (or the next one) catches this notification up.
  if (!lease) return;
  try {
    const about = aboutKey(notification);
    const fetchedAt = run.startedAt;
    const current = about !== null && !fetchedSince(state, about, notification.createdAt);
    const fresh = current ? fetchAbout(client, notification) : null;
    if (fresh)
      applyFresh(openSpreadsheet(state.spreadsheetId), run, fresh, settings.appUrl, 'push');
    // Read again: a refresh's catch-up may have recorded others meanwhile, or push was turned off.
    const latest = loadPushState(props);
    if (!latest) return;
    const applied = markApplied(latest, [notification]);
    savePushState(props, fresh && about ? noteFetched(applied, about, fetchedAt) : applied);
  } finally {
    releaseLease(props);
  }
}
