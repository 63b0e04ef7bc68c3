// One rate limiter for every execution of the spreadsheet: cells, sidebar and trigger all take
// their request slots from the same rolling window, kept in the spreadsheet's shared cache under
// its lock. In the add-on a second window counts too: the key's, in the user's own stores, which
// every spreadsheet of that user on that key shares (docs/reference.md#one-key). A slot is taken
// only when every window has one, and is recorded in each.

import { AppError } from '../core/errors';
import type { Clock, RequestGate, SharedCache, SharedLock } from '../core/ports';
import {
  EMPTY_WINDOW,
  available,
  block,
  cutPace,
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
/** A window is kept an hour after its last change (longer than any pace it holds). */
const WINDOW_TTL_S = 3_600;

/** Where one window is kept: a cache entry read and written under a lock. */
export interface WindowPlace {
  cache: SharedCache;
  lock: SharedLock;
  key: string;
}

export interface GateOptions {
  /**
   * Another window that must also have room (the add-on's window of the key in the user's
   * stores); asked for only when the gate is first used, so a warm cell never computes it.
   */
  keyWindow?: () => WindowPlace | null;
  /** Spread requests over the minute even at full pace (a scheduled refresh: nobody waits). */
  spread?: boolean;
}

export function decodeWindow(raw: string | undefined): RateWindowState {
  if (!raw) return EMPTY_WINDOW;
  try {
    const v = JSON.parse(raw) as RateWindowState;
    return Array.isArray(v.sent) && typeof v.blockedUntil === 'number' ? v : EMPTY_WINDOW;
  } catch {
    return EMPTY_WINDOW;
  }
}

const BUSY = 'Other cells are fetching tracking data right now. Try again in a few seconds.';

export class SharedRequestGate implements RequestGate {
  private places: WindowPlace[] | null = null;

  constructor(
    private readonly cache: SharedCache,
    private readonly lock: SharedLock,
    private readonly clock: Clock,
    /** This execution's share of the window (the scheduled refresh leaves room for people). */
    private readonly ceiling: number = SERVICE_RULE.limit,
    private readonly rule: WindowRule = SERVICE_RULE,
    /** Where the window is kept: one cache key per service bucket. */
    private readonly key: string = GATE_KEY,
    private readonly options: GateOptions = {},
  ) {}

  private windows(): WindowPlace[] {
    if (!this.places) {
      const own = { cache: this.cache, lock: this.lock, key: this.key };
      const shared = this.options.keyWindow?.() ?? null;
      this.places = shared ? [own, shared] : [own];
    }
    return this.places;
  }

  /**
   * Reads every window under its lock (the spreadsheet's first, then the key's: always in that
   * order, so two executions never wait on each other in a circle), lets `fn` decide, writes back
   * the windows it changed. A lock shared by two places is taken once.
   */
  private withState<T>(
    fn: (states: RateWindowState[]) => { states?: RateWindowState[]; result: T },
  ): T {
    const places = this.windows();
    // One lock per Apps Script lock: a run without its document keeps the spreadsheet's window
    // under the user's lock, the one the key's window uses.
    const byScope = new Map<unknown, SharedLock>();
    for (const { lock } of places)
      if (!byScope.has(lock.scope ?? lock)) byScope.set(lock.scope ?? lock, lock);
    const locks = [...byScope.values()];
    const held: SharedLock[] = [];
    try {
      for (const lock of locks) {
        if (!lock.tryLock(LOCK_WAIT_MS)) throw new AppError('busy', BUSY);
        held.push(lock);
      }
      const states = places.map((p) => decodeWindow(p.cache.getAll([p.key])[p.key]));
      const { states: next, result } = fn(states);
      places.forEach((p, i) => {
        if (next?.[i] && next[i] !== states[i]) {
          p.cache.putAll({ [p.key]: JSON.stringify(next[i]) }, WINDOW_TTL_S);
        }
      });
      return result;
    } finally {
      for (const lock of held.reverse()) lock.release();
    }
  }

  /** The service's block the last refusal saw (0: the refusal was only the window being full). */
  private blockSeen = 0;

  serviceBlockSeen(): number {
    return this.blockSeen;
  }

  private room(states: RateWindowState[], now: number): { free: number; nextAt: number } {
    const spread = this.options.spread === true;
    return states
      .map((s) => available(s, now, this.rule, this.ceiling, spread))
      .reduce((a, b) => ({ free: Math.min(a.free, b.free), nextAt: Math.max(a.nextAt, b.nextAt) }));
  }

  /**
   * When this execution's own last grant lets the next slot come (a spread window, a full
   * minute): waited for before the next look, which then usually finds it free, instead of
   * taking the locks once to be refused and once more after the wait. A hint only.
   */
  private expectedNextAt = 0;

  acquire(wanted: number, maxWaitMs: number): number {
    if (wanted <= 0) return 0;
    const giveUpAt = this.clock.now() + Math.max(0, maxWaitMs);
    const early = this.expectedNextAt - this.clock.now();
    if (early > 0 && this.expectedNextAt <= giveUpAt) this.clock.sleep(early);
    for (;;) {
      const now = this.clock.now();
      const outcome = this.withState((states) => {
        const { free, nextAt } = this.room(states, now);
        if (free === 0) {
          const blockedUntil = Math.max(...states.map((s) => s.blockedUntil));
          const blocked = blockedUntil > now ? blockedUntil : 0;
          return { result: { granted: 0, nextAt, blocked } };
        }
        const granted = Math.min(free, wanted);
        const after = states.map((s) => record(s, now, granted, this.rule));
        return {
          states: after,
          result: { granted, nextAt: this.room(after, now).nextAt, blocked: 0 },
        };
      });
      this.blockSeen = outcome.blocked;
      if (outcome.granted > 0) {
        this.expectedNextAt = outcome.nextAt;
        return outcome.granted;
      }
      if (outcome.nextAt > giveUpAt) return 0;
      this.clock.sleep(Math.max(1, outcome.nextAt - now));
    }
  }

  /** The service answered 429: nobody sends before `until`, and every window lowers its pace. */
  blockUntil(until: number): void {
    const now = this.clock.now();
    this.withState((states) => ({
      states: states.map((s) => block(cutPace(s, now, this.rule), until)),
      result: undefined,
    }));
  }

  nextSlotAt(): number {
    const now = this.clock.now();
    return this.withState((states) => ({ result: this.room(states, now).nextAt }));
  }
}
