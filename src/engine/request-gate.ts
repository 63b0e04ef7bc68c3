// One rate limiter for every execution of the spreadsheet: cells, sidebar and trigger all take
// their request slots from the same rolling window, kept in the document cache under the lock.

import { AppError } from '../core/errors';
import type { Clock, RequestGate, SharedCache, SharedLock } from '../core/ports';
import {
  EMPTY_WINDOW,
  available,
  block,
  record,
  type RateWindowState,
  type WindowRule,
} from './rate-window';

export const GATE_KEY = 'ct:rate';
/** What the service allows per key: 100 requests per rolling 60 s. */
export const SERVICE_LIMIT_PER_MINUTE = 100;
/** We take 95 of them: a small margin absorbs clock skew between us and the service. */
export const SERVICE_RULE: WindowRule = { limit: 95, windowMs: 60_000 };
/**
 * POST /tracking_requests/infer_number has a bucket of its own, 200 per rolling 60 s per key (the
 * service's rate-limit guide): its window is kept apart, so typing numbers in the sidebar never
 * takes a slot from cells or the refresh, and they never starve it.
 */
export const INFER_GATE_KEY = 'ct:rate:infer';
export const INFER_RULE: WindowRule = { limit: 190, windowMs: 60_000 };
const LOCK_WAIT_MS = 3_000;

function decode(raw: string | undefined): RateWindowState {
  if (!raw) return EMPTY_WINDOW;
  try {
    const v = JSON.parse(raw) as RateWindowState;
    return Array.isArray(v.sent) && typeof v.blockedUntil === 'number' ? v : EMPTY_WINDOW;
  } catch {
    return EMPTY_WINDOW;
  }
}

export class SharedRequestGate implements RequestGate {
  constructor(
    private readonly cache: SharedCache,
    private readonly lock: SharedLock,
    private readonly clock: Clock,
    /** This execution's share of the window (the scheduled refresh leaves room for people). */
    private readonly ceiling: number = SERVICE_RULE.limit,
    private readonly rule: WindowRule = SERVICE_RULE,
    /** Where the window is kept: one cache key per service bucket. */
    private readonly key: string = GATE_KEY,
  ) {}

  private withState<T>(fn: (state: RateWindowState) => { state?: RateWindowState; result: T }): T {
    if (!this.lock.tryLock(LOCK_WAIT_MS)) {
      throw new AppError(
        'busy',
        'Other cells are fetching tracking data right now. Try again in a few seconds.',
      );
    }
    try {
      const state = decode(this.cache.getAll([this.key])[this.key]);
      const { state: next, result } = fn(state);
      if (next) this.cache.putAll({ [this.key]: JSON.stringify(next) }, 3_600);
      return result;
    } finally {
      this.lock.release();
    }
  }

  /** The service's block the last refusal saw (0: the refusal was only the window being full). */
  private blockSeen = 0;

  serviceBlockSeen(): number {
    return this.blockSeen;
  }

  acquire(wanted: number, maxWaitMs: number): number {
    if (wanted <= 0) return 0;
    const giveUpAt = this.clock.now() + Math.max(0, maxWaitMs);
    for (;;) {
      const now = this.clock.now();
      const outcome = this.withState((state) => {
        const { free, nextAt } = available(state, now, this.rule, this.ceiling);
        if (free === 0) {
          const blocked = state.blockedUntil > now ? state.blockedUntil : 0;
          return { result: { granted: 0, nextAt, blocked } };
        }
        const granted = Math.min(free, wanted);
        return {
          state: record(state, now, granted, this.rule),
          result: { granted, nextAt: now, blocked: 0 },
        };
      });
      this.blockSeen = outcome.blocked;
      if (outcome.granted > 0) return outcome.granted;
      if (outcome.nextAt > giveUpAt) return 0;
      this.clock.sleep(Math.max(1, outcome.nextAt - now));
    }
  }

  blockUntil(until: number): void {
    this.withState((state) => ({ state: block(state, until), result: undefined }));
  }

  nextSlotAt(): number {
    const now = this.clock.now();
    return this.withState((state) => ({
      result: available(state, now, this.rule, this.ceiling).nextAt,
    }));
  }
}
