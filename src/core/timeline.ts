// A container's transport events as the sidebar's Timeline shows them: in the order they happened
// (the service lists them in no such order), each with the event in words, the place (port and
// terminal names as the service gives them) and the time on the place's own clock, labelled with
// its zone. The service stores event times in UTC with the IANA zone of the place; when it could
// not place an event its zone is null and the time is the source's own clock read as UTC
// ("Event Timestamps", the service's API guide), so it is shown as is, marked "zone unknown".

import { isRecord } from './attribute-values';
import { localTimeText } from './local-time';
import { isValidTimeZone } from './timezone';

export interface TimelineEvent {
  /** The service's event name (`container.transport.vessel_arrived`). */
  event: string;
  /** `Vessel arrived`, `Vessel arrival (estimated)`. */
  label: string;
  estimated: boolean;
  /** `Los Angeles · Fenix Marine Services`, the UN/LOCODE when the port is not named, or ''. */
  place: string;
  /** `2026-11-24 11:30 PST`, `2026-11-24 11:30 (zone unknown)`, or '' when the service has none. */
  time: string;
  /** The instant (ISO), or null. */
  at: string | null;
}

export interface EventResource {
  id: string;
  type: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: unknown }>;
}

/** The journey order of the milestones (the service's milestone guide), for events at one time. */
const JOURNEY = [
  'empty_out',
  'full_in',
  'vessel_loaded',
  'vessel_departed',
  'transshipment_arrived',
  'transshipment_discharged',
  'transshipment_loaded',
  'transshipment_departed',
  'feeder_arrived',
  'feeder_discharged',
  'feeder_loaded',
  'feeder_departed',
  'vessel_arrived',
  'vessel_berthed',
  'vessel_discharged',
  'not_available',
  'available',
  'rail_loaded',
  'rail_departed',
  'rail_arrived',
  'rail_unloaded',
  'arrived_at_inland_destination',
  'full_out',
  'delivered',
  'empty_in',
];

const WORDS: Record<string, [actual: string, estimated?: string]> = {
  empty_out: ['Empty picked up for loading'],
  full_in: ['Full container gated in'],
  vessel_loaded: ['Loaded on vessel'],
  vessel_departed: ['Vessel departed', 'Vessel departure'],
  transshipment_arrived: ['Arrived at transshipment port'],
  transshipment_discharged: ['Discharged at transshipment port'],
  transshipment_loaded: ['Loaded at transshipment port'],
  transshipment_departed: ['Departed transshipment port'],
  feeder_arrived: ['Feeder arrived'],
  feeder_discharged: ['Discharged from feeder'],
  feeder_loaded: ['Loaded on feeder'],
  feeder_departed: ['Feeder departed'],
  vessel_arrived: ['Vessel arrived', 'Vessel arrival'],
  vessel_berthed: ['Vessel berthed'],
  vessel_discharged: ['Discharged from vessel'],
  available: ['Available for pickup'],
  not_available: ['Not available for pickup'],
  rail_loaded: ['Loaded on rail'],
  rail_departed: ['Rail departed'],
  rail_arrived: ['Rail arrived'],
  rail_unloaded: ['Unloaded from rail'],
  arrived_at_inland_destination: ['Arrived at inland destination', 'Arrival at inland destination'],
  full_out: ['Picked up (full out)'],
  delivered: ['Delivered'],
  empty_in: ['Empty returned'],
  'pickup_lfd.changed': ['Last free day changed'],
  'pickup_lfd_line.changed': ["Line's last free day changed"],
  'pickup_lfd_terminal.changed': ["Terminal's last free day changed"],
  'pickup_lfd_rail.changed': ["Rail's last free day changed"],
  'pickup_appointment.changed': ['Pickup appointment changed'],
};

/** `container.transport.estimated.vessel_arrived` → `vessel_arrived`, estimated. */
function parts(event: string): { key: string; estimated: boolean } {
  let key = event.replace(/^container\./, '').replace(/^transport\./, '');
  const estimated = key.startsWith('estimated.');
  if (estimated) key = key.slice('estimated.'.length);
  return { key, estimated };
}

export function eventLabel(event: string): string {
  const { key, estimated } = parts(event);
  const words = WORDS[key];
  if (words) return estimated ? `${words[1] ?? words[0]} (estimated)` : words[0];
  const plain = key.replace(/[._]+/g, ' ').trim() || 'Event';
  const text = plain.charAt(0).toUpperCase() + plain.slice(1);
  return estimated ? `${text} (estimated)` : text;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function relatedId(r: EventResource, name: string): string | null {
  const data = r.relationships?.[name]?.data;
  return isRecord(data) && typeof data.id === 'string' ? data.id : null;
}

function timeText(at: number, zone: unknown): string {
  if (typeof zone === 'string' && isValidTimeZone(zone)) return localTimeText(at, zone);
  return `${localTimeText(at, 'UTC').replace(/ UTC$/, '')} (zone unknown)`;
}

/**
 * The timeline of one container from its events' pages: every `transport_event`, sorted by time
 * (events without a time last), then by their place in the journey.
 */
export function buildTimeline(
  events: readonly EventResource[],
  included: readonly EventResource[],
): TimelineEvent[] {
  const names = new Map<string, string>();
  for (const r of included) {
    const name = text(r.attributes?.name);
    if (name) names.set(`${r.type}:${r.id}`, name);
  }
  const rows = events
    .filter((r) => r.type === 'transport_event')
    .map((r) => {
      const a = r.attributes ?? {};
      const event = text(a.event) || 'unknown';
      const ms = typeof a.timestamp === 'string' ? Date.parse(a.timestamp) : NaN;
      const at = Number.isNaN(ms) ? null : ms;
      const locationId = relatedId(r, 'location');
      const terminalId = relatedId(r, 'terminal');
      const port =
        (locationId &&
          (names.get(`port:${locationId}`) ?? names.get(`metro_area:${locationId}`))) ||
        text(a.location_locode);
      const terminal =
        (terminalId &&
          (names.get(`terminal:${terminalId}`) ?? names.get(`rail_terminal:${terminalId}`))) ||
        '';
      const { key, estimated } = parts(event);
      const rank = JOURNEY.indexOf(key);
      const item: TimelineEvent = {
        event,
        label: eventLabel(event),
        estimated,
        place: [port, terminal].filter((p) => p !== '').join(' · '),
        time: at === null ? '' : timeText(at, a.timezone),
        at: at === null ? null : new Date(at).toISOString(),
      };
      return { item, at, rank: rank < 0 ? JOURNEY.length : rank };
    });
  const when = (at: number | null) => at ?? Number.MAX_SAFE_INTEGER;
  rows.sort((x, y) => when(x.at) - when(y.at) || x.rank - y.rank);
  return rows.map((r) => r.item);
}
