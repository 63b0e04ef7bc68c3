// What the add-in writes into the output columns of one Tracking row: a container's own data, or
// for a BOL/booking row a summary of its containers plus the shipment's data.

import { feesTotal, holdsText, isReadyForPickup } from './derived';
import { lfdCellDate } from './lfd';
import type { ContainerRecord, ShipmentRecord } from './model';
import type { OutputHeader } from './sheet-layout';

export type RowOutputs = Partial<Record<OutputHeader, string | number | boolean | Date>>;

function instant(value: unknown): Date | '' {
  if (typeof value !== 'string') return '';
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? '' : new Date(ms);
}

function shipmentOutputs(s: ShipmentRecord | null): RowOutputs {
  const a = s?.attributes ?? {};
  return {
    Vessel: typeof a.pod_vessel_name === 'string' ? a.pod_vessel_name : '',
    POD: String(a.port_of_discharge_name ?? a.port_of_discharge_locode ?? ''),
    ETA: instant(a.pod_eta_at),
    ATA: instant(a.pod_ata_at),
  };
}

export function containerRowOutputs(
  c: ContainerRecord,
  shipment: ShipmentRecord | null,
  sheetTimeZone: string,
): RowOutputs {
  const a = c.attributes;
  return {
    Status: a.current_status ?? '',
    Ready: isReadyForPickup(a),
    LFD: lfdCellDate(a, 'pickup', sheetTimeZone) ?? '',
    Holds: holdsText(a.holds_at_pod_terminal),
    Fees: feesTotal(a.fees_at_pod_terminal),
    Appointment: instant(a.pickup_appointment_at),
    ...shipmentOutputs(shipment),
  };
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

/** `available: 2, on_ship: 1`, most frequent first. */
export function statusCounts(containers: readonly ContainerRecord[]): string {
  const counts = new Map<string, number>();
  for (const c of containers) {
    const s = c.attributes.current_status ?? 'unknown';
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return [...counts]
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
}

function earliest(dates: (Date | '' | null)[]): Date | '' {
  const real = dates.filter((d): d is Date => d instanceof Date);
  return real.length === 0 ? '' : new Date(Math.min(...real.map((d) => d.getTime())));
}

export function shipmentRowOutputs(
  shipment: ShipmentRecord,
  containers: readonly ContainerRecord[],
  sheetTimeZone: string,
): RowOutputs {
  // The LFD that matters is the earliest of the boxes still at the terminal; once all are out,
  // the earliest overall is shown for the record.
  const waiting = containers.filter((c) => !OUT_OF_TERMINAL.has(c.attributes.current_status ?? ''));
  const lfdOf = (list: readonly ContainerRecord[]) =>
    earliest(list.map((c) => lfdCellDate(c.attributes, 'pickup', sheetTimeZone)));
  const holds = containers
    .filter((c) => (c.attributes.holds_at_pod_terminal ?? []).length > 0)
    .map((c) => `${c.attributes.number} ${holdsText(c.attributes.holds_at_pod_terminal)}`)
    .join('; ');
  return {
    Status: statusCounts(containers),
    Ready: containers.length > 0 && containers.every((c) => isReadyForPickup(c.attributes)),
    LFD: waiting.length > 0 ? lfdOf(waiting) : lfdOf(containers),
    Holds: holds,
    Fees:
      Math.round(
        containers.reduce((sum, c) => sum + feesTotal(c.attributes.fees_at_pod_terminal), 0) * 100,
      ) / 100,
    Appointment: earliest(containers.map((c) => instant(c.attributes.pickup_appointment_at))),
    ...shipmentOutputs(shipment),
  };
}
