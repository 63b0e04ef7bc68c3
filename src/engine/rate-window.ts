// The rolling-window arithmetic of the service's limit (100 requests per 60 s per key), pure.

export interface RateWindowState {
  /** Send times (ms) of the requests in the current window, oldest first. */
  sent: number[];
  /** A 429 told everyone to wait until then (ms). */
  blockedUntil: number;
}

export const EMPTY_WINDOW: RateWindowState = { sent: [], blockedUntil: 0 };

export interface WindowRule {
  /** Requests allowed in any rolling window (kept a little under the service's 100). */
  limit: number;
  windowMs: number;
}

export function prune(state: RateWindowState, now: number, rule: WindowRule): RateWindowState {
  const from = now - rule.windowMs;
  return { sent: state.sent.filter((t) => t > from), blockedUntil: state.blockedUntil };
}

/** How many requests may start now under `ceiling` (≤ limit), and when the next one could. */
export function available(
  state: RateWindowState,
  now: number,
  rule: WindowRule,
  ceiling: number,
): { free: number; nextAt: number } {
  if (state.blockedUntil > now) return { free: 0, nextAt: state.blockedUntil };
  const current = prune(state, now, rule).sent;
  const cap = Math.min(ceiling, rule.limit);
  const free = Math.max(0, cap - current.length);
  if (free > 0) return { free, nextAt: now };
  // The slot that frees first is the one sent (length - cap + 1)-th from the start.
  const freeing = current[current.length - cap] ?? now;
  return { free: 0, nextAt: freeing + rule.windowMs + 1 };
}

export function record(
  state: RateWindowState,
  now: number,
  count: number,
  rule: WindowRule,
): RateWindowState {
  const pruned = prune(state, now, rule);
  return {
    sent: [...pruned.sent, ...Array.from({ length: count }, () => now)],
    blockedUntil: pruned.blockedUntil,
  };
}

export function block(state: RateWindowState, until: number): RateWindowState {
  return { sent: state.sent, blockedUntil: Math.max(state.blockedUntil, until) };
}
