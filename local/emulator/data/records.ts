// The stored shape of everything an account holds. Attributes are kept exactly as the API
// serialises them (ISO strings, nulls), so serialisation is a copy and tests can read them.

export const CONTAINER_STATUSES = [
  'new',
  'on_ship',
  'available',
  'not_available',
  'grounded',
  'on_rail',
  'picked_up',
  'off_dock',
  'delivered',
  'dropped',
  'loaded',
  'empty_returned',
  'awaiting_inland_transfer',
] as const;
export type ContainerStatus = (typeof CONTAINER_STATUSES)[number];

export const TRACKING_REQUEST_STATUSES = [
  'pending',
  'awaiting_manifest',
  'created',
  'failed',
  'tracking_stopped',
] as const;
export type TrackingRequestStatus = (typeof TRACKING_REQUEST_STATUSES)[number];

export const REQUEST_TYPES = ['bill_of_lading', 'booking_number', 'container'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export type FailedReason =
  | 'booking_cancelled'
  | 'duplicate'
  | 'expired'
  | 'internal_processing_error'
  | 'invalid_number'
  | 'not_found'
  | 'retries_exhausted'
  | 'shipping_line_unreachable'
  | 'unrecognized_response'
  | 'data_unavailable'
  | 'scac_auto_detect_failed';

export type StoppedReason =
  | 'all_containers_terminated'
  | 'past_arrival_window'
  | 'past_full_out_window'
  | 'no_updates_at_line'
  | 'cancelled_by_user'
  | 'booking_cancelled';

export type HoldName = 'customs' | 'freight' | 'USDA' | 'VACIS' | 'TMF' | 'other';
export interface TerminalHold {
  name: HoldName;
  status: 'pending' | 'hold';
  description: string | null;
}

export type FeeType = 'demurrage' | 'exam' | 'extended_dwell_time' | 'other' | 'total';
export interface TerminalFee {
  type: FeeType;
  amount: number;
  currency_code?: string;
}

export interface ImportDeadlines {
  pickup_lfd_terminal: string | null;
  pickup_lfd_rail: string | null;
  pickup_lfd_line: string | null;
}

export interface ContainerAttributes {
  number: string;
  ref_numbers: string[];
  seal_number: string | null;
  created_at: string;
  equipment_type: 'dry' | 'reefer' | 'open top' | 'flat rack' | 'bulk' | 'tank' | null;
  equipment_length: 10 | 20 | 40 | 45 | null;
  equipment_height: 'standard' | 'high_cube' | null;
  weight_in_lbs: number | null;
  pickup_lfd: string | null;
  pickup_appointment_at: string | null;
  availability_known: boolean;
  available_for_pickup: boolean | null;
  pod_arrived_at: string | null;
  pod_discharged_at: string | null;
  pod_full_out_at: string | null;
  terminal_checked_at: string | null;
  pod_full_out_chassis_number: string | null;
  location_at_pod_terminal: string | null;
  final_destination_full_out_at: string | null;
  empty_terminated_at: string | null;
  holds_at_pod_terminal: TerminalHold[];
  fees_at_pod_terminal: TerminalFee[];
  pod_timezone: string | null;
  final_destination_timezone: string | null;
  empty_terminated_timezone: string | null;
  pod_rail_carrier_scac: string | null;
  ind_rail_carrier_scac: string | null;
  pod_last_tracking_request_at: string | null;
  shipment_last_tracking_request_at: string | null;
  pod_rail_loaded_at: string | null;
  pod_rail_departed_at: string | null;
  ind_eta_at: string | null;
  ind_ata_at: string | null;
  ind_rail_unloaded_at: string | null;
  ind_facility_lfd_on: string | null;
  import_deadlines: ImportDeadlines | null;
  current_status: ContainerStatus;
}

export interface ContainerRecord {
  id: string;
  shipmentId: string;
  createdAtMs: number;
  updatedAtMs: number;
  podTerminalId: string | null;
  pickupFacilityId: string | null;
  /** Locodes the derived transport events refer to. */
  polLocode: string | null;
  podLocode: string | null;
  destinationLocode: string | null;
  vesselName: string | null;
  voyageNumber: string | null;
  attributes: ContainerAttributes;
}

export interface ShipmentAttributes {
  bill_of_lading_number: string;
  normalized_number: string;
  ref_numbers: string[] | null;
  created_at: string;
  tags: string[];
  port_of_lading_locode: string | null;
  port_of_lading_name: string | null;
  port_of_discharge_locode: string | null;
  port_of_discharge_name: string | null;
  destination_locode: string | null;
  destination_name: string | null;
  shipping_line_scac: string;
  shipping_line_name: string;
  shipping_line_short_name: string;
  customer_name: string | null;
  pod_vessel_name: string | null;
  pod_vessel_imo: string | null;
  pod_voyage_number: string | null;
  pol_etd_at: string | null;
  pol_atd_at: string | null;
  pod_eta_at: string | null;
  pod_original_eta_at: string | null;
  pod_ata_at: string | null;
  destination_eta_at: string | null;
  destination_ata_at: string | null;
  pol_timezone: string | null;
  pod_timezone: string | null;
  destination_timezone: string | null;
  line_tracking_last_attempted_at: string | null;
  line_tracking_last_succeeded_at: string | null;
  line_tracking_stopped_at: string | null;
  line_tracking_stopped_reason: StoppedReason | null;
}

export interface ShipmentRecord {
  id: string;
  createdAtMs: number;
  updatedAtMs: number;
  containerIds: string[];
  podTerminalId: string | null;
  destinationTerminalId: string | null;
  /** The number of the tracking request that created it (the `number` filter). */
  requestNumber: string | null;
  /** line_tracking_stopped_by_user: the API user who stopped it, when a user did. */
  stoppedByUserId?: string | null;
  attributes: ShipmentAttributes;
}

/** A future state of a tracking request; applied lazily once the clock passes `at`. */
export interface TrackingStep {
  at: number;
  status: TrackingRequestStatus;
  failedReason: FailedReason | null;
  isRetrying: boolean;
  retryCount: number | null;
  createsShipment: boolean;
  /** The carrier auto-detection settled on, given to the request with this step. */
  scac?: string;
}

export interface TrackingRequestRecord {
  id: string;
  createdAtMs: number;
  updatedAtMs: number;
  requestNumber: string;
  requestType: RequestType;
  /** null while `auto_detect_vocc_scac` has not detected the carrier (or failed to). */
  scac: string | null;
  refNumbers: string[];
  shipmentTags: string[];
  status: TrackingRequestStatus;
  failedReason: FailedReason | null;
  isRetrying: boolean;
  retryCount: number | null;
  shipmentId: string | null;
  steps: TrackingStep[];
}

export interface BlobRecord {
  id: string;
  key: string;
  signedId: string;
  signature: string;
  filename: string;
  contentType: string;
  byteSize: number;
  checksum: string;
  createdAtMs: number;
  /** The bytes once a PUT has matched the declared checksum and size; null until then. */
  bytes: Uint8Array | null;
}

export interface DocumentRecord {
  id: string;
  name: string;
  blobSignedId: string;
  createdAtMs: number;
  shipmentIds: string[];
  containerIds: string[];
}
