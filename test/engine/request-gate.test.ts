import { SharedRequestGate, SERVICE_RULE } from '../../src/engine/request-gate';
import { available, record, EMPTY_WINDOW } from '../../src/engine/rate-window';
import { MemoryCache, MemoryLock, TestClock } from '../helpers/memory-ports';

const rule = { limit: 5, windowMs: 60_000 };

describe('rolling window', () => {
  it('frees a slot exactly one window after the oldest request', () => {
    let s = EMPTY_WINDOW;
    s = record(s, 1_000, 3, rule);
    s = record(s, 20_000, 2, rule);
    expect(available(s, 20_000, rule, 5)).toEqual({ free: 0, nextAt: 61_001 });
    expect(available(s, 61_001, rule, 5).free).toBe(3);
    expect(available(s, 80_001, rule, 5).free).toBe(5);
  });

  it('honours a lower ceiling for the scheduled refresh', () => {
    const s = record(EMPTY_WINDOW, 0, 3, rule);
    expect(available(s, 0, rule, 4).free).toBe(1);
    expect(available(s, 0, rule, 3)).toEqual({ free: 0, nextAt: 60_001 });
  });
});

describe('shared gate', () => {
  function setup() {
    const clock = new TestClock(0);
    const cache = new MemoryCache(clock);
    const lock = new MemoryLock(clock);
    return { clock, cache, lock };
  }

  it('shares one window across executions and waits within the allowed time', () => {
    const { clock, cache, lock } = setup();
    const a = new SharedRequestGate(cache, lock, clock, 5, rule);
    const b = new SharedRequestGate(cache, lock, clock, 5, rule);
    expect(a.acquire(3, 0)).toBe(3);
    expect(b.acquire(4, 0)).toBe(2);
    expect(b.acquire(1, 1_000)).toBe(0); // next slot is a minute away
    expect(clock.now()).toBe(0);
    expect(b.acquire(1, 70_000)).toBe(1); // waits for it
    expect(clock.now()).toBe(60_001);
  });

  it('makes everyone back off after a 429', () => {
    const { clock, cache, lock } = setup();
    const a = new SharedRequestGate(cache, lock, clock, 5, rule);
    a.blockUntil(30_000);
    const b = new SharedRequestGate(cache, lock, clock, 5, rule);
    expect(b.acquire(1, 10_000)).toBe(0);
    expect(b.acquire(1, 40_000)).toBe(1);
    expect(clock.now()).toBe(30_000);
  });

  it('reports busy when another execution holds the lock', () => {
    const { clock, cache, lock } = setup();
    lock.heldByOther = true;
    expect(() => new SharedRequestGate(cache, lock, clock).acquire(1, 0)).toThrow(
      /Try again in a few seconds/,
    );
  });

  it('never grants more than the service rule in any rolling minute', () => {
    const { clock, cache, lock } = setup();
    const sent: number[] = [];
    for (let i = 0; i < 40; i++) {
      const gate = new SharedRequestGate(cache, lock, clock);
      const n = gate.acquire(17, 5_000);
      for (let k = 0; k < n; k++) sent.push(clock.now());
      clock.sleep(3_000);
    }
    for (const t of sent) {
      expect(sent.filter((x) => x > t - 60_000 && x <= t).length).toBeLessThanOrEqual(
        SERVICE_RULE.limit,
      );
    }
    expect(sent.length).toBeGreaterThan(SERVICE_RULE.limit);
  });
});
