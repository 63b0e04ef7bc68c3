// Container resources, shaped like the recorded containers.get.base.json.
import type { ContainerRecord, ShipmentRecord } from '../data/records';
import { ref, relationships, type Resource } from './resource';
import { transportEventRefs } from './transport-events';

/** `terminalCheckedAt`: the value as of the moment it is read (lifecycle/terminal-checks.ts). */
export function serializeContainer(
  container: ContainerRecord,
  shipment: ShipmentRecord | undefined,
  terminalCheckedAt: string | null,
): Resource {
  return {
    id: container.id,
    type: 'container',
    attributes: { ...container.attributes, terminal_checked_at: terminalCheckedAt },
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
