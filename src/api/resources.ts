// JSON:API resources → the records the add-in keeps, and the requests that fetch them.

import {
  PICKUP_FACILITY_NAME,
  POD_TERMINAL_NAME,
  type ContainerAttributes,
  type ContainerRecord,
  type RequestType,
  type ShipmentAttributes,
  type ShipmentRecord,
} from '../core/model';
import { dataList, relatedId, relatedIds, type JsonApiDocument, type Resource } from './jsonapi';
import type { ApiRequest } from './client';
import { looksLikeContainerNumber, normalizeContainerNumber } from '../core/container-number';
import { pickupFacilityName, podTerminalName, terminalsById } from './pod-terminal';

export const MAX_PAGE_SIZE = 100;

/**
 * A shipment's boxes with the places they are picked up at: the POD terminal (the Terminal
 * column) and an inland move's pickup facility (api/pod-terminal.ts).
 */
export const SHIPMENT_INCLUDE = 'containers,containers.pod_terminal,containers.pickup_facility';
/** A container with its shipment, its shipment's boxes and their places. */
export const CONTAINER_INCLUDE =
  'shipment,shipment.containers,pod_terminal,pickup_facility,shipment.containers.pod_terminal,shipment.containers.pickup_facility';

export function containerRecord(r: Resource): ContainerRecord {
  const attributes = { ...(r.attributes ?? {}) } as ContainerAttributes;
  attributes.number = String(attributes.number ?? '');
  return { id: r.id, shipmentId: relatedId(r, 'shipment'), attributes };
}

/** Containers and shipments of a document, whichever side (data or included) they are on. */
export function recordsOf(doc: JsonApiDocument): {
  containers: ContainerRecord[];
  shipments: ShipmentRecord[];
} {
  const all = [...dataList(doc), ...(doc.included ?? [])];
  const terminals = terminalsById(all);
  const containers = all
    .filter((r) => r.type === 'container')
    .map((r) => {
      const record = containerRecord(r);
      const name = podTerminalName(r, terminals);
      if (name !== undefined) record.attributes[POD_TERMINAL_NAME] = name;
      const facility = pickupFacilityName(r, terminals);
      if (facility !== undefined) record.attributes[PICKUP_FACILITY_NAME] = facility;
      return record;
    });
  const numberById = new Map(containers.map((c) => [c.id, c.attributes.number]));
  const numbersByShipment = new Map<string, string[]>();
  for (const c of containers) {
    if (!c.shipmentId) continue;
    const list = numbersByShipment.get(c.shipmentId) ?? [];
    list.push(c.attributes.number);
    numbersByShipment.set(c.shipmentId, list);
  }
  const shipments = all
    .filter((r) => r.type === 'shipment')
    .map((r): ShipmentRecord => {
      const ids = relatedIds(r, 'containers');
      const fromRelationship = ids.map((id) => numberById.get(id)).filter((n): n is string => !!n);
      const known = ids.length > 0 && fromRelationship.length === ids.length;
      const record: ShipmentRecord = {
        id: r.id,
        attributes: { ...(r.attributes ?? {}) } as ShipmentAttributes,
      };
      if (known) record.containerNumbers = fromRelationship;
      else if (numbersByShipment.has(r.id) && ids.length === 0)
        record.containerNumbers = numbersByShipment.get(r.id);
      return record;
    });
  return { containers, shipments };
}

export function listContainersPage(page: number): ApiRequest {
  return {
    method: 'get',
    path: '/containers',
    // pod_terminal and pickup_facility: the Terminal column's place (a few a page, each included once).
    query: {
      'page[number]': page,
      'page[size]': MAX_PAGE_SIZE,
      include: 'shipment,pod_terminal,pickup_facility',
    },
  };
}

/**
 * The shipments the service still tracks, with their containers (and the terminals the Terminal
 * column names): the account's active work, whatever its history. `filter[tracking_stopped]` is
 * the OpenAPI's boolean filter on GET /shipments.
 */
export function listActiveShipmentsPage(page: number): ApiRequest {
  return {
    method: 'get',
    path: '/shipments',
    query: {
      'filter[tracking_stopped]': 'false',
      'page[number]': page,
      'page[size]': MAX_PAGE_SIZE,
      include: SHIPMENT_INCLUDE,
    },
  };
}

/**
 * A targeted look-up of one number with the service's current parameters (the OpenAPI marks
 * `q` deprecated). A container number: `GET /containers?filter[number]=…` with the shipment and
 * its containers, as the OpenAPI says to (its `number` filter on /shipments does not match
 * containers). A BOL or booking number: `GET /shipments?number=…`, which matches the original
 * tracking request number.
 */
export function lookUpNumber(query: string): ApiRequest {
  const container = normalizeContainerNumber(query);
  if (looksLikeContainerNumber(container)) {
    return {
      method: 'get',
      path: '/containers',
      // shipment.containers: the shipment's other boxes too, as /shipments?include=containers gave.
      query: {
        'filter[number]': container,
        include: CONTAINER_INCLUDE,
        'page[size]': 30,
      },
    };
  }
  return {
    method: 'get',
    path: '/shipments',
    query: { number: query, include: SHIPMENT_INCLUDE, 'page[size]': 30 },
  };
}

/**
 * A reference number (SHIPMENT_INFO promises them): only the deprecated `q` finds one in a single
 * request, so it is asked only after `number` found nothing, and only by custom functions.
 */
export function searchByReference(query: string): ApiRequest {
  return {
    method: 'get',
    path: '/shipments',
    query: { q: query, include: SHIPMENT_INCLUDE, 'page[size]': 30 },
  };
}

export interface TrackingRequestInput {
  requestType: RequestType;
  requestNumber: string;
  /** Empty: the service detects the carrier from the number (`auto_detect_vocc_scac`). */
  scac: string;
  refNumbers: string[];
}

export interface TrackingRequestRecord {
  id: string;
  requestNumber: string;
  requestType: string;
  scac: string | null;
  status: string;
  failedReason: string | null;
  createdAt: string | null;
  shipmentId: string | null;
}

export function createTrackingRequestCall(input: TrackingRequestInput): ApiRequest {
  return {
    method: 'post',
    path: '/tracking_requests',
    retry: false,
    body: {
      data: {
        type: 'tracking_request',
        attributes: {
          request_type: input.requestType,
          request_number: input.requestNumber,
          // "Required unless `auto_detect_vocc_scac` is `true`" (OpenAPI, POST /tracking_requests).
          ...(input.scac === '' ? { auto_detect_vocc_scac: true } : { scac: input.scac }),
          ref_numbers: input.refNumbers,
        },
      },
    },
  };
}

export function trackingRequestsByNumber(requestNumber: string): ApiRequest {
  return {
    method: 'get',
    path: '/tracking_requests',
    query: { 'filter[request_number]': requestNumber, 'page[size]': 100 },
  };
}

export function recentTrackingRequests(page: number): ApiRequest {
  return {
    method: 'get',
    path: '/tracking_requests',
    query: { 'page[number]': page, 'page[size]': MAX_PAGE_SIZE },
  };
}

export function trackingRequestRecord(r: Resource): TrackingRequestRecord {
  const a = r.attributes ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: r.id,
    requestNumber: String(a.request_number ?? ''),
    requestType: String(a.request_type ?? ''),
    scac: str(a.scac),
    status: String(a.status ?? 'pending'),
    failedReason: str(a.failed_reason),
    createdAt: str(a.created_at),
    shipmentId: relatedId(r, 'tracked_object'),
  };
}

export function trackingRequestsOf(doc: JsonApiDocument): TrackingRequestRecord[] {
  return dataList(doc)
    .filter((r) => r.type === 'tracking_request')
    .map(trackingRequestRecord);
}

export function patchRefNumbers(
  kind: 'container' | 'shipment',
  id: string,
  refNumbers: string[],
): ApiRequest {
  const path =
    kind === 'container'
      ? `/containers/${encodeURIComponent(id)}`
      : `/shipments/${encodeURIComponent(id)}`;
  return {
    method: 'patch',
    path,
    body: { data: { id, type: kind, attributes: { ref_numbers: refNumbers } } },
  };
}

export interface ShippingLine {
  scac: string;
  name: string;
  shortName: string;
}

export function shippingLinesOf(doc: JsonApiDocument): ShippingLine[] {
  return dataList(doc)
    .filter((r) => r.type === 'shipping_line')
    .map((r) => ({
      scac: String(r.attributes?.scac ?? ''),
      name: String(r.attributes?.name ?? ''),
      shortName: String(r.attributes?.short_name ?? ''),
    }))
    .filter((l) => /^[A-Z]{4}$/.test(l.scac));
}
