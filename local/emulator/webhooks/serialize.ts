// Webhook and webhook_notification resources, shaped like the OpenAPI's schemas and its
// "Container Updated Event" / "Tracking Request" examples (reference/openapi.json).
import { isoSeconds } from '../core/time';
import type { Resource } from '../serialize/resource';
import type { NotificationRecord, WebhookRecord } from './webhook-book';

export function serializeWebhook(hook: WebhookRecord): Resource {
  return {
    id: hook.id,
    type: 'webhook',
    attributes: {
      url: hook.url,
      active: hook.active,
      events: [...hook.events],
      secret: hook.secret,
      headers: hook.headers.map((h) => ({ ...h })),
    },
  };
}

export function serializeNotification(notice: NotificationRecord): Resource {
  return {
    id: notice.id,
    type: 'webhook_notification',
    attributes: {
      id: notice.id,
      event: notice.event,
      delivery_status: notice.deliveryStatus,
      created_at: isoSeconds(notice.createdAtMs),
    },
    relationships: {
      reference_object: { data: { id: notice.reference.id, type: notice.reference.type } },
      webhook: { data: { id: notice.webhookId, type: 'webhook' } },
      webhook_notification_logs: { data: [] },
    },
  };
}

/** The document a subscriber receives, and GET /webhook_notifications/{id} answers. */
export function notificationDocument(notice: NotificationRecord): {
  data: Resource;
  included: Resource[];
} {
  return { data: serializeNotification(notice), included: [notice.reference, ...notice.related] };
}
