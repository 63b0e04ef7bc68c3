// When the service last checked the terminal about a container, as of a moment: computed when the
// container is serialised, so time passing costs nothing and nothing runs in the background.
//
// The service re-checks terminals for the containers of the shipments it tracks, in sweeps: in
// the real API's July 2025 capture (reference/fixtures/captured-2025-07.containers.list.json, from
// Terminal49/API) the five containers, of five shipments, all have `terminal_checked_at` within
// the same 20 seconds (04:19:43Z–04:20:03Z), seconds after their `pod_last_tracking_request_at`,
// while their line checks (`shipment_last_tracking_request_at`) are spread over the 4 hours
// before. The service publishes no cadence (its docs give none); the emulator checks each
// container hourly, in the phase of its seeded check, so at the seed moment the value is the
// seeded one and after a simulated day it is at most an hour old, never "not checked for 24 hours".
//
// It stops at whichever comes first: the shipment's tracking stopped (the value it had then is
// kept), or the terminal the service cannot reach (AccountStore.terminalChecksFailingSince, the
// knob tests and the preview use to make terminal data go stale).
import { HOUR, isoSeconds } from '../core/time';
import type { ContainerRecord, ContainerStatus, ShipmentRecord } from '../data/records';

export const TERMINAL_CHECK_EVERY_MS = HOUR;

/** Statuses at which the container still sits at a terminal the service checks. */
const AT_TERMINAL: ReadonlySet<ContainerStatus> = new Set<ContainerStatus>([
  'not_available',
  'available',
  'grounded',
  'awaiting_inland_transfer',
]);

const instant = (value: string | null | undefined): number | null => {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : ms;
};

/** The last check slot at or before `t`, in the phase of `anchor` (a check that happened). */
function slotAtOrBefore(t: number, anchor: number): number {
  const every = TERMINAL_CHECK_EVERY_MS;
  return t - ((((t - anchor) % every) + every) % every);
}

/**
 * `terminal_checked_at` as the service would show it at `now`: the stored value for a container
 * not at a terminal (or never checked); otherwise the latest hourly check up to now, to the
 * shipment's stop, or to the moment its terminal became unreachable, whichever is first.
 */
export function terminalCheckedAt(
  container: ContainerRecord,
  shipment: ShipmentRecord | undefined,
  now: number,
  failingSince: number | null,
): string | null {
  const stored = container.attributes.terminal_checked_at;
  const checked = instant(stored);
  if (checked === null || !AT_TERMINAL.has(container.attributes.current_status)) return stored;
  const stoppedAt = instant(shipment?.attributes.line_tracking_stopped_at);
  const reachable = Math.min(now, stoppedAt ?? Infinity);
  // An unreachable terminal: the last check that answered is the last slot before it failed,
  // however recent the seeded value (the knob says when the checks stopped answering).
  if (failingSince !== null && failingSince <= reachable)
    return isoSeconds(slotAtOrBefore(failingSince, checked));
  return reachable <= checked ? stored : isoSeconds(slotAtOrBefore(reachable, checked));
}
