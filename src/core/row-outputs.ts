// What the add-in writes into the output columns of one Tracking row: a container's own data, or
// for a BOL/booking row a summary of its containers plus the shipment's data.
//
// Only what the service sent replaces what a row shows: an output whose attributes the answer
// did not carry (absent, or a shipment that was not included) is left out, so the row keeps its
// value. A value of the wrong shape shows as `#unreadable <field>` in that cell only.

import {
  isUnreadable,
  readInstant,
  readText,
  sent,
  unreadableCell,
  type Unreadable,
} from './attribute-values';
import { feesTotal, holdsText, isReadyForPickup, roundCents } from './derived';
import { lfdCellDate } from './lfd';
import type { ContainerAttributes, ContainerRecord, ShipmentRecord } from './model';
import type { OutputHeader } from './sheet-layout';

type OutputValue = string | number | boolean | Date;
export type RowOutputs = Partial<Record<OutputHeader, OutputValue>>;

function shown(value: OutputValue | null | Unreadable, label: string): OutputValue {
  if (isUnreadable(value)) return unreadableCell(label);
  return value ?? '';
}

function lfd(a: ContainerAttributes, sheetTimeZone: string): Date | '' | Unreadable {
  const pickup = readInstant(a.pickup_lfd);
  if (isUnreadable(pickup)) return pickup;
  return lfdCellDate(a, 'pickup', sheetTimeZone) ?? '';
}

/**
 * `shipment`: the container's shipment; null when it has none (its outputs are blank); undefined
 * when the answer did not include it (its outputs are left as they are).
 */
function shipmentOutputs(s: ShipmentRecord | null | undefined): RowOutputs {
  if (s === undefined) return {};
  const a = s?.attributes ?? {};
  const out: RowOutputs = {};
  const has = (name: string) => s === null || sent(a, name);
  if (has('pod_vessel_name')) out.Vessel = shown(readText(a.pod_vessel_name), 'vessel');
  if (has('port_of_discharge_name') || has('port_of_discharge_locode')) {
    const name = readText(a.port_of_discharge_name);
    out.POD = shown(
      isUnreadable(name) || name == null ? readText(a.port_of_discharge_locode) : name,
      'POD',
    );
  }
  if (has('pod_eta_at')) out.ETA = shown(readInstant(a.pod_eta_at), 'ETA');
  if (has('pod_ata_at')) out.ATA = shown(readInstant(a.pod_ata_at), 'ATA');
  return out;
}

export function containerRowOutputs(
  c: ContainerRecord,
  shipment: ShipmentRecord | null | undefined,
  sheetTimeZone: string,
): RowOutputs {
  const a = c.attributes;
  const has = (name: string) => sent(a, name);
  const out: RowOutputs = {};
  if (has('current_status')) out.Status = shown(readText(a.current_status), 'status');
  if (has('available_for_pickup') && has('holds_at_pod_terminal')) {
    const ready = isReadyForPickup(a);
    out.Ready = isUnreadable(ready) ? readyProblem(a) : ready;
  }
  if (has('pickup_lfd')) out.LFD = shown(lfd(a, sheetTimeZone), 'LFD');
  if (has('holds_at_pod_terminal')) out.Holds = shown(holdsText(a.holds_at_pod_terminal), 'holds');
  if (has('fees_at_pod_terminal')) out.Fees = shown(feesTotal(a.fees_at_pod_terminal), 'fees');
  if (has('pickup_appointment_at'))
    out.Appointment = shown(readInstant(a.pickup_appointment_at), 'appointment');
  return { ...out, ...shipmentOutputs(shipment) };
}

function readyProblem(a: ContainerAttributes): string {
  return unreadableCell(
    isUnreadable(holdsText(a.holds_at_pod_terminal)) ? 'holds' : 'availability',
  );
}

/** Statuses after which demurrage no longer runs at the terminal for that box. */
const OUT_OF_TERMINAL = new Set([
  'picked_up',
  'delivered',
  'dropped',
  'empty_returned',
  'off_dock',
  'on_rail',
  'loaded',
]);

function statusOf(c: ContainerRecord): string {
  const s = readText(c.attributes.current_status);
  return isUnreadable(s) ? 'unreadable' : (s ?? 'unknown');
}

/** `available: 2, on_ship: 1`, most frequent first. */
export function statusCounts(containers: readonly ContainerRecord[]): string {
  const counts = new Map<string, number>();
  for (const c of containers) {
    const s = statusOf(c);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return [...counts]
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
}

function earliest(dates: unknown[]): Date | '' {
  const real = dates.filter((d): d is Date => d instanceof Date);
  return real.length === 0 ? '' : new Date(Math.min(...real.map((d) => d.getTime())));
}

/** All ready: false as soon as one is known not to be, unreadable when one cannot be read. */
function allReady(containers: readonly ContainerRecord[]): boolean | string {
  const each = containers.map((c) => ({ c, ready: isReadyForPickup(c.attributes) }));
  if (containers.length === 0 || each.some((x) => x.ready === false)) return false;
  const bad = each.find((x) => isUnreadable(x.ready));
  return bad ? readyProblem(bad.c.attributes) : true;
}

export function shipmentRowOutputs(
  shipment: ShipmentRecord,
  containers: readonly ContainerRecord[],
  sheetTimeZone: string,
): RowOutputs {
  // Without its containers (the answer did not include them, or only some of them) the summary
  // would be wrong: what the row shows of them stays, only the shipment's own data is renewed.
  const expected = shipment.containerNumbers;
  const numbers = new Set(containers.map((c) => c.attributes.number));
  const complete = expected ? expected.every((n) => numbers.has(n)) : containers.length > 0;
  if (!complete) return shipmentOutputs(shipment);
  // The LFD that matters is the earliest of the boxes still at the terminal; once all are out,
  // the earliest overall is shown for the record.
  const waiting = containers.filter((c) => !OUT_OF_TERMINAL.has(statusOf(c)));
  const lfdOf = (list: readonly ContainerRecord[]) =>
    earliest(list.map((c) => lfd(c.attributes, sheetTimeZone)));
  const holds = containers
    .map((c) => {
      const text = holdsText(c.attributes.holds_at_pod_terminal);
      return isUnreadable(text) ? unreadableCell('holds') : text;
    })
    .map((text, i) => (text === '' ? '' : `${containers[i]!.attributes.number} ${text}`))
    .filter((t) => t !== '')
    .join('; ');
  const fees = containers.map((c) => feesTotal(c.attributes.fees_at_pod_terminal));
  return {
    Status: statusCounts(containers),
    Ready: allReady(containers),
    LFD: waiting.length > 0 ? lfdOf(waiting) : lfdOf(containers),
    Holds: holds,
    Fees: fees.some(isUnreadable)
      ? unreadableCell('fees')
      : roundCents(fees.reduce<number>((sum, f) => sum + (f as number), 0)),
    Appointment: earliest(containers.map((c) => readInstant(c.attributes.pickup_appointment_at))),
    ...shipmentOutputs(shipment),
  };
}
