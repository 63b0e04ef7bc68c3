// The emulator's webhook outbox as its users see it: the HTTP adapter (webhook-sender.ts) or a
// test takes the due deliveries, posts them however it likes, and settles each with the status
// it got. Taking due deliveries first brings every account's tracking requests up to the clock,
// so their outcomes are notified without anyone reading the API.
import type { AccountStore } from '../data/account-store';
import type { EmulatorEnv } from '../env';
import { settle, takeDue, type Delivery } from './delivery';
import type { TestPoster } from './test-delivery';

export type WebhookPost = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => number | null;

export interface WebhookOutbox {
  /** Deliveries due at the clock's now; each is held (not handed out again) until settled. */
  takeDue(): Delivery[];
  /** A 2xx delivers; another status or null (no answer) schedules a retry. */
  settle(delivery: Delivery, status: number | null): void;
  /** takeDue, then post and settle each, synchronously (tests). */
  deliverDue(post: WebhookPost): { delivery: Delivery; status: number | null }[];
  /**
   * Where POST /webhooks/trigger's test delivery goes in-process (tests, the benchmark): set it
   * to post to the local web app. Unset, `handle` finds no endpoint and the server posts over HTTP.
   */
  testPoster?: TestPoster;
}

export function createOutbox(env: EmulatorEnv): WebhookOutbox {
  const accounts = (): AccountStore[] =>
    [...env.accounts.keys()]
      .map((key) => env.accountFor(key))
      .filter((a): a is AccountStore => a !== undefined);
  const outbox: WebhookOutbox = {
    takeDue: () => {
      const now = env.clock.now();
      return takeDue(accounts(), now, (key, doc) => env.oddAnswers.rewrite(key, doc, now));
    },
    settle: (delivery, status) => {
      const account = env.accounts.get(delivery.accountKey);
      if (account) settle(account, delivery, status, env.clock.now());
    },
    deliverDue: (post) =>
      outbox.takeDue().map((delivery) => {
        let status: number | null;
        try {
          status = post(delivery.url, delivery.body, delivery.headers);
        } catch {
          status = null;
        }
        outbox.settle(delivery, status);
        return { delivery, status };
      }),
  };
  return outbox;
}
