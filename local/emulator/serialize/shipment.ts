// Shipment resources, shaped like the recorded shipments.get.base.json (relative links.self,
// relationship order included).
import { PORTS } from '../data/places';
import type { ShipmentRecord } from '../data/records';
import { ref, relationships, type Resource } from './resource';

const portId = (locode: string | null) =>
  locode === null ? null : (PORTS.get(locode)?.id ?? null);

export function serializeShipment(shipment: ShipmentRecord): Resource {
  const a = shipment.attributes;
  return {
    id: shipment.id,
    type: 'shipment',
    attributes: a,
    links: { self: `/v2/shipments/${shipment.id}` },
    relationships: relationships({
      port_of_lading: ref('port', portId(a.port_of_lading_locode)),
      port_of_discharge: ref('port', portId(a.port_of_discharge_locode)),
      pod_terminal: ref('terminal', shipment.podTerminalId),
      destination: ref('port', portId(a.destination_locode)),
      destination_terminal: ref('terminal', shipment.destinationTerminalId),
      line_tracking_stopped_by_user: ref('user', shipment.stoppedByUserId ?? null),
      containers: shipment.containerIds.map((id) => ({ type: 'container', id })),
    }),
  };
}
