// Whether the service still checks a shipment at its line, as the Tracking sheet's `Tracking`
// column says it: `tracked`, or `stopped: <why>`. The reasons are the service's
// `line_tracking_stopped_reason` values (reference/openapi.json), in the words of its help page
// "When Do Shipments Stop Tracking?" (help.terminal49.com): a user stopped it, every container
// was returned empty, 56 days past the arrival, 28 days after the last pickup, no updates from
// the line, the booking was cancelled.

import {
  isUnreadable,
  readInstant,
  readText,
  sent,
  UNREADABLE,
  type Unreadable,
} from './attribute-values';
import type { ShipmentAttributes } from './model';

export const STOPPED_BY_USER = 'cancelled_by_user';

const REASON_WORDS: Record<string, string> = {
  [STOPPED_BY_USER]: 'by user',
  all_containers_terminated: 'all containers returned empty',
  past_arrival_window: '56 days after arrival',
  past_full_out_window: '28 days after the last pickup',
  no_updates_at_line: 'no updates from the line',
  booking_cancelled: 'booking cancelled',
};

export interface StopState {
  stopped: boolean;
  /** The service's reason value, or null when it gave none. */
  reason: string | null;
}

/**
 * The stop state the shipment's attributes tell; undefined when the answer did not carry them
 * (the row keeps what it shows), unreadable when they are not of the documented shape.
 */
export function stopStateOf(a: ShipmentAttributes): StopState | undefined | Unreadable {
  if (!sent(a, 'line_tracking_stopped_at') && !sent(a, 'line_tracking_stopped_reason'))
    return undefined;
  const at = readInstant(a.line_tracking_stopped_at);
  const reason = readText(a.line_tracking_stopped_reason);
  if (isUnreadable(at) || isUnreadable(reason)) return UNREADABLE;
  // A reason without a time still means stopped: the service names why.
  return { stopped: at !== null || (reason !== null && reason !== ''), reason: reason || null };
}

/** `tracked`, `stopped: by user`, `stopped: 56 days after arrival`, `stopped: <reason>`. */
export function trackingStateText(state: StopState): string {
  if (!state.stopped) return 'tracked';
  if (state.reason === null) return 'stopped';
  return `stopped: ${REASON_WORDS[state.reason] ?? state.reason}`;
}

export function isStoppedByUser(state: StopState | undefined | Unreadable): boolean {
  return !!state && !isUnreadable(state) && state.stopped && state.reason === STOPPED_BY_USER;
}
