// Whether the service still checks a shipment at its line: stopped by a user (PATCH
// /shipments/{id}/stop_tracking), resumed (…/resume_tracking), or stopped by the service itself.
// The service's own rules (help.terminal49.com, "When Do Shipments Stop Tracking?"): once every
// container is returned empty (`all_containers_terminated`); 56 days past the arrival
// (`past_arrival_window`); 28 days after the last container was picked up by truck (the help page
// lists this under "no updates at line"; the enum's `past_full_out_window` is the reason that names
// it, so the emulator uses that).
//
// Lazy like the tracking-request lifecycle: each watched shipment has the moment its first rule
// comes due; whenever the account is read, the shipments whose moment has passed are stopped as
// of that moment. Only the next due moment is compared on an ordinary read.
import { uuidFromName } from '../core/prng';
import { DAY, isoSeconds } from '../core/time';
import type { ContainerRecord, ShipmentRecord, StoppedReason } from '../data/records';

export const ARRIVAL_WINDOW_MS = 56 * DAY;
export const FULL_OUT_WINDOW_MS = 28 * DAY;
/** After a resume the rules apply again from the next daily check at the line. */
export const NEXT_CHECK_MS = DAY;

interface Due {
  at: number;
  reason: StoppedReason;
}

const instant = (value: string | null | undefined): number | null => {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : ms;
};

/** The first of the service's own stop rules to come due for the shipment, or null. */
export function autoStopDue(
  shipment: ShipmentRecord,
  containers: readonly ContainerRecord[],
): Due | null {
  const candidates: Due[] = [];
  const returned = containers.map((c) => instant(c.attributes.empty_terminated_at));
  if (containers.length > 0 && returned.every((ms) => ms !== null)) {
    candidates.push({
      at: Math.max(...(returned as number[])),
      reason: 'all_containers_terminated',
    });
  }
  const pickedUp = containers.map((c) =>
    instant(c.attributes.pod_full_out_at ?? c.attributes.final_destination_full_out_at),
  );
  if (containers.length > 0 && pickedUp.every((ms) => ms !== null)) {
    candidates.push({
      at: Math.max(...(pickedUp as number[])) + FULL_OUT_WINDOW_MS,
      reason: 'past_full_out_window',
    });
  }
  // The emulator's journeys do not move on by themselves: a vessel still sailing when the
  // shipment was made never reports its arrival here. The real one arrives about when its ETA
  // said and the service stops 56 days later; without the ETA a year's soak keeps every sailing
  // shipment tracked for ever, an account the service would never show.
  const arrived =
    instant(shipment.attributes.pod_ata_at) ?? instant(shipment.attributes.pod_eta_at);
  if (arrived !== null)
    candidates.push({ at: arrived + ARRIVAL_WINDOW_MS, reason: 'past_arrival_window' });
  candidates.sort((a, b) => a.at - b.at);
  return candidates[0] ?? null;
}

/** The account's user the API key belongs to (line_tracking_stopped_by_user). */
export function apiUserId(accountKey: string): string {
  return uuidFromName(`user:${accountKey}`);
}

export function markStopped(
  shipment: ShipmentRecord,
  at: number,
  reason: StoppedReason,
  userId: string | null,
): void {
  shipment.attributes.line_tracking_stopped_at = isoSeconds(at);
  shipment.attributes.line_tracking_stopped_reason = reason;
  shipment.stoppedByUserId = userId;
  shipment.updatedAtMs = Math.max(shipment.updatedAtMs, at);
}

export function markResumed(shipment: ShipmentRecord, at: number): void {
  shipment.attributes.line_tracking_stopped_at = null;
  shipment.attributes.line_tracking_stopped_reason = null;
  shipment.stoppedByUserId = null;
  shipment.updatedAtMs = Math.max(shipment.updatedAtMs, at);
}

/** The due moments of the shipments the service still checks. */
export class AutoStopSchedule {
  private readonly due = new Map<string, number>();
  private next = Infinity;

  /**
   * Watches a shipment from `since` on: a rule already due by then is what the record shows
   * (the seed decided whether it stopped), so only a moment after `since` is scheduled.
   */
  watch(
    shipment: ShipmentRecord,
    containers: readonly ContainerRecord[],
    since: number,
    notBefore = since,
  ): void {
    this.due.delete(shipment.id);
    if (shipment.attributes.line_tracking_stopped_at !== null) return;
    const rule = autoStopDue(shipment, containers);
    if (!rule || rule.at <= since) return;
    const at = Math.max(rule.at, notBefore);
    this.due.set(shipment.id, at);
    this.next = Math.min(this.next, at);
  }

  forget(shipmentId: string): void {
    this.due.delete(shipmentId);
  }

  /** The ids whose moment has come, each with that moment, removed from the schedule. */
  takeDue(now: number): { id: string; at: number }[] {
    if (now < this.next) return [];
    const taken: { id: string; at: number }[] = [];
    this.next = Infinity;
    for (const [id, at] of this.due) {
      if (at <= now) taken.push({ id, at });
      else this.next = Math.min(this.next, at);
    }
    for (const { id } of taken) this.due.delete(id);
    return taken;
  }
}
