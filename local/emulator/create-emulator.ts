// Wires state, routes and the pipeline into the Emulator object. handle() never throws: a bug in
// a handler becomes a 500 JSON:API error that names it, so the property test can catch it.
import { ManualClock } from '../clock';
import { header, type HttpRequest, type HttpResponse } from '../http';
import { createRng, hashString } from './core/prng';
import { AccountStore } from './data/account-store';
import type { EmulatorEnv } from './env';
import { apiError, json } from './http/respond';
import { Router } from './http/router';
import { advanceLifecycles } from './lifecycle/advance';
import { DEFAULT_TRACKING_DELAYS } from './lifecycle/outcomes';
import { runPipeline } from './pipeline';
import { FaultQueue } from './policy/faults';
import { oddAnswerControl } from './policy/odd-answer-control';
import { OddAnswers } from './policy/odd-answers';
import { SlidingWindowLimiter } from './policy/rate-limiter';
import { RequestLog } from './policy/request-log';
import { containerRoutes } from './routes/containers';
import type { ControlState } from './routes/control';
import { directUploadRoutes } from './routes/direct-uploads';
import { documentRoutes } from './routes/documents';
import { inferNumberRoutes } from './routes/infer-number';
import { searchRoutes } from './routes/search';
import { shipmentRoutes } from './routes/shipments';
import { shippingLineRoutes } from './routes/shipping-lines';
import { storageRoutes } from './routes/storage';
import { trackingRequestRoutes } from './routes/tracking-requests';
import { webAppRoutes } from './routes/web-app';
import { webhookRoutes } from './routes/webhooks';
import { createOutbox } from './webhooks/outbox';
import {
  pendingTestDelivery,
  postOverHttp,
  triggerAnswer,
  unreachable,
  type TestDelivery,
} from './webhooks/test-delivery';
import { publishTrackingOutcome } from './webhooks/publish';
import { seedDemoAccount } from './seed/seed-account';
import {
  DEFAULT_DEMO_KEY,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_ORIGIN,
  DEFAULT_START,
  DEFAULT_STORAGE_ORIGIN,
  INFER_RATE_LIMIT,
  TEST_DELIVERY_HEADER,
  type Emulator,
  type EmulatorOptions,
} from './types';

const ROUTER = new Router<EmulatorEnv>([
  ...containerRoutes,
  ...shipmentRoutes,
  ...trackingRequestRoutes,
  ...inferNumberRoutes,
  ...searchRoutes,
  ...shippingLineRoutes,
  ...documentRoutes,
  ...directUploadRoutes,
  ...storageRoutes,
  ...webAppRoutes,
  ...webhookRoutes,
]);

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const origin = (options.origin ?? DEFAULT_ORIGIN).replace(/\/+$/, '');
  const storageOrigin =
    options.storageOrigin === null
      ? null
      : new URL(options.storageOrigin ?? DEFAULT_STORAGE_ORIGIN).origin;
  const clock = options.clock ?? new ManualClock(DEFAULT_START);
  const now = () => clock.now();
  const demoKey = options.demoKey ?? DEFAULT_DEMO_KEY;
  const delays = { ...DEFAULT_TRACKING_DELAYS, ...options.trackingDelays };
  const rateLimit = options.rateLimit ?? { limit: 100, windowMs: 60_000 };
  const accounts = new Map<string, AccountStore>();
  const control: ControlState = { factor: null };

  const seed = () => {
    accounts.clear();
    const demo = new AccountStore(demoKey, now);
    seedDemoAccount(demo, clock.now(), delays, options.seed);
    accounts.set(demoKey, demo);
  };

  const env: EmulatorEnv = {
    clock,
    delays,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    storageOrigin,
    demoKey,
    accounts,
    faults: new FaultQueue(),
    oddAnswers: new OddAnswers(),
    requestLog: new RequestLog(),
    limiters: {
      general: new SlidingWindowLimiter(rateLimit),
      tracking_requests: new SlidingWindowLimiter(rateLimit),
      infer_number: new SlidingWindowLimiter(options.inferRateLimit ?? INFER_RATE_LIMIT),
    },
    ids: createRng(hashString(`ids:${demoKey}`)),
    reset: () => {
      const extraKeys = [...accounts.keys()].filter((k) => k !== demoKey);
      seed();
      for (const key of extraKeys) accounts.set(key, new AccountStore(key, now));
      env.faults.clear();
      env.oddAnswers.disarm();
      for (const limiter of Object.values(env.limiters)) limiter.reset();
      env.requestLog.clear();
      env.ids = createRng(hashString(`ids:${demoKey}`));
    },
    accountFor: (key) => {
      const account = accounts.get(key);
      if (account)
        advanceLifecycles(account, clock.now(), (request, at) =>
          publishTrackingOutcome({ account, ids: env.ids, now: at }, request),
        );
      return account;
    },
  };
  seed();
  const webhooks = createOutbox(env);

  const respond = (request: HttpRequest): HttpResponse => {
    try {
      return runPipeline(env, ROUTER, control, request);
    } catch (error) {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return apiError(500, { detail: `Emulator bug: ${detail}` });
    }
  };
  /** A test delivery (POST /webhooks/trigger) the caller asked to post itself (TEST_DELIVERY_HEADER). */
  const handedBack = (request: HttpRequest, delivery: TestDelivery): HttpResponse | null =>
    header(request.headers, TEST_DELIVERY_HEADER) === 'caller'
      ? json(200, { pending_delivery: delivery })
      : null;
  const handle = (request: HttpRequest): HttpResponse => {
    const response = respond(request);
    const delivery = pendingTestDelivery(response);
    if (!delivery) return response;
    return (
      handedBack(request, delivery) ??
      triggerAnswer(delivery, (webhooks.testPoster ?? unreachable)(delivery))
    );
  };
  const handleAsync = async (request: HttpRequest): Promise<HttpResponse> => {
    const response = respond(request);
    const delivery = pendingTestDelivery(response);
    if (!delivery) return response;
    const back = handedBack(request, delivery);
    if (back) return back;
    const outcome = webhooks.testPoster
      ? webhooks.testPoster(delivery)
      : await postOverHttp(delivery);
    return triggerAnswer(delivery, outcome);
  };

  return {
    origin,
    apiBase: `${origin}/v2`,
    appUrl: origin,
    demoKey,
    maxBodyBytes: env.maxBodyBytes,
    storageOrigin,
    clock,
    faults: env.faults,
    oddAnswers: oddAnswerControl(env),
    requestLog: env.requestLog,
    webhooks,
    handle,
    handleAsync,
    addAccount: (key) => {
      const existing = accounts.get(key);
      if (existing) return existing;
      const account = new AccountStore(key, now);
      accounts.set(key, account);
      return account;
    },
    account: (key = demoKey) => env.accountFor(key),
    findContainer: (number, key = demoKey) => env.accountFor(key)?.findContainer(number),
    findShipment: (number, key = demoKey) => env.accountFor(key)?.findShipment(number),
    reset: () => env.reset(),
  };
}
