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
import {
  attentionText,
  attentionWhenStopped,
  containerReasons,
  shipmentReasons,
} from './attention';
import {
  feesByCurrency,
  feesMoneyText,
  holdsDetail,
  holdsText,
  isReadyForPickup,
  roundCents,
} from './derived';
import { earliestLfd, lfdCellDate } from './lfd';
import { localTimeText, zoneOrUtc } from './local-time';
import {
  POD_TERMINAL_NAME,
  type ContainerAttributes,
  type ContainerRecord,
  type ShipmentRecord,
} from './model';
import type { OutputHeader } from './sheet-layout';
import { isAtTerminal } from './terminal-state';
import { stopStateOf, trackingStateText } from './tracking-state';

type OutputValue = string | number | boolean | Date;
export type RowOutputs = Partial<Record<OutputHeader, OutputValue>>;

function shown(value: OutputValue | null | Unreadable, label: string): OutputValue {
  if (isUnreadable(value)) return unreadableCell(label);
  return value ?? '';
}

/** The sheet's LFD is the earliest deadline (docs/reference.md#lfd), as the facility's calendar day. */
function lfd(a: ContainerAttributes, sheetTimeZone: string): Date | '' | Unreadable {
  const pickup = readInstant(a.pickup_lfd);
  if (isUnreadable(pickup)) return pickup;
  return lfdCellDate(a, 'earliest', sheetTimeZone) ?? '';
}

/** A facility's date-time as labelled text (`2026-11-24 11:30 PST`), in the zone that applies. */
function localTime(value: unknown, timeZone: string): string | Unreadable {
  const at = readInstant(value);
  if (isUnreadable(at)) return at;
  return at ? localTimeText(at, timeZone) : '';
}

function feesCell(value: unknown): string | Unreadable {
  const sums = feesByCurrency(value);
  return isUnreadable(sums) ? sums : feesMoneyText(sums);
}

/**
 * `shipment`: the container's shipment; null when it has none (its outputs are blank); undefined
 * when the answer did not include it (its outputs are left as they are).
 */
function shipmentOutputs(s: ShipmentRecord | null | undefined, podZone?: unknown): RowOutputs {
  if (s === undefined) return {};
  const a = s?.attributes ?? {};
  const zone = zoneOrUtc(a.pod_timezone, podZone);
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
  if (has('pod_eta_at')) out.ETA = shown(localTime(a.pod_eta_at, zone), 'ETA');
  if (has('pod_ata_at')) out.ATA = shown(localTime(a.pod_ata_at, zone), 'ATA');
  const stop = s ? stopStateOf(a) : undefined;
  if (stop !== undefined)
    out.Tracking = isUnreadable(stop) ? unreadableCell('tracking') : trackingStateText(stop);
  return out;
}

/** Whether the service no longer tracks the shipment (its user or the service stopped it). */
function trackingStopped(s: ShipmentRecord | null | undefined): boolean {
  const state = s ? stopStateOf(s.attributes) : undefined;
  return !!state && !isUnreadable(state) && state.stopped;
}

/** A stopped shipment's boxes still at the terminal keep their warnings: demurrage runs on. */
function attention(reasons: string[], shipment: ShipmentRecord | null | undefined): string {
  return trackingStopped(shipment) ? attentionWhenStopped(reasons) : attentionText(reasons);
}

/**
 * When the box left its terminal, in that facility's time: the POD full-out, or for an inland
 * move (no POD full-out) the final destination's full-out.
 */
function pickedUp(a: ContainerAttributes): string | Unreadable {
  const pod = localTime(a.pod_full_out_at, zoneOrUtc(a.pod_timezone));
  if (isUnreadable(pod) || pod !== '' || !sent(a, 'final_destination_full_out_at')) return pod;
  const zone = zoneOrUtc(a.final_destination_timezone, a.pod_timezone);
  return localTime(a.final_destination_full_out_at, zone);
}

export function containerRowOutputs(
  c: ContainerRecord,
  shipment: ShipmentRecord | null | undefined,
  sheetTimeZone: string,
  now: number,
): RowOutputs {
  const a = c.attributes;
  const has = (name: string) => sent(a, name);
  const podZone = zoneOrUtc(a.pod_timezone);
  const out: RowOutputs = { Attention: attention(containerReasons(a, now), shipment) };
  if (has('current_status')) out.Status = shown(readText(a.current_status), 'status');
  if (has('available_for_pickup') && has('holds_at_pod_terminal')) {
    const ready = isReadyForPickup(a);
    out.Ready = isUnreadable(ready) ? readyProblem(a) : ready;
  }
  if (has('pickup_lfd') || has('import_deadlines')) {
    out.LFD = shown(lfd(a, sheetTimeZone), 'LFD');
    out['LFD Source'] = earliestLfd(a)?.source ?? '';
  }
  if (has('holds_at_pod_terminal'))
    out.Holds = shown(holdsDetail(a.holds_at_pod_terminal), 'holds');
  if (has(POD_TERMINAL_NAME)) out.Terminal = shown(readText(a[POD_TERMINAL_NAME]), 'terminal');
  if (has('fees_at_pod_terminal')) out.Fees = shown(feesCell(a.fees_at_pod_terminal), 'fees');
  if (has('pickup_appointment_at'))
    out.Appointment = shown(localTime(a.pickup_appointment_at, podZone), 'appointment');
  if (has('pod_full_out_at') || has('final_destination_full_out_at'))
    out['Picked Up'] = shown(pickedUp(a), 'picked up');
  if (has('empty_terminated_at')) {
    const zone = zoneOrUtc(a.empty_terminated_timezone, a.pod_timezone);
    out['Empty Returned'] = shown(localTime(a.empty_terminated_at, zone), 'empty returned');
  }
  if (has('terminal_checked_at'))
    out['Last Checked'] = shown(localTime(a.terminal_checked_at, podZone), 'last checked');
  return { ...out, ...shipmentOutputs(shipment, a.pod_timezone) };
}

function readyProblem(a: ContainerAttributes): string {
  return unreadableCell(
    isUnreadable(holdsText(a.holds_at_pod_terminal)) ? 'holds' : 'availability',
  );
}

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

/** The earliest LFD among the boxes (as their facility days), with the deadline it is. */
function earliestOf(
  containers: readonly ContainerRecord[],
  sheetTimeZone: string,
): { date: Date; source: string } | null {
  let best: { date: Date; source: string } | null = null;
  for (const c of containers) {
    const date = lfd(c.attributes, sheetTimeZone);
    if (!(date instanceof Date)) continue;
    if (!best || date.getTime() < best.date.getTime())
      best = { date, source: earliestLfd(c.attributes)?.source ?? '' };
  }
  return best;
}

/** Each currency summed over the boxes, never one currency added to another. */
function summedFees(containers: readonly ContainerRecord[]): string {
  const total = new Map<string, number>();
  for (const c of containers) {
    const sums = feesByCurrency(c.attributes.fees_at_pod_terminal);
    if (isUnreadable(sums)) return unreadableCell('fees');
    for (const [currency, amount] of sums)
      total.set(currency, roundCents((total.get(currency) ?? 0) + amount));
  }
  return feesMoneyText(total);
}

/** The next appointment among the boxes, in its own terminal's time. */
function earliestAppointment(containers: readonly ContainerRecord[]): string {
  let best: { at: Date; zone: string } | null = null;
  for (const c of containers) {
    const at = readInstant(c.attributes.pickup_appointment_at);
    if (at instanceof Date && (!best || at.getTime() < best.at.getTime()))
      best = { at, zone: zoneOrUtc(c.attributes.pod_timezone) };
  }
  return best ? localTimeText(best.at, best.zone) : '';
}

/** All ready: false as soon as one is known not to be, unreadable when one cannot be read. */
function allReady(containers: readonly ContainerRecord[]): boolean | string {
  const each = containers.map((c) => ({ c, ready: isReadyForPickup(c.attributes) }));
  if (containers.length === 0 || each.some((x) => x.ready === false)) return false;
  const bad = each.find((x) => isUnreadable(x.ready));
  return bad ? readyProblem(bad.c.attributes) : true;
}

/**
 * The distinct terminals of the boxes (the ones still to be picked up, as for LFD and Ready),
 * sorted so the text changes only when they do; left out (the row keeps its value) when one box's
 * terminal is unknown.
 */
function terminalsOf(containers: readonly ContainerRecord[]): RowOutputs {
  const names = new Set<string>();
  for (const c of containers) {
    if (!sent(c.attributes, POD_TERMINAL_NAME)) return {};
    const name = readText(c.attributes[POD_TERMINAL_NAME]);
    if (isUnreadable(name)) return { Terminal: unreadableCell('terminal') };
    if (name) names.add(name);
  }
  return { Terminal: [...names].sort().join(', ') };
}

export function shipmentRowOutputs(
  shipment: ShipmentRecord,
  containers: readonly ContainerRecord[],
  sheetTimeZone: string,
  now: number,
): RowOutputs {
  // Without its containers (the answer did not include them, or only some of them) the summary
  // would be wrong: what the row shows of them stays, only the shipment's own data is renewed.
  const expected = shipment.containerNumbers;
  const numbers = new Set(containers.map((c) => c.attributes.number));
  const complete = expected ? expected.every((n) => numbers.has(n)) : containers.length > 0;
  if (!complete) return shipmentOutputs(shipment);
  // The LFD that matters is the earliest of the boxes still at the terminal; once all are out,
  // the earliest overall is shown for the record.
  const waiting = containers.filter((c) => isAtTerminal(c.attributes));
  const shown = waiting.length > 0 ? waiting : containers;
  const first = earliestOf(shown, sheetTimeZone);
  const holds = containers
    .map((c) => {
      const text = holdsDetail(c.attributes.holds_at_pod_terminal);
      return isUnreadable(text) ? unreadableCell('holds') : text;
    })
    .map((text, i) => (text === '' ? '' : `${containers[i]!.attributes.number} ${text}`))
    .filter((t) => t !== '')
    .join('; ');
  return {
    Attention: attention(
      shipmentReasons(
        containers.map((c) => c.attributes),
        now,
      ),
      shipment,
    ),
    Status: statusCounts(containers),
    // Like its colour, a BOL's readiness is about the boxes still to be picked up.
    Ready: allReady(shown),
    LFD: first ? first.date : '',
    'LFD Source': first ? first.source : '',
    Holds: holds,
    ...terminalsOf(shown),
    Fees: summedFees(containers),
    Appointment: earliestAppointment(containers),
    ...shipmentOutputs(shipment, containers[0]?.attributes.pod_timezone),
  };
}
