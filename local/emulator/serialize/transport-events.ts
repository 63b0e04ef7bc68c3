// Transport events derived from a container's milestones, so `transport_events` relationships,
// `include=transport_events` and GET /containers/{id}/transport_events carry believable data
// without a separate event store. Like the recorded ones (containers.events.json,
// captured-2025-07.containers.list.include-transport_events.json): gate and vessel events at the
// port of lading before the sailing, AIS arrival and berthing at the port of discharge, terminal
// events there, each with the port's UN/LOCODE and IANA zone, the terminal where the terminal
// reported it, and `created_at` some minutes after the event. The service does not list them in
// time order (the recordings mix full_out, vessel and transshipment events): neither does this.
import { hashString, uuidFromName } from '../core/prng';
import { HOUR, isoSeconds, MINUTE } from '../core/time';
import { PORTS } from '../data/places';
import type { ContainerRecord, ShipmentRecord } from '../data/records';
import { portRef } from './places';
import { ref, relationships, type Ref, type Resource } from './resource';

type Source = 'shipping_line' | 'terminal' | 'ais';

export interface Milestone {
  event: string;
  at: string | null;
  locode: string | null;
  atTerminal: boolean;
  source: Source;
}

const shift = (iso: string | null, ms: number) =>
  iso === null ? null : isoSeconds(Date.parse(iso) + ms);

function milestones(container: ContainerRecord, shipment: ShipmentRecord | undefined): Milestone[] {
  const a = container.attributes;
  const s = shipment?.attributes;
  // Hours before the sailing that the box was gated in and loaded, the same for every read.
  const h = hashString(container.id) >>> 0;
  const loaded = shift(s?.pol_atd_at ?? null, -(8 + (h % 6)) * HOUR);
  const fullIn = shift(loaded, -(30 + (h % 50)) * HOUR);
  const emptyOut = shift(fullIn, -(20 + (Math.floor(h / 64) % 60)) * HOUR);
  const inland = container.destinationLocode;
  const m = (
    event: string,
    at: string | null,
    locode: string | null,
    atTerminal = false,
    source: Source = atTerminal ? 'terminal' : 'shipping_line',
  ): Milestone => ({ event: `container.transport.${event}`, at, locode, atTerminal, source });
  const discharged = a.pod_discharged_at;
  return [
    m('empty_out', emptyOut, container.polLocode),
    m('full_in', fullIn, container.polLocode),
    m('vessel_loaded', loaded, container.polLocode),
    m('vessel_departed', s?.pol_atd_at ?? null, container.polLocode),
    a.pod_arrived_at === null
      ? m('estimated.vessel_arrived', s?.pod_eta_at ?? null, container.podLocode)
      : m('vessel_arrived', a.pod_arrived_at, container.podLocode, false, 'ais'),
    m('vessel_berthed', shift(a.pod_arrived_at, 40 * MINUTE), container.podLocode, true, 'ais'),
    m('vessel_discharged', discharged, container.podLocode, true),
    m(
      'available',
      a.available_for_pickup === true ? shift(discharged, (3 + (h % 20)) * HOUR) : null,
      container.podLocode,
      true,
    ),
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

/** The container's events in the service's order (not by time: by id, as stable as its order). */
export function transportEventRefs(
  container: ContainerRecord,
  shipment: ShipmentRecord | undefined,
): Ref[] {
  return milestones(container, shipment)
    .map((x) => ({ type: 'transport_event', id: eventId(container, x.event) }))
    .sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

export function serializeTransportEvent(
  container: ContainerRecord,
  shipment: ShipmentRecord | undefined,
  id: string,
): Resource | undefined {
  const found = milestones(container, shipment).find((x) => eventId(container, x.event) === id);
  if (!found) return undefined;
  return transportEventResource(container, id, {
    ...found,
    // An estimate is recorded when the line last said so; an actual event minutes after it.
    createdAt: found.event.includes('.estimated.')
      ? isoSeconds(container.updatedAtMs)
      : shift(found.at, 17 * MINUTE),
  });
}

/**
 * A transport event with the recorded attributes and relationships, in their order: the events
 * listing and a webhook notification's reference object show the same resource.
 */
export function transportEventResource(
  container: ContainerRecord,
  id: string,
  found: Milestone & { createdAt: string | null },
): Resource {
  const terminalId =
    found.atTerminal && found.locode === container.podLocode ? container.podTerminalId : null;
  return {
    id,
    type: 'transport_event',
    attributes: {
      event: found.event,
      created_at: found.createdAt,
      voyage_number: found.event.includes('vessel_') ? container.voyageNumber : null,
      timestamp: found.at,
      data_source: found.source,
      // Milestones are never superseded here, and only LFD-change events carry a value.
      invalidated_at: null,
      location_locode: found.locode,
      timezone: found.locode === null ? null : (PORTS.get(found.locode)?.timeZone ?? null),
      value: null,
    },
    relationships: relationships({
      shipment: ref('shipment', container.shipmentId),
      container: ref('container', container.id),
      vessel: null,
      // Raw carrier events are not emulated (see the container's raw_events).
      source_event: null,
      previous_version: null,
      location: portRef(found.locode),
      terminal: ref('terminal', terminalId),
    }),
  };
}
