// Whether a container is still at its port-of-discharge terminal: only then does its last free
// day run (demurrage is charged for the days a box stays in the terminal), so only then is an
// LFD a warning. Once it is picked up (full-out), delivered, dropped, loaded, returned empty or
// moved off-dock / onto rail, its old LFD is history (docs/reference.md#left-terminal).
// `hasLeftTerminal` is the one predicate Attention, colours, alerts and money all use, so every
// status meaning "gone" behaves the same everywhere.

import { isUnreadable, readInstant, readText } from './attribute-values';
import type { ContainerAttributes } from './model';

/** `current_status` values (openapi enum) that mean the box has left the POD terminal. */
export const LEFT_TERMINAL_STATUSES: readonly string[] = [
  'picked_up',
  'off_dock',
  'delivered',
  'dropped',
  'loaded',
  'on_rail',
  'empty_returned',
];
const LEFT_TERMINAL = new Set(LEFT_TERMINAL_STATUSES);

function happened(value: unknown): boolean {
  const at = readInstant(value);
  return at instanceof Date;
}

/**
 * True once the box has left the terminal. The timestamps count as well as the status: the
 * service can report `pod_full_out_at`, an inland move's `final_destination_full_out_at` or
 * `empty_terminated_at` before its status catches up.
 */
export function hasLeftTerminal(a: ContainerAttributes): boolean {
  const status = readText(a.current_status);
  if (!isUnreadable(status) && status != null && LEFT_TERMINAL.has(status)) return true;
  return (
    happened(a.pod_full_out_at) ||
    happened(a.final_destination_full_out_at) ||
    happened(a.empty_terminated_at)
  );
}

/** True while the box may still be at the terminal (or has not reached it yet). */
export function isAtTerminal(a: ContainerAttributes): boolean {
  return !hasLeftTerminal(a);
}
