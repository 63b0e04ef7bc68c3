// Shipments drawn at random (from the seeded PRNG) for large benchmark accounts and for the
// shipments that tracking requests create. Statuses are drawn per journey phase so that the
// containers of one shipment agree with each other and with the vessel's arrival.
import type { Rng } from '../core/prng';
import { FLEETS, RAIL_CARRIERS } from '../data/fleet';
import { terminalsAt } from '../data/places';
import type { ContainerStatus, StoppedReason } from '../data/records';
import type { ShipmentPlan } from './plan-types';

export type Phase = 'booked' | 'sailing' | 'at_port' | 'delivering' | 'done';

const PHASES: readonly { phase: Phase; weight: number; arrival: [number, number] }[] = [
  { phase: 'booked', weight: 1, arrival: [34, 45] },
  { phase: 'sailing', weight: 4, arrival: [1, 20] },
  { phase: 'at_port', weight: 4, arrival: [-6, -1] },
  { phase: 'delivering', weight: 3, arrival: [-18, -10] },
  { phase: 'done', weight: 2, arrival: [-40, -20] },
];

const STATUSES: Record<Phase, { local: ContainerStatus[]; rail: ContainerStatus[] }> = {
  booked: { local: ['new'], rail: ['new'] },
  sailing: { local: ['on_ship'], rail: ['on_ship'] },
  at_port: {
    local: ['available', 'available', 'not_available', 'grounded'],
    rail: ['awaiting_inland_transfer', 'on_rail', 'not_available'],
  },
  delivering: {
    local: ['picked_up', 'off_dock', 'delivered', 'dropped', 'loaded', 'available'],
    rail: ['available', 'picked_up', 'delivered', 'on_rail'],
  },
  done: { local: ['empty_returned', 'empty_returned', 'delivered'], rail: ['empty_returned'] },
};

const ORIGINS = ['CNSHA', 'CNNGB', 'CNYTN', 'KRPUS', 'SGSIN', 'VNSGN', 'TWKHH', 'JPTYO', 'INNSA'];
const US_PORTS = ['USLAX', 'USLGB', 'USOAK', 'USSEA', 'USNYC', 'USSAV', 'USCHS', 'USORF', 'USHOU'];
const INLAND = ['USCHI', 'USMEM', 'USDAL', 'USCMH', 'USDEN'];
const CARRIERS = FLEETS.filter((f) => f.scac !== 'TEST').map((f) => f.scac);
const CUSTOMERS = [
  'Acme Home Goods',
  'Cascade Electronics',
  'Delta Furniture',
  'Lone Star Garden',
  null,
];

export interface RandomPlanOptions {
  scac?: string;
  phase?: Phase;
  containers?: number;
  refNumbers?: string[];
}

export function randomShipmentPlan(rng: Rng, options: RandomPlanOptions = {}): ShipmentPlan {
  const phase = options.phase ?? weightedPhase(rng);
  const spec = PHASES.find((p) => p.phase === phase) ?? PHASES[1];
  const pod = rng.pick(US_PORTS);
  const rail = rng.chance(0.2);
  const destination = rail ? rng.pick(INLAND) : null;
  const railTerminal = destination ? (terminalsAt(destination, 'rail')[0]?.key ?? null) : null;
  const statuses = STATUSES[phase][rail && railTerminal ? 'rail' : 'local'];
  const count = options.containers ?? rng.int(1, 4);
  return {
    scac: options.scac ?? rng.pick(CARRIERS),
    pol: rng.pick(ORIGINS),
    pod,
    destination: railTerminal ? destination : null,
    podTerminal: rng.pick(terminalsAt(pod, 'marine')).key,
    railTerminal,
    railScac: railTerminal ? rng.pick(RAIL_CARRIERS) : null,
    arrivalDays: rng.int(...(spec?.arrival ?? [1, 20])),
    refNumbers: options.refNumbers ?? (rng.chance(0.7) ? [`PO-${rng.int(10000, 99999)}`] : []),
    customer: rng.pick(CUSTOMERS),
    containers: Array.from({ length: count }, () => ({ status: rng.pick(statuses) })),
  };
}

function weightedPhase(rng: Rng): Phase {
  const total = PHASES.reduce((sum, p) => sum + p.weight, 0);
  let roll = rng.next() * total;
  for (const p of PHASES) {
    roll -= p.weight;
    if (roll < 0) return p.phase;
  }
  return 'sailing';
}

/** Why a finished shipment stopped, weighted as an old account's history would be. */
const HISTORY_STOPS: readonly { reason: StoppedReason; weight: number }[] = [
  { reason: 'all_containers_terminated', weight: 14 },
  { reason: 'past_arrival_window', weight: 4 },
  { reason: 'past_full_out_window', weight: 1 },
  { reason: 'cancelled_by_user', weight: 1 },
];

/**
 * A shipment of an old account's history (the recorded account holds 227,247 containers in
 * 133,035 shipments, almost all long finished): arrived between two months and two and a half
 * years ago, its boxes returned empty, and stopped by one of the service's own rules (or a user)
 * as of when that rule came due.
 */
export function historicShipmentPlan(rng: Rng): ShipmentPlan {
  const plan = randomShipmentPlan(rng, { phase: 'done' });
  plan.arrivalDays = rng.int(-900, -60);
  plan.containers = plan.containers.map(() => ({ status: 'empty_returned' as const }));
  const reason = weighted(rng, HISTORY_STOPS).reason;
  const sinceArrival =
    reason === 'past_arrival_window' ? 56 : reason === 'past_full_out_window' ? 40 : rng.int(8, 30);
  plan.stopped = { reason, daysAgo: Math.max(1, -plan.arrivalDays - sinceArrival) };
  return plan;
}

function weighted<T extends { weight: number }>(rng: Rng, items: readonly T[]): T {
  const total = items.reduce((sum, p) => sum + p.weight, 0);
  let roll = rng.next() * total;
  for (const item of items) {
    roll -= item.weight;
    if (roll < 0) return item;
  }
  return items[0]!;
}
