// What push updates keep in document properties: the token on its own key (doPost reads exactly
// that key before anything else), and a small record of the subscription and of what was applied.
// Bounded: the recent ids are the newest RECENT_IDS only (a 36-character id each, well within the
// 9 KB a property value may hold).

import type { DurableStore } from './ports';

export const PUSH_TOKEN_KEY = 'CT_PUSH_TOKEN';
export const PUSH_STATE_KEY = 'CT_PUSH';
export const RECENT_IDS = 150;
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

export function loadPushState(props: DurableStore): PushState | null {
  const raw = props.getAll()[PUSH_STATE_KEY];
  if (!raw) return null;
  try {
    const state = JSON.parse(raw) as PushState;
    return typeof state.webhookId === 'string' && Array.isArray(state.recent) ? state : null;
  } catch {
    return null;
  }
}

export function savePushState(props: DurableStore, state: PushState): void {
  props.setAll({ [PUSH_STATE_KEY]: JSON.stringify(state) });
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
  return { ...state, recent: recent.slice(-RECENT_IDS), applied, lastNotificationAt: last };
}

export const wasApplied = (state: PushState, id: string) => state.recent.includes(id);
