// The emulator's mutable state, shared by the pipeline and the route handlers.
import type { Clock } from '../clock';
import type { Rng } from './core/prng';
import type { AccountStore } from './data/account-store';
import type { TrackingDelays } from './lifecycle/outcomes';
import type { FaultQueue } from './policy/faults';
import type { OddAnswers } from './policy/odd-answers';
import type { SlidingWindowLimiter } from './policy/rate-limiter';
import type { RequestLog } from './policy/request-log';
import type { RateBucket } from './http/router';

export interface EmulatorEnv {
  readonly clock: Clock;
  readonly delays: TrackingDelays;
  readonly maxBodyBytes: number;
  /** Origin of direct_upload URLs; null: the request's own. */
  readonly storageOrigin: string | null;
  readonly demoKey: string;
  readonly accounts: Map<string, AccountStore>;
  readonly faults: FaultQueue;
  /** Containers that answer oddly for their next reads (policy/odd-answers.ts). */
  readonly oddAnswers: OddAnswers;
  readonly requestLog: RequestLog;
  /** One rolling window per bucket, per key. */
  readonly limiters: Record<RateBucket, SlidingWindowLimiter>;
  /** Ids minted at run time (tracking requests, blobs, documents); reseeded on reset. */
  ids: Rng;
  /** Re-seeds every account as of the current clock time and forgets faults and limits. */
  reset(): void;
  /** The account a key belongs to, with its lifecycles brought up to the clock. */
  accountFor(key: string): AccountStore | undefined;
}
