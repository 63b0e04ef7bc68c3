// What a scheduled refresh may leave to push. While push deliveries are being applied (one
// arrived within PUSH_HEALTHY_MS), each change of a tracked row arrives by itself and the
// refresh's catch-up (push-catch-up.ts) fetches any delivery that was lost: rows last confirmed
// as tracked need no polling. The rows push cannot cover are still read: new rows, rows whose
// tracking request has no shipment yet, rows that say something is wrong. A manual refresh reads
// every row, as without push.

import { loadPushState } from '../../engine/push-state';
import type { DurableStore } from '../../core/ports';

/** A delivery within this long means push is working (the service sends on every change). */
export const PUSH_HEALTHY_MS = 24 * 3_600_000;

export interface PushCoverage {
  /** Numbers left to push this run. */
  covered: ReadonlySet<string>;
}

export function pushCoverage(
  props: DurableStore,
  scheduled: boolean,
  now: number,
  confirmedTracked: ReadonlySet<string>,
): PushCoverage {
  const none = { covered: new Set<string>() };
  if (!scheduled) return none;
  const state = loadPushState(props);
  const last = state?.lastNotificationAt ? Date.parse(state.lastNotificationAt) : NaN;
  if (!state || Number.isNaN(last) || now - last > PUSH_HEALTHY_MS) return none;
  return { covered: confirmedTracked };
}
