// One reading of a box: what a container record means, derived once and read by every output
// (the row's cells, Attention, money, the Pull List, the change snapshot and through it the
// alerts). Each output used to read the raw attributes again; now a field is read here, in one
// place, and each output only shows it (docs/developing.md, "Adding a field").
//
// Reading is pure: the record, its shipment and "now" give the box. `readBox` remembers the last
// reading of each record object, so the row, its money, the Pull List and the change snapshot of
// one run share one reading: records are never changed once made (api/resources.ts builds them,
// the record cache and the disappearance rule replace them whole), and a reading is only reused
// for the same shipment object and the same "now".

import {
  isUnreadable,
  readFlag,
  readHolds,
  readInstant,
  readText,
  sent,
  type Unreadable,
} from './attribute-values';
import { activeHoldNames, feesByCurrency, holdsDetail, isReadyForPickup } from './derived';
import { equipmentOf } from './equipment';
import { earliestLfd, lfdInstant, type EarliestLfd, type LfdSource } from './lfd';
import { zoneOrUtc } from './local-time';
import {
  PICKUP_FACILITY_NAME,
  POD_TERMINAL_NAME,
  type ContainerAttributes,
  type ContainerRecord,
  type ShipmentRecord,
  type TerminalHold,
} from './model';
import { hasBeenPickedUp, isInland } from './terminal-state';
import { calendarDayIn, sheetSerialOfDay, type CalendarDay } from './timezone';
import { stopStateOf } from './tracking-state';

/** A facility's time as the service sent it (a Date, none, or unreadable) and the zone it is in. */
export interface FacilityTime {
  at: Date | null | Unreadable;
  zone: string;
}

/** An instant at a facility, known to have happened. */
export interface FacilityInstant {
  instant: number;
  zone: string;
}

/** The earliest LFD with its facility day (a sheet serial) and the days left to it there. */
export interface BoxLfd extends EarliestLfd {
  /** The LFD's calendar day at its facility, as a sheet serial number. */
  day: number;
  /** Days from the facility's today to that day (negative once passed). */
  daysLeft: number;
}

/** What money needs of a box: when it left, when its empty came back, whose terms apply. */
export interface MoneyInputs {
  /** The POD terminal's name (Free Time's `Terminal` matches it), or null. */
  terminal: string | null;
  /** The shipping line's SCAC from the shipment, or null (the row's SCAC may stand in). */
  carrier: string | null;
  equipment: { type: string | null; length: number | null };
  /** `pod_full_out_at` and `final_destination_full_out_at` as instants, when they happened. */
  podFullOut: number | null;
  destinationFullOut: number | null;
  /** Whether the box moves inland (rail): its full-out is then the final destination's. */
  inland: boolean;
  /** The full-out that starts detention, at its facility; null while the box is not out. */
  fullOut: FacilityInstant | null;
  /** When the empty came back (its zone, else the full-out's); null while it is not back. */
  emptyReturned: FacilityInstant | null;
  /** The status says the empty is back, whether or not its time is known. */
  emptyReturnedStatus: boolean;
}

export interface Box {
  number: string;
  /** The record's attributes, for the cells that show a field only when the service sent it. */
  attributes: ContainerAttributes;
  /** undefined: the answer did not include the shipment; null: the box has none. */
  shipment: ShipmentRecord | null | undefined;
  now: number;
  status: string | null | Unreadable;
  /**
   * Still to be picked up somewhere: at (or bound for) its POD terminal, or moved inland by rail
   * and not picked up there yet. Only such a box has a running LFD, colours, alerts and demurrage.
   */
  waiting: boolean;
  /** Waiting at (or bound for) its POD terminal (core/terminal-state.ts). */
  atTerminal: boolean;
  /** Gone inland by rail, to be picked up at the inland facility (core/terminal-state.ts). */
  inland: boolean;
  /** On its way or not arrived: nothing at the terminal to have been checked yet. */
  afloat: boolean;
  /** The earliest deadline (`LFD`), or null without one. */
  lfd: BoxLfd | null;
  /** `pickup_lfd` is of a shape that cannot be read: the LFD cell says so. */
  lfdUnreadable: boolean;
  /** Each deadline's calendar day at its own facility (the Change Log watches all four). */
  deadlines: Record<Exclude<LfdSource, 'earliest'>, CalendarDay | null>;
  available: boolean | null | Unreadable;
  ready: boolean | Unreadable;
  holds: TerminalHold[] | Unreadable;
  /** The names of the holds that block pickup. */
  activeHolds: string[] | Unreadable;
  /** `customs: hold (CBP exam)`: the holds with the terminal's words. */
  holdsDetail: string | Unreadable;
  fees: Map<string, number> | Unreadable;
  /**
   * Where the truck goes: the POD terminal's name, or for a box gone inland by rail the pickup
   * facility's name and city (`null`: the service names none; unreadable: not text).
   */
  terminal: string | null | Unreadable;
  /** The attribute `terminal` comes from (whether the answer carried it decides the cell). */
  terminalField: typeof POD_TERMINAL_NAME | typeof PICKUP_FACILITY_NAME;
  zones: { pod: string; destination: string };
  appointment: FacilityTime;
  /** When it left the terminal for the sheet's `Picked Up`: the POD's full-out, else inland's. */
  pickedUp: FacilityTime;
  emptyReturned: FacilityTime;
  terminalChecked: FacilityTime;
  /** How long ago the terminal was checked about a box at it (ms), or null. */
  terminalCheckAge: number | null;
  /** The shipment's tracking stopped (by its user or the service). */
  trackingStopped: boolean;
  money: MoneyInputs;
}

const AFLOAT = new Set(['new', 'on_ship']);

const dayOf = (instant: number, zone: string) => sheetSerialOfDay(calendarDayIn(instant, zone));

function instantOf(value: unknown): number | null {
  const at = readInstant(value);
  return at instanceof Date ? at.getTime() : null;
}

const textOrNull = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

function facilityTime(value: unknown, zone: string): FacilityTime {
  return { at: readInstant(value), zone };
}

function boxLfd(a: ContainerAttributes, now: number): BoxLfd | null {
  const lfd = earliestLfd(a);
  if (!lfd) return null;
  const day = dayOf(lfd.instant, lfd.timeZone);
  return { ...lfd, day, daysLeft: day - dayOf(now, lfd.timeZone) };
}

function deadlineDay(a: ContainerAttributes, source: Exclude<LfdSource, 'earliest'>) {
  const at = lfdInstant(a, source);
  return at ? calendarDayIn(at.instant, at.timeZone) : null;
}

/** The POD full-out, or for an inland move (no POD full-out) the final destination's. */
function pickedUp(a: ContainerAttributes, zones: Box['zones']): FacilityTime {
  const pod = facilityTime(a.pod_full_out_at, zones.pod);
  if (pod.at !== null || !sent(a, 'final_destination_full_out_at')) return pod;
  return facilityTime(a.final_destination_full_out_at, zones.destination);
}

/** An inland move's box goes out at the final destination, not at the port. */
function isInlandMove(a: ContainerAttributes): boolean {
  const has = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  return (
    has(a.final_destination_full_out_at) ||
    has(a.ind_rail_carrier_scac) ||
    has(a.pod_rail_loaded_at)
  );
}

function moneyInputs(
  a: ContainerAttributes,
  shipment: ShipmentRecord | null | undefined,
  zones: Box['zones'],
  terminal: Box['terminal'],
): MoneyInputs {
  const podFullOut = instantOf(a.pod_full_out_at);
  const destinationFullOut = instantOf(a.final_destination_full_out_at);
  const inland = isInlandMove(a);
  const fullOut: FacilityInstant | null = inland
    ? destinationFullOut == null
      ? null
      : { instant: destinationFullOut, zone: zones.destination }
    : podFullOut == null
      ? null
      : { instant: podFullOut, zone: zones.pod };
  const back = instantOf(a.empty_terminated_at);
  return {
    terminal: isUnreadable(terminal) ? null : textOrNull(terminal),
    carrier: textOrNull(shipment?.attributes.shipping_line_scac),
    equipment: equipmentOf(a),
    podFullOut,
    destinationFullOut,
    inland,
    fullOut,
    emptyReturned:
      back == null
        ? null
        : { instant: back, zone: zoneOrUtc(a.empty_terminated_timezone, fullOut?.zone) },
    emptyReturnedStatus: a.current_status === 'empty_returned',
  };
}

/**
 * Ready for pickup (core/derived.ts): available and no active hold. A box gone inland is ready
 * once the facility makes it available (its POD terminal's holds no longer apply), never while
 * it is on the train.
 */
function readiness(
  a: ContainerAttributes,
  status: Box['status'],
  inland: boolean,
): boolean | Unreadable {
  if (!inland) return isReadyForPickup(a);
  const available = readFlag(a.available_for_pickup);
  if (isUnreadable(available)) return available;
  return available === true && status !== 'on_rail';
}

function terminalCheckAge(
  a: ContainerAttributes,
  afloat: boolean,
  atTerminal: boolean,
  now: number,
): number | null {
  if (afloat || !atTerminal) return null;
  const at = readInstant(a.terminal_checked_at);
  return at instanceof Date ? now - at.getTime() : null;
}

function trackingStopped(shipment: ShipmentRecord | null | undefined): boolean {
  const state = shipment ? stopStateOf(shipment.attributes) : undefined;
  return !!state && !isUnreadable(state) && state.stopped;
}

/** The box's meaning, read afresh (readBox remembers it per record). */
export function boxOf(
  record: Pick<ContainerRecord, 'attributes'>,
  shipment: ShipmentRecord | null | undefined,
  now: number,
): Box {
  const a = record.attributes;
  const status = readText(a.current_status);
  const afloat = !isUnreadable(status) && status != null && AFLOAT.has(status);
  const waiting = !hasBeenPickedUp(a);
  const inland = isInland(a);
  const atTerminal = waiting && !inland;
  const zones = {
    pod: zoneOrUtc(a.pod_timezone),
    destination: zoneOrUtc(a.final_destination_timezone, a.pod_timezone),
  };
  const terminalField = inland ? PICKUP_FACILITY_NAME : POD_TERMINAL_NAME;
  const terminal = readText(a[terminalField]);
  return {
    number: a.number,
    attributes: a,
    shipment,
    now,
    status,
    waiting,
    atTerminal,
    inland,
    afloat,
    lfd: boxLfd(a, now),
    lfdUnreadable: isUnreadable(readInstant(a.pickup_lfd)),
    deadlines: {
      pickup: deadlineDay(a, 'pickup'),
      line: deadlineDay(a, 'line'),
      terminal: deadlineDay(a, 'terminal'),
      rail: deadlineDay(a, 'rail'),
    },
    available: readFlag(a.available_for_pickup),
    ready: readiness(a, status, inland),
    holds: readHolds(a.holds_at_pod_terminal),
    // A POD terminal's hold on a box that left it by rail stops nobody's truck at the ramp.
    activeHolds: inland ? [] : activeHoldNames(a.holds_at_pod_terminal),
    holdsDetail: holdsDetail(a.holds_at_pod_terminal),
    fees: feesByCurrency(a.fees_at_pod_terminal),
    terminal,
    terminalField,
    zones,
    appointment: facilityTime(a.pickup_appointment_at, zones.pod),
    pickedUp: pickedUp(a, zones),
    emptyReturned: facilityTime(
      a.empty_terminated_at,
      zoneOrUtc(a.empty_terminated_timezone, a.pod_timezone),
    ),
    terminalChecked: facilityTime(a.terminal_checked_at, zones.pod),
    terminalCheckAge: terminalCheckAge(a, afloat, atTerminal, now),
    trackingStopped: trackingStopped(shipment),
    money: moneyInputs(a, shipment, zones, terminal),
  };
}

const readings = new WeakMap<object, Box>();

/**
 * The box a container record stands for, with its shipment (undefined: not included in the
 * answer; null: none) at `now`. One reading per record object, shipment and moment.
 */
export function readBox(
  record: ContainerRecord,
  shipment: ShipmentRecord | null | undefined,
  now: number,
): Box {
  const known = readings.get(record);
  if (
    known &&
    known.now === now &&
    known.shipment === shipment &&
    known.attributes === record.attributes
  )
    return known;
  const box = boxOf(record, shipment, now);
  readings.set(record, box);
  return box;
}
