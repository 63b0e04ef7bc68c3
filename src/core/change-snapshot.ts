// "This record is now X": the watched fields of a container (with its shipment), a BOL/booking
// shipment, or a tracking request, as literal text, the way the Tracking sheet shows them
// (date-times at the facility with their zone, LFDs as the facility's calendar day). The change
// pipeline compares two snapshots field by field; a field missing from a snapshot is unknown
// (the answer did not carry it), never "blank", so it is neither a change nor a baseline.
//
// Fields starting with `_` are internal: what the alert rules need that the text cannot give
// back (an ETA as an instant, the names of the blocking holds, whether the box is still at the
// terminal, the earliest LFD with its zone). They are stored with the snapshot and never logged.

import { stopStateOf, trackingStateText } from './tracking-state';
import {
  isUnreadable,
  readInstant,
  readText,
  sent,
  unreadableCell,
  type Unreadable,
} from './attribute-values';
import { boxOf, type Box, type FacilityTime } from './box';
import { feesMoneyText } from './derived';
import { localTimeText, zoneOrUtc } from './local-time';
import { POD_TERMINAL_NAME, type ContainerRecord, type ShipmentRecord } from './model';
import { dayOfSerial, dayText } from './timezone';

export type Snapshot = Record<string, string>;

/**
 * The fields a Change Log row may name, in the order rows of one record are written. The LFD is
 * logged per deadline (line, terminal, rail: whose deadline moved, what a dispute quotes); the
 * service's coalesced `pickup_lfd` is kept in the snapshot but not logged: it is always a copy of
 * one of them, so its row only repeated another (docs/reference.md, "Change Log").
 */
export const WATCHED_FIELDS = [
  'current_status',
  'available_for_pickup',
  'ready_for_pickup',
  'pickup_lfd_line',
  'pickup_lfd_terminal',
  'pickup_lfd_rail',
  'holds',
  'fees',
  'pod_eta_at',
  'pod_ata_at',
  'pickup_appointment_at',
  'pod_vessel_name',
  'pod_terminal_name',
  'tracking',
] as const;

export const INTERNAL = {
  /** The ETA as epoch ms (the text has only minutes and an abbreviated zone). */
  eta: '_eta',
  /** Names of the holds that block pickup, sorted, as a JSON list (holdNamesOf reads it). */
  holds: '_holds',
  /** `y` while the box is still to be picked up, at its terminal or inland (only then does an LFD warn). */
  atTerminal: '_at',
  /** The earliest LFD as `YYYY-MM-DD` and the zone of its facility (`YYYY-MM-DD@Zone`). */
  lfd: '_lfd',
  /**
   * Return By while the box is out and its empty not back (`YYYY-MM-DD@Zone`, '' otherwise), as
   * the run priced it with the Free Time rules; absent when the run priced nothing.
   */
  returnBy: '_ret',
} as const;

export { dayText };

function instantText(value: unknown, zone: string, label: string): string {
  const at = readInstant(value);
  if (isUnreadable(at)) return unreadableCell(label);
  return at ? localTimeText(at, zone) : '';
}

function text(value: unknown, label: string): string {
  return shownText(readText(value), label);
}

function shownText(t: string | null | Unreadable, label: string): string {
  return isUnreadable(t) ? unreadableCell(label) : (t ?? '');
}

function facilityText(t: FacilityTime, label: string): string {
  if (isUnreadable(t.at)) return unreadableCell(label);
  return t.at ? localTimeText(t.at, t.zone) : '';
}

const LFD_FIELDS: [string, keyof Box['deadlines']][] = [
  ['pickup_lfd', 'pickup'],
  ['pickup_lfd_line', 'line'],
  ['pickup_lfd_terminal', 'terminal'],
  ['pickup_lfd_rail', 'rail'],
];

/** The shipment's part of a container's (or a BOL row's) snapshot. */
function shipmentFields(s: ShipmentRecord, podZone?: unknown): Snapshot {
  const a = s.attributes;
  const zone = zoneOrUtc(a.pod_timezone, podZone);
  const out: Snapshot = {};
  if (sent(a, 'pod_vessel_name')) out.pod_vessel_name = text(a.pod_vessel_name, 'vessel');
  if (sent(a, 'pod_eta_at')) {
    out.pod_eta_at = instantText(a.pod_eta_at, zone, 'ETA');
    const eta = readInstant(a.pod_eta_at);
    out[INTERNAL.eta] = eta instanceof Date ? String(eta.getTime()) : '';
  }
  if (sent(a, 'pod_ata_at')) out.pod_ata_at = instantText(a.pod_ata_at, zone, 'ATA');
  // A stopped shipment's rows say `stopped: <why>` in Tracking: that is a change of its state.
  const stop = stopStateOf(a);
  if (stop !== undefined)
    out.tracking = isUnreadable(stop) ? unreadableCell('tracking') : trackingStateText(stop);
  return out;
}

/** What a box is now, as the Change Log and the alert rules watch it. */
export function boxSnapshot(box: Box): Snapshot {
  const a = box.attributes;
  const has = (name: string) => sent(a, name);
  const out: Snapshot = { tracking: 'tracked' };
  if (has('current_status')) out.current_status = shownText(box.status, 'status');
  if (has('available_for_pickup')) {
    out.available_for_pickup = isUnreadable(box.available)
      ? unreadableCell('availability')
      : String(box.available ?? '');
  }
  if (has('available_for_pickup') && has('holds_at_pod_terminal')) {
    out.ready_for_pickup = isUnreadable(box.ready)
      ? unreadableCell('ready')
      : box.ready
        ? 'yes'
        : 'no';
  }
  if (has('pickup_lfd') || has('import_deadlines')) {
    for (const [field, source] of LFD_FIELDS) {
      const day = box.deadlines[source];
      out[field] = day ? dayText(day) : '';
    }
    out[INTERNAL.lfd] = box.lfd ? `${dayText(dayOfSerial(box.lfd.day))}@${box.lfd.timeZone}` : '';
  }
  if (has('holds_at_pod_terminal')) {
    out.holds = shownText(box.holdsDetail, 'holds');
    const names = box.activeHolds;
    out[INTERNAL.holds] = isUnreadable(names) ? '' : JSON.stringify([...names].sort());
  }
  if (has('fees_at_pod_terminal'))
    out.fees = isUnreadable(box.fees) ? unreadableCell('fees') : feesMoneyText(box.fees);
  if (has('pickup_appointment_at'))
    out.pickup_appointment_at = facilityText(box.appointment, 'appointment');
  if (has(POD_TERMINAL_NAME)) out.pod_terminal_name = shownText(box.terminal, 'terminal');
  // What hasBeenPickedUp reads.
  const leaving = [
    'current_status',
    'pod_full_out_at',
    'final_destination_full_out_at',
    'empty_terminated_at',
  ];
  if (leaving.some(has)) out[INTERNAL.atTerminal] = box.waiting ? 'y' : 'n';
  if (box.shipment === null) {
    Object.assign(out, { pod_vessel_name: '', pod_eta_at: '', pod_ata_at: '', [INTERNAL.eta]: '' });
  } else if (box.shipment) {
    Object.assign(out, shipmentFields(box.shipment, a.pod_timezone));
  }
  return out;
}

/**
 * `shipment`: undefined when the answer did not include it (its fields stay unknown), null when
 * the container has none. (A snapshot does not depend on the moment: any `now` reads the same.)
 */
export function containerSnapshot(
  c: ContainerRecord,
  shipment: ShipmentRecord | null | undefined,
): Snapshot {
  return boxSnapshot(boxOf(c, shipment, 0));
}

/** A BOL/booking row's own record: its vessel and dates (its boxes are observed one by one). */
export function shipmentSnapshot(s: ShipmentRecord): Snapshot {
  return { tracking: 'tracked', ...shipmentFields(s) };
}

/** A number the service does not track yet: only its tracking request's state is known. */
export function requestSnapshot(trackingText: string): Snapshot {
  return { tracking: trackingText };
}

export const isInternal = (field: string): boolean => field.startsWith('_');

/**
 * The hold names of a snapshot's `_holds`: a JSON list (a name may hold any character, `|`
 * included), or names joined by `|` as earlier versions kept them.
 */
export function holdNamesOf(raw: string | undefined): string[] {
  if (!raw) return [];
  if (raw.startsWith('[')) {
    try {
      const names = JSON.parse(raw) as unknown;
      if (Array.isArray(names)) return names.map(String);
    } catch {
      // Not a list after all: read as the older form.
    }
  }
  return raw.split('|');
}

export interface FieldChange {
  field: string;
  old: string;
  new: string;
}

/**
 * The watched fields that changed from `previous` to `next`. A field unknown on either side is
 * no change: first sight of a field is its baseline, and a field the answer did not carry keeps
 * what the add-in last knew.
 */
export function diffSnapshots(previous: Snapshot, next: Snapshot): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of WATCHED_FIELDS) {
    const old = previous[field];
    const now = next[field];
    if (old === undefined || now === undefined || old === now) continue;
    out.push({ field, old, new: now });
  }
  return out;
}

/** What the add-in knows after this observation: the previous fields, updated by the new ones. */
export function mergeSnapshots(previous: Snapshot | null, next: Snapshot): Snapshot {
  return { ...(previous ?? {}), ...next };
}
