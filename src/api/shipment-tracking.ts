// The requests that stop and resume the service's tracking of a shipment, and list a container's
// transport events (reference/openapi.json: PATCH /shipments/{id}/stop_tracking and
// /resume_tracking, no request body, 200 with the shipment; GET /containers/{id}/transport_events).

import type { ApiRequest } from './client';
import { MAX_PAGE_SIZE } from './resources';

export function setShipmentTracking(id: string, action: 'stop' | 'resume'): ApiRequest {
  return {
    method: 'patch',
    path: `/shipments/${encodeURIComponent(id)}/${action === 'stop' ? 'stop' : 'resume'}_tracking`,
  };
}

/** The first page; further pages follow `links.next`. Ports and terminals name the places. */
export function transportEventsCall(containerId: string): ApiRequest {
  return {
    method: 'get',
    path: `/containers/${encodeURIComponent(containerId)}/transport_events`,
    query: { include: 'location,terminal', 'page[size]': MAX_PAGE_SIZE },
  };
}

/**
 * One box for its evidence, in one request: the container by number (every journey under it: the
 * caller picks the newest) with its shipment, its POD terminal and its transport events included
 * (`include=transport_events` on the containers listing, as the recording
 * captured-2025-07.containers.list.include-transport_events.json shows).
 */
export function containerWithEventsCall(number: string): ApiRequest {
  return {
    method: 'get',
    path: '/containers',
    query: {
      'filter[number]': number,
      include: 'shipment,pod_terminal,transport_events',
      'page[size]': 30,
    },
  };
}
