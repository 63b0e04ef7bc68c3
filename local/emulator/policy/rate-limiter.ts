// Rolling-window rate limit per key: a request is allowed when fewer than `limit` requests were
// allowed in the last `windowMs`. Rejected requests do not take a slot (the real service counts
// what it serves), so a client that waits for Retry-After always gets through.

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export type Admission = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(readonly config: RateLimit) {}

  admit(key: string, now: number): Admission {
    const { limit, windowMs } = this.config;
    const times = this.hits.get(key) ?? [];
    // Drop what left the window; times are in ascending order.
    let start = 0;
    while (start < times.length && (times[start] ?? 0) <= now - windowMs) start++;
    const live = start > 0 ? times.slice(start) : times;
    this.hits.set(key, live);
    if (live.length >= limit) {
      const oldest = live[live.length - limit] ?? now;
      const waitMs = oldest + windowMs - now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    live.push(now);
    return { ok: true, remaining: limit - live.length };
  }

  reset(): void {
    this.hits.clear();
  }
}
