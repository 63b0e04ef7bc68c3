// The service's webhooks (/webhooks) and its record of notifications (/webhook_notifications):
// the requests, and what the add-in reads from the answers (reference/openapi.json: schemas
// webhook, webhook_notification, container_updated_event; the notification examples).

import type { ApiRequest } from './client';
import {
  dataList,
  relatedId,
  resourceDocument,
  type JsonApiDocument,
  type Resource,
} from './jsonapi';
import { CONTAINER_INCLUDE, MAX_PAGE_SIZE, SHIPMENT_INCLUDE } from './resources';

/**
 * The events whose data the Tracking sheet shows, each change announced once: container.updated
 * carries pickup_lfd, availability, holds, fees, appointment and terminal changes (its changeset's
 * attributes, per the OpenAPI), so the events that repeat those are left out; the per-source LFDs
 * (LFD is the earliest of them), arrival, discharge, pick-up, empty return, ETA and
 * tracking-request outcomes have their own.
 */
export const PUSH_EVENTS = [
  'container.updated',
  'container.pickup_lfd_line.changed',
  'container.pickup_lfd_terminal.changed',
  'container.pickup_lfd_rail.changed',
  'container.transport.vessel_arrived',
  'container.transport.vessel_discharged',
  'container.transport.full_out',
  'container.transport.empty_in',
  'shipment.estimated.arrival',
  'tracking_request.succeeded',
  'tracking_request.failed',
  'tracking_request.awaiting_manifest',
] as const;

export function createWebhookCall(url: string, events: readonly string[]): ApiRequest {
  return {
    method: 'post',
    path: '/webhooks',
    retry: false,
    body: { data: { type: 'webhook', attributes: { url, active: true, events: [...events] } } },
  };
}

/**
 * POST /webhooks/trigger: the service sends one test delivery of `event` to `url` and reports
 * what the endpoint answered. A plain JSON endpoint, not JSON:API (reference/openapi.json).
 */
export function triggerTestDeliveryCall(url: string, event: string): ApiRequest {
  return {
    method: 'post',
    path: '/webhooks/trigger',
    retry: false,
    contentType: 'application/json',
    body: { url, event },
  };
}

export interface TestDelivery {
  /** The service's own verdict: only 200, 201, 202 and 204 succeed. */
  succeeded: boolean;
  /** What the endpoint answered; null when it did not answer. */
  statusCode: number | null;
  error: string | null;
}

export function testDeliveryOf(doc: unknown): TestDelivery {
  const d = (doc ?? {}) as Record<string, unknown>;
  return {
    succeeded: d.succeeded === true,
    statusCode: typeof d.status_code === 'number' ? d.status_code : null,
    error: typeof d.error === 'string' && d.error !== '' ? d.error : null,
  };
}

export function deleteWebhookCall(id: string): ApiRequest {
  return { method: 'delete', path: `/webhooks/${encodeURIComponent(id)}` };
}

export function notificationCall(id: string): ApiRequest {
  return { method: 'get', path: `/webhook_notifications/${encodeURIComponent(id)}` };
}

/** Newest first, as the service lists them. */
export function notificationsPage(page: number): ApiRequest {
  return {
    method: 'get',
    path: '/webhook_notifications',
    query: { 'page[number]': page, 'page[size]': MAX_PAGE_SIZE },
  };
}

/** A container (with its shipment and the shipment's other boxes), as a push needs it. */
export function containerByIdCall(id: string): ApiRequest {
  return {
    method: 'get',
    path: `/containers/${encodeURIComponent(id)}`,
    query: { include: CONTAINER_INCLUDE },
  };
}

export function shipmentByIdCall(id: string): ApiRequest {
  return {
    method: 'get',
    path: `/shipments/${encodeURIComponent(id)}`,
    query: { include: SHIPMENT_INCLUDE },
  };
}

export interface NotificationSummary {
  id: string;
  event: string;
  /** ISO time, as the service sends it. */
  createdAt: string;
}

export interface Notification extends NotificationSummary {
  /** The container the event is about, when it is about one. */
  containerId: string | null;
  /** The shipment, when the event names a shipment rather than a container. */
  shipmentId: string | null;
}

function summary(r: Resource): NotificationSummary | null {
  const a = r.attributes ?? {};
  if (r.type !== 'webhook_notification' || typeof a.event !== 'string') return null;
  const createdAt = typeof a.created_at === 'string' ? a.created_at : '';
  return { id: r.id, event: a.event, createdAt };
}

export function notificationsOf(doc: JsonApiDocument): NotificationSummary[] {
  return dataList(doc)
    .map(summary)
    .filter((n): n is NotificationSummary => n !== null);
}

/**
 * What a notification (GET /webhook_notifications/{id}) is about: its reference object, found in
 * `included`, names a container (container_updated_event, transport_event), a shipment
 * (estimated_event) or, for a tracking request, the shipment it tracks.
 */
export function notificationOf(doc: JsonApiDocument): Notification | null {
  const checked = resourceDocument(doc);
  const data = checked.data as Resource;
  const base = summary(data);
  if (!base) return null;
  const refId = relatedId(data, 'reference_object');
  const reference = (checked.included ?? []).find((r) => r.id === refId);
  if (!reference) return { ...base, containerId: null, shipmentId: null };
  const containerId = relatedId(reference, 'container');
  const shipmentId =
    reference.type === 'tracking_request'
      ? relatedId(reference, 'tracked_object')
      : relatedId(reference, 'shipment');
  return { ...base, containerId, shipmentId: containerId ? null : shipmentId };
}

export function webhookIdOf(doc: JsonApiDocument): string | null {
  const data = resourceDocument(doc).data as Resource;
  return data.type === 'webhook' ? data.id : null;
}
