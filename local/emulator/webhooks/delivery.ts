// The outbox: notifications due for delivery become HTTP POSTs of their document to the
// subscription URL, signed with the webhook's secret. The service retries a failed delivery up
// to 12 times (ENGINEERING.md, from the service's webhook guide); the spacing between retries is
// not published, so the emulator doubles it from one minute, capped at six hours. Time is the
// emulator's clock: a test advances a ManualClock to make retries due, nothing sleeps.
import { createHmac } from 'node:crypto';
import { HOUR, MINUTE } from '../core/time';
import type { AccountStore } from '../data/account-store';
import { notificationDocument } from './serialize';

export const MAX_RETRIES = 12;
/** The statuses the service counts as delivered. */
export const DELIVERED_STATUSES: ReadonlySet<number> = new Set([200, 201, 202, 204]);
export const SIGNATURE_HEADER = 'X-T49-Webhook-Signature';

/** Wait before retry number `retry` (1-based). */
export function retryDelayMs(retry: number): number {
  return Math.min(MINUTE * 2 ** (retry - 1), 6 * HOUR);
}

/** HMAC-SHA256 of the exact body with the webhook's secret, hex. */
export function signature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

export interface Delivery {
  notificationId: string;
  accountKey: string;
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** A document as one read shows it (odd answers, policy/odd-answers.ts), or null: as it is. */
export type ReadRewrite = (accountKey: string, document: object) => object | null;

/** Takes every due delivery of every account; each stays held until settled. */
export function takeDue(
  accounts: Iterable<AccountStore>,
  now: number,
  rewrite: ReadRewrite = () => null,
): Delivery[] {
  const out: Delivery[] = [];
  for (const account of accounts) {
    for (const notice of account.webhooks.due(now)) {
      const hook = account.webhooks.webhook(notice.webhookId);
      if (!hook) {
        // Its subscription was deleted: nothing to deliver to any more.
        notice.deliveryStatus = 'failed';
        notice.nextAttemptAt = null;
        continue;
      }
      const document = notificationDocument(notice);
      const body = JSON.stringify(rewrite(account.key, document) ?? document);
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      for (const h of hook.headers) headers[h.name] = h.value;
      headers[SIGNATURE_HEADER] = signature(hook.secret, body);
      notice.inFlight = true;
      out.push({
        notificationId: notice.id,
        accountKey: account.key,
        url: hook.url,
        body,
        headers,
      });
    }
  }
  return out;
}

/**
 * Records an attempt's outcome: 200, 201, 202 or 204 delivers it ("Your endpoint should return
 * 200, 201, 202, or 204… Any other response, including a timeout, triggers retries", the
 * service's webhook guide; a 302, which Google answers every web app POST with, included);
 * anything else, or null for no answer, schedules the next retry, until the retries run out.
 */
export function settle(
  account: AccountStore,
  delivery: Delivery,
  status: number | null,
  now: number,
): void {
  const notice = account.webhooks.notification(delivery.notificationId);
  if (!notice) return;
  notice.inFlight = false;
  notice.attempts += 1;
  if (status !== null && DELIVERED_STATUSES.has(status)) {
    notice.deliveryStatus = 'succeeded';
    notice.nextAttemptAt = null;
    return;
  }
  const retry = notice.attempts; // attempts made so far = the number of the next retry
  if (retry > MAX_RETRIES) {
    notice.deliveryStatus = 'failed';
    notice.nextAttemptAt = null;
    return;
  }
  notice.nextAttemptAt = now + retryDelayMs(retry);
}
