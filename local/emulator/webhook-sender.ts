// Sends the emulator's webhook deliveries over real HTTP: every `intervalMs` it takes what is due
// (webhooks/outbox.ts), POSTs each body to its subscription URL with its headers, following no
// redirect (a web app's 302 is its answer), and settles it with the status (a network failure or
// a 10 s silence settles as "no answer", so it is retried).
import type { Emulator } from './types';
import { postOverHttp } from './webhooks/test-delivery';

export interface WebhookSender {
  stop(): void;
}

export function startWebhookSender(emulator: Emulator, intervalMs = 200): WebhookSender {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const due = emulator.webhooks.takeDue();
      await Promise.all(
        due.map(async (delivery) => {
          // The same POST as the service's test delivery: no redirect followed, 10 s at most.
          const { status } = await postOverHttp(delivery);
          emulator.webhooks.settle(delivery, status);
        }),
      );
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
