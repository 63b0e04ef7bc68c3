// The preview's /exec: the bundle deployed as a web app, answering as Google does. A POST runs
// doPost and is answered with a 302 to a one-time echo URL that serves the content (local/gas
// web-app.ts), so the emulator's sender sees what the real service sees from Apps Script (and
// counts it as a failed delivery, and retries it).
//
// One thing the preview must do itself: while an execution waits for a request (enablePush asking
// POST /webhooks/trigger), this process cannot answer HTTP, so the emulator's test delivery to
// /exec could never arrive. For a test delivery aimed at this preview, the emulator hands the
// delivery back (TEST_DELIVERY_HEADER) and it is posted here, in-process, to the same /exec; the
// script still receives the service's own answer (triggerAnswer).

import type { HttpHandler, HttpRequest, HttpResponse } from '../http';
import type { GasRuntime } from '../gas';
import { errorPageAnswer } from '../gas/web-app';
import { TEST_DELIVERY_HEADER } from '../emulator/types';
import {
  triggerAnswer,
  type TestDelivery,
  type TestOutcome,
} from '../emulator/webhooks/test-delivery';

export const ECHO_PATH = '/__preview/echo';
/** Echoes kept for their one read (a caller that never follows the redirect leaves one behind). */
const ECHOES_KEPT = 50;

export interface ExecAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class WebAppExec {
  private readonly echoes = new Map<string, { content: string; contentType: string }>();
  private next = 0;

  constructor(private readonly runtime: GasRuntime) {}

  /** A POST to /exec; `origin` is where the echo URL points (this preview's page origin). */
  post(queryString: string, body: string, contentType: string, origin: string): ExecAnswer {
    try {
      const answer = this.runtime.postToWebApp({ queryString, body, contentType });
      if (answer.status !== 302) {
        return {
          status: answer.status,
          headers: { 'Content-Type': answer.contentType },
          body: answer.content,
        };
      }
      const key = `echo-${++this.next}`;
      this.echoes.set(key, { content: answer.content, contentType: answer.contentType });
      for (const old of this.echoes.keys()) {
        if (this.echoes.size <= ECHOES_KEPT) break;
        this.echoes.delete(old);
      }
      return {
        status: 302,
        headers: {
          Location: `${origin}${ECHO_PATH}?user_content_key=${key}`,
          'Content-Type': 'text/html; charset=UTF-8',
        },
        body: '',
      };
    } catch (e) {
      // The runtime itself failed: answer as Apps Script answers any failed execution.
      const page = errorPageAnswer(e instanceof Error ? e.message : String(e));
      return {
        status: page.status,
        headers: { 'Content-Type': page.contentType },
        body: page.content,
      };
    }
  }

  /** The content behind an echo URL, served once. */
  echo(key: string): { content: string; contentType: string } | undefined {
    const found = this.echoes.get(key);
    this.echoes.delete(key);
    return found;
  }
}

const text = (body: HttpRequest['body']): string =>
  body === undefined ? '' : typeof body === 'string' ? body : Buffer.from(body).toString('utf8');

/** This preview's page origin and its /exec, once both exist. */
export type OwnWebApp = () => { origin: string; exec: WebAppExec } | null;

/** Test deliveries the emulator would send to this preview, posted to its /exec in-process. */
export function loopbackTestDeliveries(
  handler: HttpHandler,
  emulatorOrigin: string,
  own: OwnWebApp,
): HttpHandler {
  const trigger = `${emulatorOrigin}/v2/webhooks/trigger`;
  return (request) => {
    const web = own();
    if (request.method !== 'POST' || request.url !== trigger || web === null)
      return handler(request);
    const mine = web.origin;
    let target: URL | null;
    try {
      target = new URL(String((JSON.parse(text(request.body)) as { url?: unknown }).url));
    } catch {
      target = null;
    }
    if (target?.origin !== mine) return handler(request);
    const handed = handler({
      ...request,
      headers: { ...request.headers, [TEST_DELIVERY_HEADER]: 'caller' },
    });
    if (handed.status !== 200) return handed;
    const delivery = (JSON.parse(text(handed.body)) as { pending_delivery: TestDelivery })
      .pending_delivery;
    const url = new URL(delivery.url);
    const answer: ExecAnswer =
      url.pathname === '/exec'
        ? web.exec.post(
            url.search.slice(1),
            delivery.body,
            delivery.headers['Content-Type'] ?? 'application/json',
            mine,
          )
        : {
            status: 404,
            headers: { 'Content-Type': 'text/plain; charset=utf-8' },
            body: 'Not found',
          };
    const outcome: TestOutcome = {
      status: answer.status,
      headers: answer.headers,
      body: answer.body,
      error: null,
    };
    return triggerAnswer(delivery, outcome) satisfies HttpResponse;
  };
}
