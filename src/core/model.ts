// The tracking service's resources as the add-in keeps them (attributes as the API sends them).

export interface TerminalHold {
  name: string;
  status: string; // 'hold' | 'pending'
  description?: string | null;
}

export interface TerminalFee {
  type: string; // demurrage, exam, extended_dwell_time, other, total
  amount: number;
  currency_code?: string | null;
}

export interface ImportDeadlines {
  pickup_lfd_terminal?: string | null;
  pickup_lfd_rail?: string | null;
  pickup_lfd_line?: string | null;
}

/**
 * Open-ended: CONTAINER_INFO can read any attribute the service sends, known to us or not. The
 * types below are the documented ones, not a promise: records are kept as the service sent them
 * and every reader checks the type it needs (core/attribute-values.ts).
 */
export interface ContainerAttributes {
  number: string;
  current_status?: string;
  ref_numbers?: string[];
  available_for_pickup?: boolean | null;
  availability_known?: boolean;
  holds_at_pod_terminal?: TerminalHold[];
  fees_at_pod_terminal?: TerminalFee[];
  pickup_lfd?: string | null;
  import_deadlines?: ImportDeadlines | null;
  pod_timezone?: string | null;
  final_destination_timezone?: string | null;
  [name: string]: unknown;
}

export interface ShipmentAttributes {
  bill_of_lading_number?: string;
  normalized_number?: string;
  ref_numbers?: string[] | null;
  [name: string]: unknown;
}

/**
 * The POD terminal's name, kept with the container's attributes though the service sends it on
 * the terminal resource (api/pod-terminal.ts): absent when the answer did not tell it.
 */
export const POD_TERMINAL_NAME = 'pod_terminal_name';

/**
 * Where an inland move's box is picked up: the service's `pickup_facility` terminal, as its name
 * and city (`UP Marion Intermodal, Marion`), kept like the POD terminal's name (api/pod-terminal.ts).
 */
export const PICKUP_FACILITY_NAME = 'pickup_facility_name';

/** Names the add-in keeps from included terminals; an answer that did not include them keeps them. */
export const INCLUDED_NAMES = [POD_TERMINAL_NAME, PICKUP_FACILITY_NAME] as const;

export interface ContainerRecord {
  id: string;
  shipmentId: string | null;
  attributes: ContainerAttributes;
}

export interface ShipmentRecord {
  id: string;
  attributes: ShipmentAttributes;
  /** Container numbers, when the service told us (include=containers or a full listing). */
  containerNumbers?: string[];
}

/** Container attributes from the spec, in a fixed order (also the compact cache layout). */
export const CONTAINER_ATTRIBUTES = [
  'number',
  'ref_numbers',
  'seal_number',
  'created_at',
  'equipment_type',
  'equipment_length',
  'equipment_height',
  'weight_in_lbs',
  'pickup_lfd',
  'pickup_appointment_at',
  'availability_known',
  'available_for_pickup',
  'pod_arrived_at',
  'pod_discharged_at',
  'pod_full_out_at',
  'terminal_checked_at',
  'pod_full_out_chassis_number',
  'location_at_pod_terminal',
  'final_destination_full_out_at',
  'empty_terminated_at',
  'holds_at_pod_terminal',
  'fees_at_pod_terminal',
  'pod_timezone',
  'final_destination_timezone',
  'empty_terminated_timezone',
  'pod_rail_carrier_scac',
  'ind_rail_carrier_scac',
  'pod_last_tracking_request_at',
  'shipment_last_tracking_request_at',
  'pod_rail_loaded_at',
  'pod_rail_departed_at',
  'ind_eta_at',
  'ind_ata_at',
  'ind_rail_unloaded_at',
  'ind_facility_lfd_on',
  'import_deadlines',
  'current_status',
] as const;

/** Attributes the service sends beyond its published schema (seen in its recorded responses). */
export const OBSERVED_CONTAINER_ATTRIBUTES = [
  'delivered_at',
  'empty_out_at',
  'pol_full_in_at',
  'pol_vessel_loaded_at',
  'pol_vessel_departed_at',
  'rail_last_tracking_request_at',
  'ind_facility_holds',
  'ind_facility_fees',
  'ssl_lfd',
] as const;

export const OBSERVED_SHIPMENT_ATTRIBUTES = [
  'pol_original_etd_at',
  'destination_original_eta_at',
] as const;

export const SHIPMENT_ATTRIBUTES = [
  'bill_of_lading_number',
  'normalized_number',
  'ref_numbers',
  'created_at',
  'tags',
  'port_of_lading_locode',
  'port_of_lading_name',
  'port_of_discharge_locode',
  'port_of_discharge_name',
  'destination_locode',
  'destination_name',
  'shipping_line_scac',
  'shipping_line_name',
  'shipping_line_short_name',
  'customer_name',
  'pod_vessel_name',
  'pod_vessel_imo',
  'pod_voyage_number',
  'pol_etd_at',
  'pol_atd_at',
  'pod_eta_at',
  'pod_original_eta_at',
  'pod_ata_at',
  'destination_eta_at',
  'destination_ata_at',
  'pol_timezone',
  'pod_timezone',
  'destination_timezone',
  'line_tracking_last_attempted_at',
  'line_tracking_last_succeeded_at',
  'line_tracking_stopped_at',
  'line_tracking_stopped_reason',
] as const;

export const IMPORT_DEADLINE_FIELDS = [
  'pickup_lfd_terminal',
  'pickup_lfd_rail',
  'pickup_lfd_line',
] as const;

/** Attributes that hold instants; the deprecated `ind_facility_lfd_on` is one too. */
export function isDateTimeAttribute(name: string): boolean {
  return /_at$|_lfd$|_lfd_on$/.test(name) || name.startsWith('pickup_lfd_');
}

export type RequestType = 'bill_of_lading' | 'booking_number' | 'container';
export const REQUEST_TYPES: readonly RequestType[] = [
  'bill_of_lading',
  'booking_number',
  'container',
];

/**
 * Stands in for an attribute too large to keep in the cache (see record-codec.ts): readers treat
 * it as unreadable, so that field says so while the rest of the record is served.
 */
export const OVERSIZED_KEY = 'ct:oversized';

export function isOversized(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.prototype.hasOwnProperty.call(value, OVERSIZED_KEY)
  );
}
