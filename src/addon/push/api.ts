// Turning push updates on and off, and what the sidebar shows about them. The token goes into
// the subscription URL the service calls and into document properties, nowhere else: the status
// gives the URL without it, and no message or log names it.

import {
  createWebhookCall,
  deleteWebhookCall,
  PUSH_EVENTS,
  testDeliveryOf,
  triggerTestDeliveryCall,
  webhookIdOf,
} from '../../api/webhooks';
import { AppError, toAppError, userMessage } from '../../core/errors';
import { rememberSecret } from '../../core/redact';
import { keyMayGoTo, parseHttpUrl } from '../../core/url';
import type { DurableStore } from '../../core/ports';
import {
  PUSH_PROBE_KEY,
  PUSH_SEEN_KEY,
  PUSH_STATE_KEY,
  PUSH_TOKEN_KEY,
  loadPushState,
  savePushState,
  type PushState,
} from '../../engine/push-state';
import type { ApiClient } from '../../api/client';
import { Execution } from '../../execution/execution';
import { activeSpreadsheetId, newSecretToken, webAppGuard } from '../../gas/web-app';
import { noteToken } from '../../engine/push-guard';
import { DEPLOYMENT } from '../../core/deployment';
import { appsScriptClock, newToken } from '../../gas/clock';
import { requirePermission } from '../../gas/authorization';

export interface PushStatus {
  enabled: boolean;
  /** The web app URL the service delivers to, without its token. */
  url: string | null;
  events: string[];
  lastNotificationAt: string | null;
  applied: number;
  /** Push needs a bound script deployed as a web app; an add-on cannot be one. */
  available: boolean;
  /** Said when push was turned on: the web app answers deliveries with a redirect. */
  warning: string | null;
  /** The last delivery that could not be applied, with when (ISO); null after an applied one. */
  problem: { at: string; message: string } | null;
  message?: string;
}

const EXAMPLE = 'https://script.google.com/macros/s/…/exec';

/** The web app URL as pasted: https (http only for this machine), no query, no fragment. */
function webAppUrlOf(raw: unknown): string {
  const parsed = parseHttpUrl(typeof raw === 'string' ? raw.trim() : raw);
  if (parsed.problem !== undefined)
    throw new AppError(
      'input',
      `The web app URL ${parsed.problem}. Use the URL Deploy → Manage deployments shows, like ${EXAMPLE}.`,
    );
  if (!keyMayGoTo(parsed.url))
    throw new AppError(
      'input',
      'The web app URL must use https:// (plain http only for localhost and 127.0.0.1).',
    );
  return `${parsed.url.origin}${parsed.url.path}`;
}

function statusOf(state: PushState | null, available: boolean, message?: string): PushStatus {
  return {
    enabled: state !== null,
    url: state?.url ?? null,
    events: state?.events ?? [],
    lastNotificationAt: state?.lastNotificationAt ?? null,
    applied: state?.applied ?? 0,
    available,
    warning: state?.warning ?? null,
    problem: state?.problem ?? null,
    ...(message ? { message } : {}),
  };
}

/**
 * Deletes this spreadsheet's subscription; one the service no longer has is already gone. The
 * OpenAPI documents the delete's answer as "200 OK" without a body, which the client reads as an
 * empty answer: any 2xx is done.
 */
function deleteSubscription(client: ApiClient, webhookId: string): void {
  const [answer] = client.sendAll([deleteWebhookCall(webhookId)]);
  if (!(answer instanceof AppError)) return;
  const status = answer.status ?? 0;
  if (status === 404 || (status >= 200 && status < 300)) return;
  throw answer;
}

function removeState(props: DurableStore): void {
  props.remove(PUSH_STATE_KEY);
  props.remove(PUSH_SEEN_KEY);
}

export function getPushStatus(): PushStatus {
  const run = new Execution('sidebar');
  return statusOf(loadPushState(run.stores.properties()), DEPLOYMENT === 'bound');
}

/** The event of enablePush's test delivery: one the add-in subscribes to. */
const TEST_EVENT = 'tracking_request.succeeded';
const DELIVERED = new Set([200, 201, 202, 204]);

/**
 * Proves the path before push is called on: the service sends a test delivery to the web app URL
 * (POST /webhooks/trigger) with `token` and a probe id, and doPost records the probe it received.
 * Returns the warning to show when the web app's answer makes the service count deliveries as
 * failed (Google answers a web app POST with a 302); throws, saying why, when doPost never ran.
 */
function proveDelivery(
  client: ApiClient,
  props: DurableStore,
  url: string,
  token: string,
): string | null {
  const probe = newToken();
  props.remove(PUSH_PROBE_KEY);
  const trial = testDeliveryOf(
    client.send(triggerTestDeliveryCall(`${url}?token=${token}&probe=${probe}`, TEST_EVENT)),
  );
  const received = props.getAll()[PUSH_PROBE_KEY] === probe;
  props.remove(PUSH_PROBE_KEY);
  const answered =
    trial.statusCode === null ? 'did not answer' : `answered with status ${trial.statusCode}`;
  if (!received) {
    throw new AppError(
      'config',
      `The service's test delivery did not reach this spreadsheet's script (the address ${answered}${trial.error ? `: ${trial.error}` : ''}). ` +
        "Check that it is the web app's /exec address from Deploy → Manage deployments, deployed to execute as you with access for anyone, and that the deployment runs the current version. Scheduled refreshes carry on meanwhile.",
    );
  }
  if (trial.statusCode !== null && DELIVERED.has(trial.statusCode)) return null;
  return `The web app ${answered} (Google answers every web app delivery with a redirect), so the service counts each delivery as failed and retries it up to 12 times. Updates still arrive at once; a retry costs no request.`;
}

/**
 * Subscribes `webAppUrl` (this script deployed as a web app) to the events the add-in uses,
 * with a new token, replacing this spreadsheet's earlier subscription, once a test delivery has
 * reached doPost through that URL.
 */
export function enablePush(webAppUrl: string): PushStatus {
  if (DEPLOYMENT !== 'bound')
    throw new AppError(
      'config',
      'Push updates need the bound script deployed as a web app; an installed add-on refreshes on its schedule instead.',
    );
  requirePermission('push');
  const url = webAppUrlOf(webAppUrl);
  const run = new Execution('sidebar');
  const props = run.stores.properties();
  const client = run.client();
  const spreadsheetId = activeSpreadsheetId();
  const earlier = loadPushState(props);
  const earlierToken = props.getAll()[PUSH_TOKEN_KEY];
  const token = newSecretToken();
  // Every message is redacted of it from here on, as of the key (a service error may echo the URL).
  rememberSecret(token);
  // doPost accepts the test delivery with the new token; a failed test puts the old one back.
  props.setAll({ [PUSH_TOKEN_KEY]: token });
  noteToken(webAppGuard(run.cache), token);
  let warning: string | null;
  try {
    warning = proveDelivery(client, props, url, token);
  } catch (e) {
    if (earlierToken) props.setAll({ [PUSH_TOKEN_KEY]: earlierToken });
    else props.remove(PUSH_TOKEN_KEY);
    noteToken(webAppGuard(run.cache), earlierToken ?? null);
    const now = earlier ? 'Push updates stay as they were' : 'Push updates stay off';
    throw new AppError(toAppError(e).kind, `${now}: ${userMessage(e)}`);
  }
  try {
    if (earlier) deleteSubscription(client, earlier.webhookId);
    const doc = client.send(createWebhookCall(`${url}?token=${token}`, PUSH_EVENTS));
    const webhookId = webhookIdOf(doc);
    if (!webhookId)
      throw new AppError('upstream', 'The tracking service did not confirm the subscription.');
    const state: PushState = {
      webhookId,
      url,
      events: [...PUSH_EVENTS],
      spreadsheetId,
      lastNotificationAt: null,
      caughtUpTo: new Date(appsScriptClock.now()).toISOString(),
      applied: 0,
      recent: [],
      warning,
    };
    savePushState(props, state);
    return statusOf(state, true, 'Push updates are on.');
  } catch (e) {
    // The earlier subscription is gone: say so rather than show it as still on.
    removeState(props);
    props.remove(PUSH_TOKEN_KEY);
    noteToken(webAppGuard(run.cache), null);
    throw new AppError('upstream', `Push updates could not be turned on: ${userMessage(e)}`);
  }
}

/** Removes the subscription and the token: any later delivery is refused. */
export function disablePush(): PushStatus {
  const run = new Execution('sidebar');
  const props = run.stores.properties();
  const state = loadPushState(props);
  // The token goes first: whatever happens with the service, deliveries are refused from now on.
  props.remove(PUSH_TOKEN_KEY);
  if (DEPLOYMENT === 'bound') noteToken(webAppGuard(run.cache), null);
  if (state) {
    try {
      deleteSubscription(run.client(), state.webhookId);
    } catch (e) {
      removeState(props);
      return statusOf(
        null,
        DEPLOYMENT === 'bound',
        `Push updates are off here, but the service's subscription could not be deleted (${userMessage(e)}); its deliveries are refused.`,
      );
    }
  }
  removeState(props);
  return statusOf(null, DEPLOYMENT === 'bound', 'Push updates are off.');
}
