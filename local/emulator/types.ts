// The public shape of the emulator: options, the Emulator object, and the records tests may read.
import type { Clock } from '../clock';
import type { HttpRequest, HttpResponse } from '../http';
import type { AccountStore } from './data/account-store';
import type { ContainerRecord, ShipmentRecord } from './data/records';
import type { TrackingDelays } from './lifecycle/outcomes';
import type { Fault } from './policy/faults';
import type { OddAnswerControl } from './policy/odd-answer-control';
import type { RateLimit } from './policy/rate-limiter';
import type { RequestLog } from './policy/request-log';
import type { SeedOptions } from './seed/seed-account';
import type { WebhookOutbox } from './webhooks/outbox';

/**
 * On POST /webhooks/trigger, `caller`: answer `{pending_delivery: {url, body, headers}}` instead
 * of posting it, for a caller that must post it itself (the preview, whose web app cannot answer
 * HTTP while the execution that asked for the test waits); it then builds the service's answer
 * with triggerAnswer (webhooks/test-delivery.ts).
 */
export const TEST_DELIVERY_HEADER = 'X-Emulator-Test-Delivery';

export const DEFAULT_ORIGIN = 'http://127.0.0.1:4949';
export const DEFAULT_DEMO_KEY = 'demo-key-0000';
/** The default ManualClock start (the same instant ManualClock itself defaults to). */
export const DEFAULT_START = '2026-11-20T15:00:00Z';
/** The service's infer_number bucket: 200 a rolling minute per key (its rate-limit guide). */
export const INFER_RATE_LIMIT: RateLimit = { limit: 200, windowMs: 60_000 };
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
/**
 * Where direct_upload URLs point by default: like the real service's (Active Storage on Amazon
 * S3, "service_name": "amazon"), a storage host that is not the API host, so that a client
 * reaching it must be allowed to (Apps Script's urlFetchWhitelist). The bucket name is made up.
 */
export const DEFAULT_STORAGE_ORIGIN = 'https://container-tracking-emulator.s3.amazonaws.com';

export interface EmulatorOptions {
  /** Where the emulator is reached; the API base is `${origin}/v2`, the app URL the origin. */
  origin?: string;
  /** Default: a ManualClock at 2026-11-20T15:00:00Z. The server CLI passes a ScaledClock. */
  clock?: Clock;
  /** Per key, for all API requests; POST /tracking_requests has its own bucket of the same size. Default 100 / 60 000 ms. */
  rateLimit?: RateLimit;
  /** Per key, for POST /tracking_requests/infer_number alone. Default INFER_RATE_LIMIT. */
  inferRateLimit?: RateLimit;
  /** `containers`: total containers in the demo account (at least the 63 curated ones). */
  seed?: SeedOptions;
  /** Key of the seeded demo account. Default `demo-key-0000`. */
  demoKey?: string;
  /** Tracking-request lifecycle timing on the emulator clock (make it short in tests). */
  trackingDelays?: Partial<TrackingDelays>;
  /** Larger request bodies get 413. Default 10 MiB. */
  maxBodyBytes?: number;
  /**
   * The origin of direct_upload URLs (the path is always /storage/<key>; requests are routed by
   * path, so whoever hands requests to the emulator decides which names reach it). Default
   * DEFAULT_STORAGE_ORIGIN; null: the origin the blob request came in on (a standalone server
   * that curl can upload to).
   */
  storageOrigin?: string | null;
}

export interface FaultControl {
  /** Applies to the next matching request(s), `times` of them (default 1). */
  enqueue(fault: Fault): void;
  clear(): void;
  pending(): Fault[];
}

export interface Emulator {
  readonly origin: string;
  readonly apiBase: string;
  readonly appUrl: string;
  readonly demoKey: string;
  readonly maxBodyBytes: number;
  /** See EmulatorOptions.storageOrigin. */
  readonly storageOrigin: string | null;
  readonly clock: Clock;
  readonly faults: FaultControl;
  /** Containers that answer oddly for their next reads (policy/odd-answers.ts). */
  readonly oddAnswers: OddAnswerControl;
  readonly requestLog: RequestLog;
  /** Webhook deliveries waiting to be posted (webhooks/outbox.ts). */
  readonly webhooks: WebhookOutbox;
  /**
   * Synchronous and total: every failure, even a bug, becomes a response. POST /webhooks/trigger
   * posts its test delivery with `webhooks.testPoster` (none set: no endpoint answers).
   */
  handle(request: HttpRequest): HttpResponse;
  /** `handle` for the server: a test delivery goes over real HTTP unless a testPoster is set. */
  handleAsync(request: HttpRequest): Promise<HttpResponse>;
  /** A second, empty account (data is per account). Returns the existing one if the key is taken. */
  addAccount(key: string): AccountStore;
  /** An account by key (default: the demo account), with lifecycles brought up to the clock. */
  account(key?: string): AccountStore | undefined;
  findContainer(number: string, key?: string): ContainerRecord | undefined;
  findShipment(number: string, key?: string): ShipmentRecord | undefined;
  /** Re-seeds the demo account at the current clock time, empties other accounts, clears faults,
   * odd answers, rate-limit windows and the request log. */
  reset(): void;
}
