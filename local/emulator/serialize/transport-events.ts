// Transport events derived from a container's milestones, so `transport_events` relationships and
// `include=transport_events` carry believable data without a separate event store.
import { uuidFromName } from '../core/prng';
import { isoSeconds } from '../core/time';
import { PORTS } from '../data/places';
import type { ContainerRecord, ShipmentRecord } from '../data/records';
import { portRef } from './places';
import { ref, relationships, type Ref, type Resource } from './resource';

interface Milestone {
  event: string;
  at: string | null;
  locode: string | null;
  atTerminal: boolean;
  source: 'shipping_line' | 'terminal';
}

function milestones(container: ContainerRecord, shipment: ShipmentRecord | undefined): Milestone[] {
  const a = container.attributes;
  const s = shipment?.attributes;
  const loaded = s?.pol_atd_at ? isoSeconds(Date.parse(s.pol_atd_at) - 10 * 3600_000) : null;
  const inland = container.destinationLocode;
  const m = (
    event: string,
    at: string | null,
    locode: string | null,
    atTerminal = false,
  ): Milestone => ({
    event: `container.transport.${event}`,
    at,
    locode,
    atTerminal,
    source: atTerminal ? 'terminal' : 'shipping_line',
  });
  return [
    m('vessel_loaded', loaded, container.polLocode),
    m('vessel_departed', s?.pol_atd_at ?? null, container.polLocode),
    a.pod_arrived_at === null
      ? m('estimated.vessel_arrived', s?.pod_eta_at ?? null, container.podLocode)
      : m('vessel_arrived', a.pod_arrived_at, container.podLocode),
    m('vessel_discharged', a.pod_discharged_at, container.podLocode, true),
    m('rail_loaded', a.pod_rail_loaded_at, container.podLocode, true),
    m('rail_departed', a.pod_rail_departed_at, container.podLocode),
    m('rail_arrived', a.ind_ata_at, inland),
    m('rail_unloaded', a.ind_rail_unloaded_at, inland),
    m(
      'full_out',
      a.pod_full_out_at ?? a.final_destination_full_out_at,
      a.pod_full_out_at ? container.podLocode : inland,
      true,
    ),
    m('empty_in', a.empty_terminated_at, inland ?? container.podLocode),
  ].filter((x) => x.at !== null);
}

// Ids are hashed from the container id and the event name; every list page asks for them again,
// so they are remembered per container record (and forgotten with it).
const idCache = new WeakMap<ContainerRecord, Map<string, string>>();
function eventId(container: ContainerRecord, event: string): string {
  let ids = idCache.get(container);
  if (!ids) idCache.set(container, (ids = new Map()));
  let id = ids.get(event);
  if (id === undefined) ids.set(event, (id = uuidFromName(`${container.id}:${event}`)));
  return id;
}

export function transportEventRefs(
  container: ContainerRecord,
  shipment: ShipmentRecord | undefined,
): Ref[] {
  return milestones(container, shipment).map((x) => ({
    type: 'transport_event',
    id: eventId(container, x.event),
  }));
}

export function serializeTransportEvent(
  container: ContainerRecord,
  shipment: ShipmentRecord | undefined,
  id: string,
): Resource | undefined {
  const found = milestones(container, shipment).find((x) => eventId(container, x.event) === id);
  if (!found) return undefined;
  const terminalId =
    found.atTerminal && found.locode === container.podLocode ? container.podTerminalId : null;
  return {
    id,
    type: 'transport_event',
    attributes: {
      event: found.event,
      created_at: found.at,
      voyage_number: container.voyageNumber,
      timestamp: found.at,
      data_source: found.source,
      location_locode: found.locode,
      timezone: found.locode === null ? null : (PORTS.get(found.locode)?.timeZone ?? null),
    },
    relationships: relationships({
      shipment: ref('shipment', container.shipmentId),
      container: ref('container', container.id),
      vessel: null,
      location: portRef(found.locode),
      terminal: ref('terminal', terminalId),
    }),
  };
}
