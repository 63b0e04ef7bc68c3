// Applying one notification: ask the service for it by id (the body that announced it is never
// trusted), fetch what it is about with the key (one container with its shipment and that
// shipment's other boxes, or one shipment with its boxes); apply-records.ts then updates the
// cache, the Tracking rows and the change pipeline.

import type { ApiClient } from '../../api/client';
import { resourceDocument } from '../../api/jsonapi';
import {
  containerByIdCall,
  notificationCall,
  notificationOf,
  shipmentByIdCall,
  type Notification,
} from '../../api/webhooks';
import { AppError } from '../../core/errors';
import { RecordCollector } from '../../engine/record-collector';
import type { FreshRecords } from '../sheets/fresh-records';

/** The notification as the service has it, or null when the service does not know the id. */
export function fetchNotification(client: ApiClient, id: string): Notification | null {
  const [answer] = client.sendAll([notificationCall(id)]);
  if (answer instanceof AppError) {
    if (answer.status === 404) return null;
    throw answer;
  }
  const notification = answer ? notificationOf(answer) : null;
  // An answer about another notification than the one asked for is not this one.
  return notification && notification.id === id ? notification : null;
}

/** What the notification is about, as a key of the push state's fetch memo. */
export function aboutKey(notification: Notification): string | null {
  if (notification.containerId) return `container:${notification.containerId}`;
  return notification.shipmentId ? `shipment:${notification.shipmentId}` : null;
}

/** The service's current data for what the notification is about (one request), or null. */
export function fetchAbout(client: ApiClient, notification: Notification): FreshRecords | null {
  const call = notification.containerId
    ? containerByIdCall(notification.containerId)
    : notification.shipmentId
      ? shipmentByIdCall(notification.shipmentId)
      : null;
  if (!call) return null;
  const doc = resourceDocument(client.send(call));
  const found = new RecordCollector();
  found.absorb({ ...doc, data: doc.data ? [doc.data].flat() : [] });
  return found;
}
