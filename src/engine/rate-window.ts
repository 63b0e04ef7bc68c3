// The rolling-window arithmetic of the service's limit (100 requests per 60 s per key), pure, and
// the pace a window keeps after the service refused a request (docs/reference.md#one-key). The
// limit belongs to the key, not to a spreadsheet: spreadsheets that share no store (bound scripts,
// other users) learn of each other only through 429 answers. After one, the window lowers its own
// pace (halves it) for a while, spreads its requests over the minute instead of sending them in
// one burst, and raises the pace step by step while answers come back clean. Several spreadsheets
// doing the same settle on shares that fit the key's 100 together.

export interface RateWindowState {
  /** Send times (ms) of the requests in the current window, oldest first. */
  sent: number[];
  /** A 429 told everyone to wait until then (ms). */
  blockedUntil: number;
  /** After a 429: this window's own lowered pace (requests per window) since `cutAt` (ms). */
  pace?: { limit: number; cutAt: number };
}

export const EMPTY_WINDOW: RateWindowState = { sent: [], blockedUntil: 0 };

export interface WindowRule {
  /** Requests allowed in any rolling window (kept a little under the service's 100). */
  limit: number;
  windowMs: number;
}

/** The pace never drops below this many requests a window: a refresh must still progress. */
export const MIN_PACE = 10;
/** 429s within this long of a cut are the same burst: one cut, not several. */
export const CUT_SPACING_MS = 10_000;
/** The lowered pace holds this long after the last 429… */
export const PACE_HOLD_MS = 2 * 60_000;
/** …then rises by this many requests every clean minute, until the rule's limit. */
export const PACE_STEP = 10;
export const PACE_STEP_MS = 60_000;
/**
 * Spread requests: no more than the pace's share of any SPREAD_MS (2 s of 60 s: 3 of 80, 2 of
 * 40), so a window that is paced, or a scheduled refresh, never sends its whole minute at once.
 */
export const SPREAD_MS = 2_000;

export function prune(state: RateWindowState, now: number, rule: WindowRule): RateWindowState {
  const from = now - rule.windowMs;
  return { ...state, sent: state.sent.filter((t) => t > from) };
}

/** The window's pace now: the rule's limit, or lower for a while after a 429. */
export function paceLimit(state: RateWindowState, now: number, rule: WindowRule): number {
  const pace = state.pace;
  if (!pace) return rule.limit;
  const clean = now - pace.cutAt - PACE_HOLD_MS;
  const steps = clean > 0 ? Math.floor(clean / PACE_STEP_MS) + 1 : 0;
  return Math.min(rule.limit, pace.limit + steps * PACE_STEP);
}

/** Whether the pace is still below the rule's limit (so requests are spread). */
export function isPaced(state: RateWindowState, now: number, rule: WindowRule): boolean {
  return paceLimit(state, now, rule) < rule.limit;
}

/** A 429: the pace halves (once per burst of refusals), never below MIN_PACE. */
export function cutPace(state: RateWindowState, now: number, rule: WindowRule): RateWindowState {
  if (state.pace && now - state.pace.cutAt < CUT_SPACING_MS) return state;
  const limit = Math.max(MIN_PACE, Math.floor(paceLimit(state, now, rule) / 2));
  return { ...state, pace: { limit, cutAt: now } };
}

/** The state without a pace that has risen back to the limit (it stays bounded and small). */
function settle(state: RateWindowState, now: number, rule: WindowRule): RateWindowState {
  if (!state.pace || isPaced(state, now, rule)) return state;
  const { pace: _done, ...rest } = state;
  return rest;
}

/**
 * How many requests may start now under `ceiling` (≤ limit), and when the next one could. A
 * lowered pace scales the ceiling down in proportion (a refresh keeps leaving room for people);
 * `spread` (or a lowered pace) also caps any SPREAD_MS at its share.
 */
export function available(
  state: RateWindowState,
  now: number,
  rule: WindowRule,
  ceiling: number,
  spread = false,
): { free: number; nextAt: number } {
  if (state.blockedUntil > now) return { free: 0, nextAt: state.blockedUntil };
  const current = prune(state, now, rule).sent;
  const pace = paceLimit(state, now, rule);
  const cap = Math.max(1, Math.floor((Math.min(ceiling, rule.limit) * pace) / rule.limit));
  const free = Math.max(0, cap - current.length);
  // The slot that frees first is the one sent (length - cap + 1)-th from the start.
  const windowNext = free > 0 ? now : (current[current.length - cap] ?? now) + rule.windowMs + 1;
  if (!spread && pace >= rule.limit) return { free, nextAt: windowNext };
  const share = Math.max(1, Math.ceil((cap * SPREAD_MS) / rule.windowMs));
  const recent = current.filter((t) => t > now - SPREAD_MS);
  const spreadFree = Math.max(0, share - recent.length);
  const spreadNext = spreadFree > 0 ? now : (recent[recent.length - share] ?? now) + SPREAD_MS + 1;
  return { free: Math.min(free, spreadFree), nextAt: Math.max(windowNext, spreadNext) };
}

export function record(
  state: RateWindowState,
  now: number,
  count: number,
  rule: WindowRule,
): RateWindowState {
  const pruned = settle(prune(state, now, rule), now, rule);
  return { ...pruned, sent: [...pruned.sent, ...Array.from({ length: count }, () => now)] };
}

export function block(state: RateWindowState, until: number): RateWindowState {
  return { ...state, blockedUntil: Math.max(state.blockedUntil, until) };
}
