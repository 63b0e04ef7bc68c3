// The emulator's deliveries to a web app in the local Apps Script runtime (tests, the benchmark),
// in-process: each POST runs the deployed doPost and the sender gets what Apps Script answers,
// a 302 (or a 404 where nothing is deployed), never a made-up 200.
import type { GasRuntime, WebAppAnswer } from '../../gas';
import type { Emulator } from '../types';
import type { TestOutcome } from './test-delivery';

export interface LocalWebApp {
  /** Every answer doPost gave, parsed, in order (what the sender itself never reads). */
  readonly answers: unknown[];
  /** The bodies posted, in order. */
  readonly bodies: string[];
  /** Posts the emulator's due deliveries; returns the statuses the sender saw. */
  deliverDue(rewrite?: (body: string) => string): (number | null)[];
}

function post(rt: GasRuntime, url: string, body: string, contentType: string): WebAppAnswer {
  return rt.postToWebApp({ queryString: new URL(url).search.slice(1), body, contentType });
}

/**
 * Serves `webAppUrl` (…/exec) from `rt`: the emulator's test deliveries (POST /webhooks/trigger)
 * and, through deliverDue, its webhook deliveries. Any other URL does not answer.
 */
export function serveLocalWebApp(
  emulator: Emulator,
  rt: GasRuntime,
  webAppUrl: string,
): LocalWebApp {
  const answers: unknown[] = [];
  const bodies: string[] = [];
  const ours = (url: string) => url.split('?')[0] === webAppUrl;
  const record = (answer: WebAppAnswer) => {
    try {
      answers.push(JSON.parse(answer.content));
    } catch {
      answers.push(answer.content);
    }
  };
  emulator.webhooks.testPoster = (delivery): TestOutcome => {
    if (!ours(delivery.url))
      return { status: null, headers: null, body: null, error: 'Failed to open TCP connection' };
    const answer = post(rt, delivery.url, delivery.body, delivery.headers['Content-Type'] ?? '');
    return {
      status: answer.status,
      headers: answer.location ? { location: answer.location } : {},
      body: answer.status === 302 ? '' : answer.content,
      error: null,
    };
  };
  return {
    answers,
    bodies,
    deliverDue: (rewrite = (b) => b) =>
      emulator.webhooks
        .deliverDue((url, body, headers) => {
          if (!ours(url)) return null;
          const sent = rewrite(body);
          bodies.push(sent);
          const answer = post(rt, url, sent, headers['Content-Type'] ?? '');
          record(answer);
          return answer.status;
        })
        .map((d) => d.status),
  };
}
