// Tracking request resources, shaped like the recorded tracking-requests.get.base.json.
import { isoSeconds } from '../core/time';
import type { TrackingRequestRecord } from '../data/records';
import { ref, relationships, type Resource } from './resource';

export function serializeTrackingRequest(request: TrackingRequestRecord): Resource {
  return {
    id: request.id,
    type: 'tracking_request',
    attributes: {
      request_number: request.requestNumber,
      request_type: request.requestType,
      scac: request.scac,
      ref_numbers: [...request.refNumbers],
      shipment_tags: [...request.shipmentTags],
      created_at: isoSeconds(request.createdAtMs),
      updated_at: isoSeconds(request.updatedAtMs),
      status: request.status,
      failed_reason: request.failedReason,
      is_retrying: request.isRetrying,
      retry_count: request.retryCount,
    },
    relationships: relationships({
      tracked_object: ref('shipment', request.shipmentId),
      customer: null,
      // The user who asked: none for a request made with an API key, as every request in the
      // July 2025 capture (captured-2025-07.tracking-requests.list.json).
      user: null,
    }),
    links: { self: `/v2/tracking_requests/${request.id}` },
  };
}
