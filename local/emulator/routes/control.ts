// The local control surface for the browser preview and manual testing: no key, plain JSON, CORS
// open (it only ever listens on 127.0.0.1). Not part of the emulated service.
import type { HttpRequest, HttpResponse } from '../../http';
import type { Clock } from '../../clock';
import { bodyBytes, utf8Decode } from '../core/base64';
import { isoMillis } from '../core/time';
import type { EmulatorEnv } from '../env';
import { json } from '../http/respond';
import { faultFromJson, type Fault } from '../policy/faults';
import type { AccountStore } from '../data/account-store';
import type { ContainerRecord } from '../data/records';
import { containerNode } from '../serialize/graph';
import { oddAnswerRoute } from './control-odd-answers';
import { applyContainerChanges, readChanges } from '../webhooks/container-changes';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
};

type Advancing = Clock & { advance(ms: number): void };
type Scaling = Clock & { setFactor(factor: number): void };
const canAdvance = (c: Clock): c is Advancing =>
  typeof (c as Partial<Advancing>).advance === 'function';
const canScale = (c: Clock): c is Scaling =>
  typeof (c as Partial<Scaling>).setFactor === 'function';

export interface ControlState {
  /** Last speed set through the control surface (null: never set). */
  factor: number | null;
}

export function handleControl(
  request: HttpRequest,
  url: URL,
  env: EmulatorEnv,
  state: ControlState,
): HttpResponse {
  const method = request.method.toUpperCase();
  const reply = (status: number, body: unknown) => json(status, body, CORS);
  const fail = (detail: string, status = 400) =>
    reply(status, { errors: [{ status: String(status), title: 'Bad Request', detail }] });
  if (method === 'OPTIONS') return { status: 204, headers: CORS, body: '' };

  let input: Record<string, unknown> = {};
  if (method === 'POST') {
    const text = utf8Decode(bodyBytes(request.body)) ?? '';
    try {
      const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        return fail('body must be a JSON object');
      input = parsed as Record<string, unknown>;
    } catch {
      return fail('body is not valid JSON');
    }
  }

  const route = `${method} ${url.pathname.replace(/\/+$/, '')}`;
  const odd = oddAnswerRoute(route, input, env);
  if (odd) return reply(odd.status, odd.body);
  const perContainer = /^POST \/__emulator\/containers\/([^/]+)\/(changes|terminal-checks)$/.exec(
    route,
  );
  if (perContainer) {
    const [, number = '', action] = perContainer;
    const account = env.accountFor(env.demoKey);
    // Container numbers are letters and digits; anything percent-encoded is no container number.
    const container = account?.findContainer(number);
    if (!account || !container) return fail(`no container ${number} in the demo account`, 404);
    const target = { account, container };
    return action === 'changes'
      ? changeContainer(env, target, input, reply, fail)
      : failTerminalChecks(target, input, reply, fail);
  }
  switch (route) {
    case 'GET /__emulator/state':
      return reply(200, describe(env, url.origin, state));
    case 'POST /__emulator/clock': {
      const { advanceMs, factor } = input;
      if (advanceMs !== undefined) {
        if (typeof advanceMs !== 'number' || !Number.isFinite(advanceMs) || advanceMs < 0)
          return fail('advanceMs must be a number ≥ 0');
        if (!canAdvance(env.clock)) return fail('this clock cannot be advanced');
        env.clock.advance(advanceMs);
      }
      if (factor !== undefined) {
        if (typeof factor !== 'number' || !Number.isFinite(factor) || factor < 0)
          return fail('factor must be a number ≥ 0');
        if (!canScale(env.clock))
          return fail('factor needs a scaled clock (the server CLI uses one)');
        env.clock.setFactor(factor);
        state.factor = factor;
      }
      return reply(200, describe(env, url.origin, state));
    }
    case 'GET /__emulator/faults':
      return reply(200, { faults: env.faults.pending().map(faultJson) });
    case 'DELETE /__emulator/faults':
      env.faults.clear();
      return reply(200, { faults: [] });
    case 'POST /__emulator/faults': {
      if (input.clear === true) env.faults.clear();
      const list = Array.isArray(input.faults) ? input.faults : input.clear === true ? [] : [input];
      try {
        const faults = list.map(faultFromJson);
        faults.forEach((f) => env.faults.enqueue(f));
      } catch (error) {
        return fail(error instanceof Error ? error.message : String(error));
      }
      return reply(200, { faults: env.faults.pending().map(faultJson) });
    }
    case 'POST /__emulator/reset':
      env.reset();
      return reply(200, describe(env, url.origin, state));
    default:
      return reply(404, {
        errors: [{ status: '404', title: 'Not Found', detail: `no control route ${route}` }],
      });
  }
}

/** A demo-account container a control route acts on. */
interface ContainerTarget {
  account: AccountStore;
  container: ContainerRecord;
}

/** POST /__emulator/containers/{number}/changes (webhooks/container-changes.ts). */
function changeContainer(
  env: EmulatorEnv,
  { account, container }: ContainerTarget,
  input: Record<string, unknown>,
  reply: (status: number, body: unknown) => HttpResponse,
  fail: (detail: string, status?: number) => HttpResponse,
): HttpResponse {
  const read = readChanges(input);
  if (typeof read === 'string') return fail(read);
  const outcome = applyContainerChanges(account, container, read, env.ids, env.clock.now());
  return reply(200, {
    data: containerNode(account, outcome.container).resource,
    meta: { notifications: outcome.notifications },
  });
}

/**
 * POST /__emulator/containers/{number}/terminal-checks `{"failingSince": ISO | null}`: the
 * container's POD terminal stops answering the service from that moment (null: answers again),
 * so its containers' `terminal_checked_at` stays at the last check before (terminal-checks.ts).
 */
function failTerminalChecks(
  { account, container }: ContainerTarget,
  input: Record<string, unknown>,
  reply: (status: number, body: unknown) => HttpResponse,
  fail: (detail: string, status?: number) => HttpResponse,
): HttpResponse {
  const terminal = container.podTerminalId;
  if (terminal === null)
    return fail(`container ${container.attributes.number} has no POD terminal to fail`);
  const { failingSince } = input;
  const since = typeof failingSince === 'string' ? Date.parse(failingSince) : NaN;
  if (failingSince === null) account.terminalChecksFailingSince.delete(terminal);
  else if (Number.isNaN(since))
    return fail('failingSince must be an ISO date-time (or null: the terminal answers again)');
  else account.terminalChecksFailingSince.set(terminal, since);
  return reply(200, { data: containerNode(account, container).resource });
}

function faultJson(fault: Fault): Record<string, unknown> {
  const path = fault.match?.path;
  const match = fault.match
    ? {
        method: fault.match.method,
        ...(path instanceof RegExp ? { pathPattern: path.source } : { path }),
      }
    : undefined;
  return { ...fault, match };
}

function describe(env: EmulatorEnv, origin: string, state: ControlState) {
  const accounts = [...env.accounts.keys()].map((key) => {
    const account = env.accountFor(key);
    const requests = account?.trackingRequests() ?? [];
    const byStatus: Record<string, number> = {};
    for (const r of requests) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    return {
      key,
      containers: account?.containers().length ?? 0,
      shipments: account?.shipments().length ?? 0,
      trackingRequests: { total: requests.length, ...byStatus },
      documents: account?.documents().length ?? 0,
      blobs: account?.blobs().length ?? 0,
      webhooks: account?.webhooks.webhooks().length ?? 0,
      notifications: account?.webhooks.notifications().length ?? 0,
    };
  });
  return {
    now: isoMillis(env.clock.now()),
    clock: {
      advanceable: canAdvance(env.clock),
      scalable: canScale(env.clock),
      factor: state.factor,
    },
    apiBase: `${origin}/v2`,
    appUrl: origin,
    demoKey: env.demoKey,
    accounts,
    faults: env.faults.pending().map(faultJson),
    oddAnswers: env.oddAnswers.pending(env.clock.now()),
    rateLimit: env.limiters.general.config,
    requestsLogged: env.requestLog.entries.length,
  };
}
