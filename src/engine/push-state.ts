// What push updates keep in document properties: the token on its own key (doPost reads exactly
// that key before anything else), and a small record of the subscription and of what was applied.
// Bounded: the recent ids are the newest RECENT_IDS only (a 36-character id each, well within the
// 9 KB a property value may hold).
//
// Google answers every web app POST with a 302, which the service counts as a failed delivery and
// retries up to 12 times over hours; a busy account has far more than RECENT_IDS notifications in
// that time. So the ids dealt with are also kept as 8-hex-character hashes, the newest SEEN_IDS
// (8,000 characters) on their own key, read in the same getProperties call as the state: a
// repeated delivery is recognised from that one read, with no request.

import type { DurableStore } from '../core/ports';

export const PUSH_TOKEN_KEY = 'CT_PUSH_TOKEN';
export const PUSH_STATE_KEY = 'CT_PUSH';
export const PUSH_SEEN_KEY = 'CT_PUSH_SEEN';
/** enablePush's test delivery: the probe id doPost received (see push-api.ts). */
export const PUSH_PROBE_KEY = 'CT_PUSH_PROBE';
export const RECENT_IDS = 150;
export const SEEN_IDS = 1000;
const HASH_CHARS = 8;
/** Containers and shipments remembered with the time they were last fetched for a push. */
export const RECENT_FETCHES = 40;

export interface PushState {
  webhookId: string;
  /** The web app URL without the token. */
  url: string;
  events: string[];
  spreadsheetId: string;
  /** `created_at` of the newest notification applied (ISO), null before the first. */
  lastNotificationAt: string | null;
  /** Catch-up lists notifications created from here on (ISO); older ones were dealt with. */
  caughtUpTo: string;
  /** Notifications applied since push was enabled. */
  applied: number;
  /** Ids applied most recently, newest last: a replayed delivery is recognised and skipped. */
  recent: string[];
  /**
   * `container:<id>` / `shipment:<id>` → when a push last fetched it (epoch ms). One change often
   * comes as several events (container.updated and a per-source LFD event): data fetched after a
   * notification was created already holds it, so that notification needs no fetch of its own.
   */
  fetched?: Record<string, number>;
  /** Hashes of the ids dealt with (idHash), oldest first; stored on PUSH_SEEN_KEY. */
  seen?: string;
  /** The last delivery that could not be applied (ISO time, message); cleared by the next applied one. */
  problem?: { at: string; message: string } | null;
  /** Said when push was turned on (the web app answers with a redirect), shown with the status. */
  warning?: string | null;
}

/** FNV-1a (32 bits) of the id, as 8 hex characters. */
export function idHash(id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(HASH_CHARS, '0');
}

function seenHas(seen: string | undefined, hash: string): boolean {
  if (!seen) return false;
  for (let i = 0; i + HASH_CHARS <= seen.length; i += HASH_CHARS)
    if (seen.slice(i, i + HASH_CHARS) === hash) return true;
  return false;
}

function withSeen(seen: string | undefined, ids: readonly string[]): string {
  let out = seen ?? '';
  for (const id of ids) {
    const hash = idHash(id);
    if (!seenHas(out, hash)) out += hash;
  }
  return out.slice(-SEEN_IDS * HASH_CHARS);
}

/**
 * Whether `key` was fetched after `createdAt` (ISO), so its data already holds the event. The
 * service gives times to the second: a fetch within the same second may have come before it.
 */
export function fetchedSince(state: PushState, key: string, createdAt: string): boolean {
  const at = state.fetched?.[key];
  return at !== undefined && at >= Date.parse(createdAt) + 1000;
}

/** Remembers a fetch, keeping the newest RECENT_FETCHES. */
export function noteFetched(state: PushState, key: string, at: number): PushState {
  const entries = Object.entries({ ...state.fetched, [key]: at })
    .sort((a, b) => b[1] - a[1])
    .slice(0, RECENT_FETCHES);
  return { ...state, fetched: Object.fromEntries(entries) };
}

/** The state from one read of the store (`all`: that read, when the caller has it). */
export function loadPushState(
  props: DurableStore,
  all: Record<string, string> = props.getAll(),
): PushState | null {
  const raw = all[PUSH_STATE_KEY];
  if (!raw) return null;
  try {
    const state = JSON.parse(raw) as PushState;
    if (typeof state.webhookId !== 'string' || !Array.isArray(state.recent)) return null;
    const seen = all[PUSH_SEEN_KEY] ?? '';
    return { ...state, seen: /^[0-9a-f]*$/.test(seen) ? seen : '' };
  } catch {
    return null;
  }
}

/** One write of both keys. */
export function savePushState(props: DurableStore, state: PushState): void {
  const { seen, ...rest } = state;
  props.setAll({ [PUSH_STATE_KEY]: JSON.stringify(rest), [PUSH_SEEN_KEY]: seen ?? '' });
}

/** Records notifications as applied: counted once, the newest kept, the time moved forward. */
export function markApplied(
  state: PushState,
  notices: readonly { id: string; createdAt: string }[],
): PushState {
  const recent = [...state.recent];
  let applied = state.applied;
  let last = state.lastNotificationAt;
  for (const n of notices) {
    if (recent.includes(n.id)) continue;
    recent.push(n.id);
    applied += 1;
    if (last === null || n.createdAt > last) last = n.createdAt;
  }
  return {
    ...state,
    recent: recent.slice(-RECENT_IDS),
    seen: withSeen(
      state.seen,
      notices.map((n) => n.id),
    ),
    applied,
    lastNotificationAt: last,
    problem: null,
  };
}

/** Dealt with before: among the recent ids, or its hash among the seen ones. */
export const wasApplied = (state: PushState, id: string) =>
  state.recent.includes(id) || seenHas(state.seen, idHash(id));
