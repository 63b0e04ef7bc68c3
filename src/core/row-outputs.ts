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
  UNREADABLE,
  unreadableCell,
  type Unreadable,
} from './attribute-values';
import {
  attentionText,
  attentionWhenStopped,
  boxReasons,
  earliestReturn,
  returnDue,
  returnReason,
  shipmentBoxReasons,
} from './attention';
import type { ContainerMoney } from './money';
import { boxOf, type Box, type FacilityTime } from './box';
import { feesMoneyText, roundCents } from './derived';
import { localTimeText, zoneOrUtc } from './local-time';
import type { ContainerRecord, ShipmentRecord } from './model';
import type { OutputHeader } from './sheet-layout';
import { serialCellDate } from './timezone';
import { stopStateOf, trackingStateText } from './tracking-state';

type OutputValue = string | number | boolean | Date;
export type RowOutputs = Partial<Record<OutputHeader, OutputValue>>;

function shown(value: OutputValue | null | Unreadable, label: string): OutputValue {
  if (isUnreadable(value)) return unreadableCell(label);
  return value ?? '';
}

/** The sheet's LFD is the earliest deadline (docs/reference.md#lfd), as the facility's calendar day. */
function lfd(box: Box, sheetTimeZone: string): Date | '' | Unreadable {
  if (box.lfdUnreadable) return UNREADABLE;
  return box.lfd ? serialCellDate(box.lfd.day, sheetTimeZone) : '';
}

/** A facility's date-time as labelled text (`2026-11-24 11:30 PST`), in the zone that applies. */
function localTime(value: unknown, timeZone: string): string | Unreadable {
  const at = readInstant(value);
  if (isUnreadable(at)) return at;
  return at ? localTimeText(at, timeZone) : '';
}

/** A facility time of the box as labelled text. */
function facilityText(t: FacilityTime): string | Unreadable {
  if (isUnreadable(t.at)) return t.at;
  return t.at ? localTimeText(t.at, t.zone) : '';
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

/** A stopped shipment's boxes still at the terminal keep their warnings: demurrage runs on. */
function attention(reasons: string[], stopped: boolean): string {
  return stopped ? attentionWhenStopped(reasons) : attentionText(reasons);
}

/** What needs doing about a box: its LFD, holds and readiness, or its empty's Return By. */
function boxAttention(box: Box, money: ContainerMoney | undefined): string[] {
  const back = money ? returnReason(returnDue(box, money)) : null;
  return back ? [...boxReasons(box), back] : boxReasons(box);
}

/**
 * The row of one box: its own cells, then its shipment's. `money`: the box priced with the Free
 * Time rules, when the run has them (its Return By is a deadline in Attention).
 */
export function boxRowOutputs(box: Box, sheetTimeZone: string, money?: ContainerMoney): RowOutputs {
  const a = box.attributes;
  const has = (name: string) => sent(a, name);
  const out: RowOutputs = { Attention: attention(boxAttention(box, money), box.trackingStopped) };
  if (has('current_status')) out.Status = shown(box.status, 'status');
  if (has('available_for_pickup') && has('holds_at_pod_terminal'))
    out.Ready = isUnreadable(box.ready) ? readyProblem(box) : box.ready;
  if (has('pickup_lfd') || has('import_deadlines')) {
    out.LFD = shown(lfd(box, sheetTimeZone), 'LFD');
    out['LFD Source'] = box.lfd?.source ?? '';
  }
  if (has('holds_at_pod_terminal')) out.Holds = shown(box.holdsDetail, 'holds');
  if (has(box.terminalField)) out.Terminal = shown(box.terminal, 'terminal');
  if (has('fees_at_pod_terminal')) out.Fees = shown(feesCell(box), 'fees');
  if (has('pickup_appointment_at'))
    out.Appointment = shown(facilityText(box.appointment), 'appointment');
  if (has('pod_full_out_at') || has('final_destination_full_out_at'))
    out['Picked Up'] = shown(facilityText(box.pickedUp), 'picked up');
  if (has('empty_terminated_at'))
    out['Empty Returned'] = shown(facilityText(box.emptyReturned), 'empty returned');
  if (has('terminal_checked_at'))
    out['Last Checked'] = shown(facilityText(box.terminalChecked), 'last checked');
  return { ...out, ...shipmentOutputs(box.shipment, a.pod_timezone) };
}

export function containerRowOutputs(
  c: ContainerRecord,
  shipment: ShipmentRecord | null | undefined,
  sheetTimeZone: string,
  now: number,
): RowOutputs {
  return boxRowOutputs(boxOf(c, shipment, now), sheetTimeZone);
}

function feesCell(box: Box): string | Unreadable {
  return isUnreadable(box.fees) ? box.fees : feesMoneyText(box.fees);
}

function readyProblem(box: Box): string {
  return unreadableCell(isUnreadable(box.holds) ? 'holds' : 'availability');
}

function statusText(status: Box['status']): string {
  return isUnreadable(status) ? 'unreadable' : (status ?? 'unknown');
}

/** `available: 2, on_ship: 1`, most frequent first. */
export function statusCounts(containers: readonly ContainerRecord[]): string {
  return countStatuses(containers.map((c) => readText(c.attributes.current_status)));
}

function countStatuses(statuses: readonly Box['status'][]): string {
  const counts = new Map<string, number>();
  for (const status of statuses) {
    const s = statusText(status);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return [...counts]
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
}

/** The earliest LFD among the boxes (as their facility days), with the deadline it is. */
function earliestOf(boxes: readonly Box[]): Box['lfd'] {
  let best: Box['lfd'] = null;
  for (const b of boxes) {
    if (b.lfdUnreadable || !b.lfd) continue;
    if (!best || b.lfd.day < best.day) best = b.lfd;
  }
  return best;
}

/** Each currency summed over the boxes, never one currency added to another. */
function summedFees(boxes: readonly Box[]): string {
  const total = new Map<string, number>();
  for (const b of boxes) {
    if (isUnreadable(b.fees)) return unreadableCell('fees');
    for (const [currency, amount] of b.fees)
      total.set(currency, roundCents((total.get(currency) ?? 0) + amount));
  }
  return feesMoneyText(total);
}

/** The next appointment among the boxes, in its own terminal's time. */
function earliestAppointment(boxes: readonly Box[]): string {
  let best: { at: Date; zone: string } | null = null;
  for (const b of boxes) {
    const at = b.appointment.at;
    if (at instanceof Date && (!best || at.getTime() < best.at.getTime()))
      best = { at, zone: b.appointment.zone };
  }
  return best ? localTimeText(best.at, best.zone) : '';
}

/** All ready: false as soon as one is known not to be, unreadable when one cannot be read. */
function allReady(boxes: readonly Box[]): boolean | string {
  if (boxes.length === 0 || boxes.some((b) => b.ready === false)) return false;
  const bad = boxes.find((b) => isUnreadable(b.ready));
  return bad ? readyProblem(bad) : true;
}

/**
 * Where the boxes are picked up (the ones still to be picked up, as for LFD and Ready): the POD
 * terminal, or the inland facility of a box gone inland by rail. Boxes at different places say
 * so (`2 places: …`), so no truck is sent to one place for all of them. Sorted, so the text
 * changes only when the places do; left out (the row keeps its value) when one box's place is
 * unknown.
 */
function terminalsOf(boxes: readonly Box[]): RowOutputs {
  const names = new Set<string>();
  for (const b of boxes) {
    if (!sent(b.attributes, b.terminalField)) return {};
    if (isUnreadable(b.terminal)) return { Terminal: unreadableCell('terminal') };
    if (b.terminal) names.add(b.terminal);
  }
  const sorted = [...names].sort();
  return {
    Terminal:
      sorted.length > 1 ? `${sorted.length} places: ${sorted.join('; ')}` : (sorted[0] ?? ''),
  };
}

/** A BOL/booking row: its boxes' reasons, and the most urgent Return By among them. */
function shipmentAttention(
  boxes: readonly Box[],
  moneys: readonly ContainerMoney[] | undefined,
): string[] {
  const reasons = shipmentBoxReasons(boxes);
  if (!moneys) return reasons;
  const back = returnReason(earliestReturn(boxes.map((b, i) => returnDue(b, moneys[i]!))));
  return back ? [...reasons, back] : reasons;
}

/**
 * A BOL/booking row: the shipment's own data and a summary of its boxes. `moneys`: each box
 * priced, in the same order, when the run has the Free Time rules.
 */
export function shipmentBoxRowOutputs(
  shipment: ShipmentRecord,
  boxes: readonly Box[],
  sheetTimeZone: string,
  moneys?: readonly ContainerMoney[],
): RowOutputs {
  // Without its containers (the answer did not include them, or only some of them) the summary
  // would be wrong: what the row shows of them stays, only the shipment's own data is renewed.
  const expected = shipment.containerNumbers;
  const numbers = new Set(boxes.map((b) => b.number));
  const complete = expected ? expected.every((n) => numbers.has(n)) : boxes.length > 0;
  if (!complete) return shipmentOutputs(shipment);
  // The LFD that matters is the earliest of the boxes still to be picked up (at the terminal or
  // inland); once all are out, the earliest overall is shown for the record.
  const waiting = boxes.filter((b) => b.waiting);
  const shown = waiting.length > 0 ? waiting : boxes;
  const first = earliestOf(shown);
  const holds = boxes
    .map((b) => (isUnreadable(b.holdsDetail) ? unreadableCell('holds') : b.holdsDetail))
    .map((text, i) => (text === '' ? '' : `${boxes[i]!.number} ${text}`))
    .filter((t) => t !== '')
    .join('; ');
  const stop = stopStateOf(shipment.attributes);
  const stopped = !!stop && !isUnreadable(stop) && stop.stopped;
  return {
    Attention: attention(shipmentAttention(boxes, moneys), stopped),
    Status: countStatuses(boxes.map((b) => b.status)),
    // Like its colour, a BOL's readiness is about the boxes still to be picked up.
    Ready: allReady(shown),
    LFD: first ? serialCellDate(first.day, sheetTimeZone) : '',
    'LFD Source': first ? first.source : '',
    Holds: holds,
    ...terminalsOf(shown),
    Fees: summedFees(boxes),
    Appointment: earliestAppointment(boxes),
    ...shipmentOutputs(shipment, boxes[0]?.attributes.pod_timezone),
  };
}

export function shipmentRowOutputs(
  shipment: ShipmentRecord,
  containers: readonly ContainerRecord[],
  sheetTimeZone: string,
  now: number,
): RowOutputs {
  return shipmentBoxRowOutputs(
    shipment,
    containers.map((c) => boxOf(c, shipment, now)),
    sheetTimeZone,
  );
}
