// Where a box is on its way to the truck that picks it up, from its status and timestamps:
// - at its port-of-discharge (POD) terminal, or not there yet: its LFD runs at the terminal;
// - moved inland by rail and not picked up there yet: its place is the inland facility and its
//   deadline the rail LFD (docs/reference.md, "Inland rail");
// - picked up (full-out at the POD or at the final destination), delivered, dropped, loaded,
//   returned empty or the like: its old LFD is history, not a warning.
// `hasLeftTerminal` (left the POD terminal, by road or by rail) and `hasBeenPickedUp` (left for
// good) are the predicates every output reads through core/box.ts, so every status meaning "gone"
// behaves the same in Attention, colours, alerts and money.

import { isUnreadable, readInstant, readText } from './attribute-values';
import type { ContainerAttributes } from './model';

/** `current_status` values (openapi enum) that mean the box has been picked up for good. */
export const PICKED_UP_STATUSES: readonly string[] = [
  'picked_up',
  'off_dock',
  'delivered',
  'dropped',
  'loaded',
  'empty_returned',
];
/** `current_status` values that mean the box has left the POD terminal (by road or by rail). */
export const LEFT_TERMINAL_STATUSES: readonly string[] = [...PICKED_UP_STATUSES, 'on_rail'];
const PICKED_UP = new Set(PICKED_UP_STATUSES);
const LEFT_TERMINAL = new Set(LEFT_TERMINAL_STATUSES);

function happened(value: unknown): boolean {
  const at = readInstant(value);
  return at instanceof Date;
}

function statusOf(a: ContainerAttributes): string | null {
  const status = readText(a.current_status);
  return isUnreadable(status) ? null : status;
}

/**
 * True once the box has been picked up for good. The timestamps count as well as the status: the
 * service can report `pod_full_out_at`, an inland move's `final_destination_full_out_at` or
 * `empty_terminated_at` before its status catches up.
 */
export function hasBeenPickedUp(a: ContainerAttributes): boolean {
  const status = statusOf(a);
  if (status != null && PICKED_UP.has(status)) return true;
  return (
    happened(a.pod_full_out_at) ||
    happened(a.final_destination_full_out_at) ||
    happened(a.empty_terminated_at)
  );
}

/**
 * True once the box has left the POD on a train (`on_rail`, a rail leg under way or done, or a
 * full-out at the final destination): its deadline is then the inland one for good.
 */
export function wentInland(a: ContainerAttributes): boolean {
  const status = statusOf(a);
  if (status === 'on_rail') return true;
  // Waiting at the POD for the train: still the terminal's box.
  if (status === 'awaiting_inland_transfer') return false;
  return (
    happened(a.pod_rail_loaded_at) ||
    happened(a.pod_rail_departed_at) ||
    happened(a.ind_rail_unloaded_at) ||
    happened(a.final_destination_full_out_at)
  );
}

/**
 * True while the box moves inland by rail or waits at the inland facility: it left the POD on a
 * train and nobody picked it up there yet.
 */
export function isInland(a: ContainerAttributes): boolean {
  return wentInland(a) && !hasBeenPickedUp(a);
}

/** True once the box has left the POD terminal: picked up, or gone inland by rail. */
export function hasLeftTerminal(a: ContainerAttributes): boolean {
  const status = statusOf(a);
  if (status != null && LEFT_TERMINAL.has(status)) return true;
  return hasBeenPickedUp(a) || isInland(a);
}

/** True while the box may still be at the POD terminal (or has not reached it yet). */
export function isAtTerminal(a: ContainerAttributes): boolean {
  return !hasLeftTerminal(a);
}
