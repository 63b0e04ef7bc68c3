// One account's webhook subscriptions and the notifications they produced, with each
// notification's delivery state. Pure data: nothing here sends anything. The outbox
// (delivery.ts) reads due deliveries from here and records their outcome.
import type { Resource } from '../serialize/resource';
import type { WebhookEvent } from './events';

export interface WebhookRecord {
  id: string;
  createdAtMs: number;
  url: string;
  active: boolean;
  events: WebhookEvent[];
  secret: string;
  headers: { name: string; value: string }[];
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface NotificationRecord {
  id: string;
  createdAtMs: number;
  event: WebhookEvent;
  webhookId: string;
  /** The record the event is about (tracking_request, container_updated_event, …). */
  reference: Resource;
  /** What the delivered body and GET /webhook_notifications/{id} include besides the reference. */
  related: Resource[];
  deliveryStatus: DeliveryStatus;
  /** Delivery attempts made so far (the first one included). */
  attempts: number;
  /** When the next attempt is due; null once delivered or given up. */
  nextAttemptAt: number | null;
  /** Handed to a sender and not settled yet: not handed out again. */
  inFlight: boolean;
}

/**
 * Notifications kept per account, oldest dropped first: the emulator runs for days in a preview
 * and every data change makes one per subscription.
 */
export const MAX_NOTIFICATIONS = 5_000;

export class WebhookBook {
  private readonly hooks = new Map<string, WebhookRecord>();
  /** Oldest first (appended as they happen); listings reverse it. */
  private readonly notices: NotificationRecord[] = [];
  private readonly byId = new Map<string, NotificationRecord>();

  webhooks(): WebhookRecord[] {
    return [...this.hooks.values()].sort((a, b) => b.createdAtMs - a.createdAtMs);
  }

  webhook(id: string): WebhookRecord | undefined {
    return this.hooks.get(id);
  }

  addWebhook(hook: WebhookRecord): void {
    this.hooks.set(hook.id, hook);
  }

  deleteWebhook(id: string): boolean {
    return this.hooks.delete(id);
  }

  /** Active subscriptions whose events include `event`: each gets its own notification. */
  subscribers(event: WebhookEvent): WebhookRecord[] {
    return this.webhooks().filter((h) => h.active && h.events.includes(event));
  }

  addNotification(notice: NotificationRecord): void {
    this.notices.push(notice);
    this.byId.set(notice.id, notice);
    while (this.notices.length > MAX_NOTIFICATIONS) {
      const dropped = this.notices.shift();
      if (dropped) this.byId.delete(dropped.id);
    }
  }

  /** Newest first, as GET /webhook_notifications lists them. */
  notifications(): NotificationRecord[] {
    return [...this.notices].reverse();
  }

  notification(id: string): NotificationRecord | undefined {
    return this.byId.get(id);
  }

  /** Deliveries due at `now`, oldest first, that no sender holds. */
  due(now: number): NotificationRecord[] {
    return this.notices.filter(
      (n) => !n.inFlight && n.nextAttemptAt !== null && n.nextAttemptAt <= now,
    );
  }
}
