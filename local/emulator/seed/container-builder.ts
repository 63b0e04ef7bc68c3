// Turns a container plan into attributes that agree with its status: a container on the water has
// no discharge time, a picked-up one has a full-out time, a rail move has rail legs, and every
// date sits where that status puts it relative to the anchor ("now" when the data was built).
import {
  addDays,
  DAY,
  HOUR,
  isoOrNull,
  isoSeconds,
  localDay,
  MINUTE,
  zonedTime,
} from '../core/time';
import type { Port } from '../data/places';
import type { ContainerAttributes, ContainerRecord, ContainerStatus } from '../data/records';
import { importDeadlines } from './import-deadlines';
import type { ContainerPlan, SeedContext } from './plan-types';
import { defaultHolds, feesFor, locationFor } from './terminal-details';

export interface ShipmentFrame {
  id: string;
  createdAtMs: number;
  pol: Port | null;
  pod: Port | null;
  destination: Port | null;
  podTerminalId: string | null;
  railTerminalId: string | null;
  railScac: string | null;
  arrivalMs: number;
  vesselName: string | null;
  voyageNumber: string | null;
  lineCheckedAtMs: number | null;
}

const AFLOAT: readonly ContainerStatus[] = ['new', 'on_ship'];
const AT_TERMINAL: readonly ContainerStatus[] = [
  'not_available',
  'available',
  'grounded',
  'awaiting_inland_transfer',
];
const GONE: readonly ContainerStatus[] = [
  'picked_up',
  'off_dock',
  'delivered',
  'dropped',
  'loaded',
  'empty_returned',
];

const EQUIPMENT: readonly [
  ContainerAttributes['equipment_type'],
  20 | 40 | 45,
  'standard' | 'high_cube',
][] = [
  ['dry', 40, 'high_cube'],
  ['dry', 40, 'high_cube'],
  ['dry', 40, 'standard'],
  ['dry', 20, 'standard'],
  ['dry', 20, 'standard'],
  ['reefer', 40, 'high_cube'],
  ['dry', 45, 'high_cube'],
  ['open top', 40, 'standard'],
  ['flat rack', 20, 'standard'],
  ['tank', 20, 'standard'],
];

export function buildContainer(
  ctx: SeedContext,
  frame: ShipmentFrame,
  plan: ContainerPlan,
  id: string,
  number: string,
  index: number,
): ContainerRecord {
  const { rng, anchor } = ctx;
  const status = plan.status;
  const rail = frame.destination !== null;
  const podTz = frame.pod?.timeZone ?? null;
  const destTz = frame.destination?.timeZone ?? null;
  const afloat = AFLOAT.includes(status);
  const inlandAvailable = rail && status === 'available';
  const gone = GONE.includes(status);
  // Walk the journey forward from the arrival; nothing that happened may lie after the anchor.
  const past = (t: number) => Math.min(t, anchor - HOUR);
  const discharged = afloat ? null : past(frame.arrivalMs + rng.int(4, 20) * HOUR);
  const railMoved =
    rail && discharged !== null && (status === 'on_rail' || inlandAvailable || gone);
  const railLoaded = railMoved ? past(discharged + DAY + rng.int(1, 6) * HOUR) : null;
  const railDeparted = railLoaded === null ? null : past(railLoaded + rng.int(3, 9) * HOUR);
  const inlandArrived =
    railDeparted !== null && status !== 'on_rail' ? past(railDeparted + rng.int(2, 3) * DAY) : null;
  const railUnloaded = inlandArrived === null ? null : past(inlandArrived + rng.int(2, 8) * HOUR);
  const inlandEta = rail && !afloat ? (inlandArrived ?? anchor + rng.int(1, 4) * DAY) : null;
  const goneFrom = rail ? railUnloaded : discharged;
  const goneAt = gone && goneFrom !== null ? past(goneFrom + rng.int(1, 4) * DAY) : null;
  const emptyAt =
    status === 'empty_returned' && goneAt !== null ? past(goneAt + rng.int(1, 4) * DAY) : null;
  const checked =
    AT_TERMINAL.includes(status) || status === 'on_rail' ? anchor - rng.int(3, 50) * MINUTE : null;
  const [equipmentType, length, height] = rng.pick(EQUIPMENT);

  const { deadlines, pickupLfd } = importDeadlines({
    anchor,
    status,
    hint: plan.lfd,
    podZone: podTz,
    railZone: rail ? destTz : null,
    inlandAvailable,
  });

  const appointmentDays =
    plan.appointmentInDays === undefined
      ? status === 'available' && rng.chance(0.5)
        ? 1
        : null
      : plan.appointmentInDays;
  const appointmentTz = inlandAvailable ? destTz : podTz;
  const appointment =
    appointmentDays === null || appointmentTz === null
      ? null
      : zonedTime(
          addDays(localDay(anchor, appointmentTz), appointmentDays),
          appointmentTz,
          rng.int(7, 15),
          rng.pick([0, 30]),
        );

  const attributes: ContainerAttributes = {
    number,
    ref_numbers: plan.refNumbers ?? [],
    seal_number: rng.chance(0.7) ? String(rng.int(1_000_000, 99_999_999)) : null,
    created_at: isoSeconds(frame.createdAtMs + index * 1000),
    equipment_type: equipmentType,
    equipment_length: length,
    equipment_height: height,
    weight_in_lbs: rng.chance(0.85) ? rng.int(40, 560) * 100 : null,
    pickup_lfd: pickupLfd,
    pickup_appointment_at: isoOrNull(appointment),
    availability_known: !afloat,
    available_for_pickup: afloat ? null : status === 'available',
    pod_arrived_at: afloat ? null : isoSeconds(frame.arrivalMs),
    pod_discharged_at: isoOrNull(discharged),
    pod_full_out_at: rail ? null : isoOrNull(goneAt),
    terminal_checked_at: isoOrNull(checked ?? goneAt),
    pod_full_out_chassis_number:
      goneAt !== null && !rail && rng.chance(0.7)
        ? `${rng.pick(['DCLZ', 'TRLZ', 'FLXZ', 'APMZ'])}${rng.int(100000, 999999)}`
        : null,
    location_at_pod_terminal: locationFor(status, rng.int(1, 40)),
    final_destination_full_out_at: rail ? isoOrNull(goneAt) : null,
    empty_terminated_at: isoOrNull(emptyAt),
    holds_at_pod_terminal: plan.holds ?? defaultHolds(status, rng.int(0, 3)),
    fees_at_pod_terminal: feesFor(plan),
    pod_timezone: podTz,
    final_destination_timezone: destTz,
    empty_terminated_timezone: emptyAt === null ? null : (destTz ?? podTz),
    pod_rail_carrier_scac: rail ? frame.railScac : null,
    ind_rail_carrier_scac: rail ? frame.railScac : null,
    pod_last_tracking_request_at: isoOrNull(checked ?? goneAt),
    shipment_last_tracking_request_at: isoOrNull(frame.lineCheckedAtMs),
    pod_rail_loaded_at: isoOrNull(railLoaded),
    pod_rail_departed_at: isoOrNull(railDeparted),
    ind_eta_at: isoOrNull(inlandEta),
    ind_ata_at: isoOrNull(inlandArrived),
    ind_rail_unloaded_at: isoOrNull(railUnloaded),
    ind_facility_lfd_on: deadlines.pickup_lfd_rail,
    import_deadlines: deadlines,
    current_status: status,
    ...plan.overrides,
  };

  return {
    id,
    shipmentId: frame.id,
    createdAtMs: frame.createdAtMs + index * 1000,
    updatedAtMs: Math.max(frame.createdAtMs, checked ?? frame.createdAtMs),
    podTerminalId: frame.podTerminalId,
    pickupFacilityId: rail ? frame.railTerminalId : null,
    polLocode: frame.pol?.locode ?? null,
    podLocode: frame.pod?.locode ?? null,
    destinationLocode: frame.destination?.locode ?? null,
    vesselName: frame.vesselName,
    voyageNumber: frame.voyageNumber,
    attributes,
  };
}
