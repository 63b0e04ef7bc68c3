// Container resources, shaped like the recorded containers.get.base.json.
import type { ContainerRecord, ShipmentRecord } from '../data/records';
import { isoSeconds } from '../core/time';
import { ref, relationships, type Resource } from './resource';
import { transportEventRefs } from './transport-events';

/**
 * The terminal look-up that precedes each terminal check (in the July 2025 capture,
 * `pod_last_tracking_request_at` is 2–6 s before `terminal_checked_at`): it moves with the
 * check, keeping the seeded gap.
 */
function movedWithCheck(container: ContainerRecord, checkedNow: string | null): string | null {
  const { pod_last_tracking_request_at: looked, terminal_checked_at: checked } =
    container.attributes;
  if (!looked || !checked || !checkedNow || checkedNow === checked) return looked;
  return isoSeconds(Date.parse(looked) + Date.parse(checkedNow) - Date.parse(checked));
}

/** `terminalCheckedAt`: the value as of the moment it is read (lifecycle/terminal-checks.ts). */
export function serializeContainer(
  container: ContainerRecord,
  shipment: ShipmentRecord | undefined,
  terminalCheckedAt: string | null,
): Resource {
  return {
    id: container.id,
    type: 'container',
    attributes: {
      ...container.attributes,
      terminal_checked_at: terminalCheckedAt,
      pod_last_tracking_request_at: movedWithCheck(container, terminalCheckedAt),
    },
    relationships: relationships({
      shipment: ref('shipment', container.shipmentId),
      pickup_facility: ref('terminal', container.pickupFacilityId),
      pod_terminal: ref('terminal', container.podTerminalId),
      transport_events: transportEventRefs(container, shipment),
      // Raw carrier events are not emulated: the relationship is always empty.
      raw_events: [],
    }),
  };
}
