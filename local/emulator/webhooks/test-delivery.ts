// POST /webhooks/trigger (reference/openapi.json, operation post-webhooks-trigger): "Send a
// one-time test webhook notification payload to a target HTTPS URL without creating a webhook
// endpoint", and answer with what happened: `succeeded` (HTTP 200, 201, 202 or 204 only),
// `status_code` (null without an answer), `error`, the request's headers and body, and the
// endpoint's answer. The service makes the POST while the trigger request waits, so its answer
// depends on another server: the route hands back a pending delivery (pendingTestDelivery), and
// whoever runs the emulator posts it — synchronously in-process (WebhookOutbox.testPoster), over
// real HTTP in the server (postOverHttp) — then builds the answer with triggerAnswer.
import type { HttpResponse } from '../../http';
import { json } from '../http/respond';
import type { Rng } from '../core/prng';
import { isoSeconds } from '../core/time';
import { isWebhookEvent } from './events';
import { DELIVERED_STATUSES, SIGNATURE_HEADER, signature } from './delivery';

/** What the endpoint answered; status null: no answer (refused, timed out). */
export interface TestOutcome {
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  error: string | null;
}

export interface TestDelivery {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** Posts a test delivery and reports the answer, synchronously (tests, the local runtime). */
export type TestPoster = (delivery: TestDelivery) => TestOutcome;

export const delivered = (status: number | null): boolean =>
  status !== null && DELIVERED_STATUSES.has(status);

/** How long the sender waits for an endpoint (the service documents a timeout, not its length). */
export const DELIVERY_TIMEOUT_MS = 10_000;

const pending = new WeakMap<HttpResponse, TestDelivery>();

/** The delivery a trigger response still waits for, if it is one. */
export function pendingTestDelivery(response: HttpResponse): TestDelivery | undefined {
  return pending.get(response);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The OpenAPI: "Must be HTTPS"; plain http only for this machine (the local preview's /exec). */
function targetProblem(url: unknown): string | null {
  if (typeof url !== 'string' || url === '') return 'url is required';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url is invalid';
  }
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname)) return null;
  return 'url must be HTTPS';
}

/** The example payload of `event`: a notification document with a fresh id, never stored. */
function examplePayload(ids: Rng, event: string, now: number): string {
  return JSON.stringify({
    data: {
      id: ids.uuid(),
      type: 'webhook_notification',
      attributes: {
        id: ids.uuid(),
        event,
        delivery_status: 'pending',
        created_at: isoSeconds(now),
      },
      relationships: {
        reference_object: { data: { id: ids.uuid(), type: 'tracking_request' } },
        webhook: { data: null },
        webhook_notification_logs: { data: [] },
      },
    },
    included: [],
  });
}

/** The route's work: a 422 for a bad body, or a response that waits for its delivery. */
export function triggerTestDelivery(body: unknown, ids: Rng, now: number): HttpResponse {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const problems: string[] = [];
  const urlProblem = targetProblem(input.url);
  if (urlProblem) problems.push(urlProblem);
  if (typeof input.event !== 'string' || input.event === '') problems.push('event is required');
  else if (!isWebhookEvent(input.event)) problems.push('event is not a webhook event');
  if (input.secret !== undefined && typeof input.secret !== 'string')
    problems.push('secret must be a string');
  if (problems.length > 0) return json(422, { errors: problems.map((detail) => ({ detail })) });
  const payload = examplePayload(ids, String(input.event), now);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'Terminal49 Webhook Bot',
  };
  if (typeof input.secret === 'string' && input.secret !== '')
    headers[SIGNATURE_HEADER] = signature(input.secret, payload);
  const response = json(200, {});
  pending.set(response, { url: String(input.url), body: payload, headers });
  return response;
}

/** The trigger's answer once the endpoint answered (or did not). */
export function triggerAnswer(delivery: TestDelivery, outcome: TestOutcome): HttpResponse {
  const ok = delivered(outcome.status);
  return json(200, {
    url: delivery.url,
    succeeded: ok,
    error: ok
      ? null
      : (outcome.error ??
        `The endpoint answered with HTTP ${outcome.status}; only 200, 201, 202 or 204 count as delivered.`),
    status_code: outcome.status,
    request_headers: delivery.headers,
    request_body: delivery.body,
    response_headers: outcome.headers,
    response_body: outcome.body,
  });
}

/** No network to post on (an in-process emulator nobody gave a poster). */
export const unreachable: TestPoster = () => ({
  status: null,
  headers: null,
  body: null,
  error: 'Failed to open TCP connection (no endpoint is reachable from this emulator)',
});

/** The server's way: a real POST that follows no redirect, as the service's sender. */
export async function postOverHttp(delivery: TestDelivery): Promise<TestOutcome> {
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    return { status: response.status, headers, body: await response.text(), error: null };
  } catch (e) {
    return { status: null, headers: null, body: null, error: (e as Error).message };
  }
}
