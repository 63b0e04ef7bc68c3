// One request through the emulator: control routes, size limit, faults, routing (404/405),
// authentication, rate limit, body parsing, then the handler. Everything ends as a response; the
// caller (create-emulator.ts) catches whatever a bug might still throw.
import { header, type HttpRequest, type HttpResponse } from '../http';
import { bodyBytes } from './core/base64';
import type { EmulatorEnv } from './env';
import { methodNotAllowed, tooLarge, tooManyRequests, unauthorized } from './http/area-errors';
import { readJsonBody } from './http/json-body';
import { withoutParams, type RequestContext } from './http/request-context';
import { apiError, html, json, JSON_API, notFoundPage } from './http/respond';
import type { Area, Router } from './http/router';
import { DELAY_HEADER, faultResponse } from './policy/fault-response';
import { parseFaultSpec, replacesResponse, type Fault } from './policy/faults';
import { RequestFaults } from './policy/request-faults';
import { handleControl, type ControlState } from './routes/control';

const FAULT_HEADER = 'X-Emulator-Fault';
const FAULT_PARAM = '__fault';

export function areaOf(path: string): Area {
  if (path === '/v2' || path.startsWith('/v2/')) return 'api';
  if (path.startsWith('/rails/active_storage/')) return 'uploads';
  if (path.startsWith('/storage/')) return 'storage';
  return 'app';
}

/** The key from `Authorization: Token <key>` or `Bearer <key>` (the service takes both), or null. */
function tokenOf(headers: Record<string, string>): string | null {
  const value = header(headers, 'Authorization');
  const m = value === undefined ? null : /^(?:Token|Bearer)\s+(\S+)\s*$/.exec(value);
  return m?.[1] ?? null;
}

export function runPipeline(
  env: EmulatorEnv,
  router: Router<EmulatorEnv>,
  control: ControlState,
  request: HttpRequest,
): HttpResponse {
  const now = env.clock.now();
  let url: URL;
  try {
    url = new URL(String(request.url));
  } catch {
    return html(400, '<!DOCTYPE html>\n<html><body><h1>400 Bad Request</h1></body></html>\n');
  }
  const headers =
    typeof request.headers === 'object' && request.headers !== null ? request.headers : {};
  const method = String(request.method ?? '').toUpperCase();
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (path === '/health') return json(200, { status: 'ok' });
  if (path === '/__emulator' || path.startsWith('/__emulator/'))
    return handleControl({ ...request, headers }, url, env, control);

  const area = areaOf(path);
  const key = tokenOf(headers);
  const log = (response: HttpResponse, faulted = false): HttpResponse => {
    env.requestLog.add({ method, path, status: response.status, time: now, key, faulted });
    return response;
  };

  const bytes = bodyBytes(request.body);
  if (bytes.length > env.maxBodyBytes) return log(tooLarge(area, env.maxBodyBytes));

  let sent: Fault | undefined;
  const spec = header(headers, FAULT_HEADER) ?? url.searchParams.get(FAULT_PARAM) ?? undefined;
  if (spec !== undefined) {
    try {
      sent = parseFaultSpec(spec);
    } catch (error) {
      return log(
        apiError(400, {
          title: 'Invalid fault',
          detail: `${FAULT_HEADER}: ${(error as Error).message}`,
        }),
      );
    }
  }
  const faults = new RequestFaults(env.faults, sent, method, path);
  if (faults.fault && replacesResponse(faults.fault)) return log(faultResponse(faults.fault), true);
  const finish = (response: HttpResponse): HttpResponse => {
    const delayMs = faults.delayMs();
    const delayed =
      delayMs === undefined
        ? response
        : { ...response, headers: { ...response.headers, [DELAY_HEADER]: String(delayMs) } };
    return log(method === 'HEAD' ? { ...delayed, body: '' } : delayed, faults.faulted());
  };

  const match = router.match(method === 'HEAD' ? 'GET' : method, path);
  if (match.kind === 'not-found') return finish(notFoundPage());
  if (match.kind === 'method-not-allowed') return finish(methodNotAllowed(match.area, match.allow));
  const route = match.route;

  let account = env.accountFor(env.demoKey);
  if (route.auth) {
    account = key === null ? undefined : env.accountFor(key);
    if (!account || key === null) return finish(unauthorized(route.area));
    const bucket = route.bucket ?? 'general';
    const limiter = env.limiters[bucket];
    const admission = limiter.admit(key, now);
    if (!admission.ok) {
      const { limit, windowMs } = limiter.config;
      return finish(tooManyRequests(bucket, admission.retryAfterSeconds, limit, windowMs));
    }
  } else if (key !== null && route.area === 'app') {
    // The web app resolves deep links in the caller's account when a key is presented.
    account = env.accountFor(key) ?? account;
  }
  if (!account) return finish(apiError(500, { detail: 'The demo account is missing.' }));

  let body: unknown = null;
  if (route.body === 'json') {
    const parsed = readJsonBody(bytes, header(headers, 'Content-Type'), route.area);
    if (!parsed.ok) return finish(parsed.response);
    body = parsed.value;
  }
  const ctx: RequestContext = {
    request: { ...request, headers },
    method,
    url,
    publicUrl: withoutParams(url, [FAULT_PARAM]),
    params: match.params,
    query: url.searchParams,
    now,
    account,
    body,
    bytes,
    emptyList: () => faults.emptyList(),
  };
  return finish(withOddAnswers(env, account.key, route.handler(ctx, env), method, now));
}

/**
 * A successful JSON:API answer read by the client: armed containers in it answer oddly
 * (policy/odd-answers.ts). Parsed only while something is armed for the account.
 */
function withOddAnswers(
  env: EmulatorEnv,
  key: string,
  response: HttpResponse,
  method: string,
  now: number,
): HttpResponse {
  if (method === 'HEAD' || response.status < 200 || response.status > 299) return response;
  if (typeof response.body !== 'string' || !env.oddAnswers.armedFor(key, now)) return response;
  const type = Object.entries(response.headers).find(([k]) => k.toLowerCase() === 'content-type');
  if (!type?.[1].startsWith(JSON_API)) return response;
  const odd = env.oddAnswers.rewrite(key, JSON.parse(response.body) as object, now);
  return odd ? { ...response, body: JSON.stringify(odd) } : response;
}
