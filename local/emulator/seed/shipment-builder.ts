// Builds a shipment and its containers from a plan: carrier names from the real shipping-line
// list, real ports and zones, a vessel of that carrier, and a timeline around the anchor.
import { containerNumber } from '../core/iso6346';
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
import { fleetFor } from '../data/fleet';
import { port, terminal } from '../data/places';
import type { ContainerRecord, ShipmentAttributes, ShipmentRecord } from '../data/records';
import { shippingLine } from '../data/shipping-lines';
import { buildContainer, type ShipmentFrame } from './container-builder';
import type { SeedContext, ShipmentPlan } from './plan-types';

export interface BuiltShipment {
  shipment: ShipmentRecord;
  containers: ContainerRecord[];
}

export function buildShipment(ctx: SeedContext, plan: ShipmentPlan): BuiltShipment {
  const { rng, anchor } = ctx;
  const line = shippingLine(plan.scac);
  const fleet = fleetFor(line.scac);
  const pol = plan.pol === null ? null : port(plan.pol);
  const pod = plan.pod === null ? null : port(plan.pod);
  const destination = plan.destination ? port(plan.destination) : null;
  const arrivalZone = pod?.timeZone ?? 'UTC';
  const arrivalMs = zonedTime(
    addDays(localDay(anchor, arrivalZone), plan.arrivalDays),
    arrivalZone,
    rng.int(5, 20),
    rng.pick([0, 12, 24, 36, 48]),
  );
  const transit = plan.transitDays ?? rng.int(16, 32);
  const departMs = arrivalMs - transit * DAY - rng.int(0, 20) * HOUR;
  const createdAtMs =
    plan.createdAtMs ??
    Math.min(departMs - rng.int(2, 8) * DAY, anchor - rng.int(1, 5) * DAY) +
      rng.int(0, 86399) * 1000;
  const vessel = plan.vessel === undefined ? rng.pick(fleet.vessels) : plan.vessel;
  const voyage = vessel ? `${rng.int(100, 999)}${rng.pick(['E', 'W', 'N', 'S'])}` : null;
  const destinationEta = destination ? arrivalMs + rng.int(5, 8) * DAY : null;
  const attempted = anchor - rng.int(5, 120) * MINUTE;
  const stoppedAt = plan.stopped
    ? anchor - plan.stopped.daysAgo * DAY - rng.int(0, 23) * HOUR
    : null;
  const billOfLading = plan.billOfLading ?? drawBillOfLading(ctx, line.scac);
  ctx.usedBillsOfLading.add(billOfLading.toUpperCase());

  const id = rng.uuid();
  const attributes: ShipmentAttributes = {
    bill_of_lading_number: billOfLading,
    normalized_number: billOfLading.toUpperCase().replace(/[^A-Z0-9]/g, ''),
    ref_numbers: plan.refNumbers,
    created_at: isoSeconds(createdAtMs),
    tags: plan.tags ?? [],
    port_of_lading_locode: pol?.locode ?? null,
    port_of_lading_name: pol?.name ?? null,
    port_of_discharge_locode: pod?.locode ?? null,
    port_of_discharge_name: pod?.name ?? null,
    destination_locode: destination?.locode ?? null,
    destination_name: destination?.name ?? null,
    shipping_line_scac: line.scac,
    shipping_line_name: line.name,
    shipping_line_short_name: line.shortName,
    customer_name: plan.customer,
    pod_vessel_name: vessel?.name ?? null,
    pod_vessel_imo: vessel?.imo ?? null,
    pod_voyage_number: voyage,
    pol_etd_at: isoSeconds(departMs),
    pol_atd_at: departMs <= anchor ? isoSeconds(departMs) : null,
    pod_eta_at: isoSeconds(arrivalMs),
    pod_original_eta_at: isoSeconds(arrivalMs - rng.int(0, 3) * DAY),
    pod_ata_at: arrivalMs <= anchor ? isoSeconds(arrivalMs) : null,
    destination_eta_at: isoOrNull(destinationEta),
    destination_ata_at:
      destinationEta !== null && destinationEta <= anchor ? isoSeconds(destinationEta) : null,
    pol_timezone: pol?.timeZone ?? null,
    pod_timezone: pod?.timeZone ?? null,
    destination_timezone: destination?.timeZone ?? null,
    line_tracking_last_attempted_at: isoSeconds(stoppedAt ?? attempted),
    line_tracking_last_succeeded_at: isoSeconds((stoppedAt ?? attempted) - rng.int(0, 1) * HOUR),
    line_tracking_stopped_at: isoOrNull(stoppedAt),
    line_tracking_stopped_reason: plan.stopped?.reason ?? null,
    ...plan.overrides,
  };

  const frame: ShipmentFrame = {
    id,
    createdAtMs,
    pol,
    pod,
    destination,
    podTerminalId: plan.podTerminal ? terminal(plan.podTerminal).id : null,
    railTerminalId: plan.railTerminal ? terminal(plan.railTerminal).id : null,
    railScac: plan.railScac ?? null,
    arrivalMs,
    vesselName: vessel?.name ?? null,
    voyageNumber: voyage,
    lineCheckedAtMs: stoppedAt ?? attempted,
  };
  const containers = plan.containers.map((containerPlan, index) => {
    const number = plan.containerNumbers?.[index] ?? drawContainerNumber(ctx, fleet.ownerCodes);
    ctx.usedNumbers.add(number);
    const refs = containerPlan.refNumbers ?? plan.refNumbers ?? [];
    return buildContainer(
      ctx,
      frame,
      { ...containerPlan, refNumbers: refs },
      rng.uuid(),
      number,
      index,
    );
  });
  const lastUpdate = Math.max(createdAtMs, ...containers.map((c) => c.updatedAtMs));
  const shipment: ShipmentRecord = {
    id,
    createdAtMs,
    updatedAtMs: Math.min(lastUpdate, anchor),
    containerIds: containers.map((c) => c.id),
    podTerminalId: frame.podTerminalId,
    destinationTerminalId: frame.railTerminalId,
    requestNumber: null,
    attributes,
  };
  return { shipment, containers };
}

function drawContainerNumber(ctx: SeedContext, ownerCodes: readonly string[]): string {
  for (;;) {
    const number = containerNumber(ctx.rng.pick(ownerCodes), ctx.rng.int(100000, 999999));
    if (number !== null && !ctx.usedNumbers.has(number)) return number;
  }
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** Carrier-shaped numbers: Maersk uses 9 digits, MSC `MEDU…`, Hapag-Lloyd `HLCU` + office code. */
function drawBillOfLading(ctx: SeedContext, scac: string): string {
  const { rng } = ctx;
  const digits = (n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
  const letters = (n: number) => Array.from({ length: n }, () => rng.pick([...LETTERS])).join('');
  for (;;) {
    let bol: string;
    if (scac === 'MAEU') bol = `2${digits(8)}`;
    else if (scac === 'MSCU') bol = `MEDU${letters(2)}${digits(6)}`;
    else if (scac === 'HLCU') bol = `HLCU${letters(3)}${digits(9)}`;
    else if (scac === 'ONEY') bol = `ONEY${letters(3)}${letters(1)}${digits(7)}`;
    else bol = `${scac}${digits(10)}`;
    if (!ctx.usedBillsOfLading.has(bol)) return bol;
  }
}
