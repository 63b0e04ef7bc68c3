import {
  GATE_KEY,
  SharedRequestGate,
  SERVICE_RULE,
  type WindowPlace,
} from '../../src/engine/request-gate';
import {
  available,
  record,
  cutPace,
  paceLimit,
  prune,
  CUT_SPACING_MS,
  EMPTY_WINDOW,
  MIN_PACE,
  PACE_HOLD_MS,
  type RateWindowState,
} from '../../src/engine/rate-window';
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

describe('the pace after a 429 (spreadsheets that share no store)', () => {
  const service = { limit: 95, windowMs: 60_000 };

  it('halves once per burst of refusals, holds two minutes, then rises ten a clean minute', () => {
    let s = cutPace(EMPTY_WINDOW, 0, service);
    expect(paceLimit(s, 0, service)).toBe(47);
    s = cutPace(s, 5_000, service); // the same burst: one cut
    expect(paceLimit(s, 5_000, service)).toBe(47);
    s = cutPace(s, 20_000, service); // a later refusal: halved again
    expect(paceLimit(s, 20_000, service)).toBe(23);
    expect(paceLimit(s, 20_000 + PACE_HOLD_MS, service)).toBe(23);
    expect(paceLimit(s, 20_001 + PACE_HOLD_MS, service)).toBe(33);
    expect(paceLimit(s, 20_001 + PACE_HOLD_MS + 60_000, service)).toBe(43);
    expect(paceLimit(s, 20_001 + PACE_HOLD_MS + 10 * 60_000, service)).toBe(95);
    // Back at the limit, the next recorded request forgets the pace.
    const later = 20_001 + PACE_HOLD_MS + 10 * 60_000;
    expect(record(s, later, 1, service).pace).toBeUndefined();
  });

  it('never goes below MIN_PACE', () => {
    let s = EMPTY_WINDOW;
    for (let t = 0; t < 10 * CUT_SPACING_MS; t += CUT_SPACING_MS) s = cutPace(s, t, service);
    expect(paceLimit(s, 10 * CUT_SPACING_MS, service)).toBe(MIN_PACE);
  });

  it('scales every ceiling down with the pace and spreads requests while paced', () => {
    const s = cutPace(EMPTY_WINDOW, 0, service); // pace 47 of 95
    // The refresh's 80 becomes 39; cells' 95 becomes 47; 2 s never hold more than their share.
    expect(available(s, 0, service, 80)).toEqual({ free: 2, nextAt: 0 });
    const sent = record(s, 0, 2, service);
    expect(available(sent, 1_000, service, 80)).toEqual({ free: 0, nextAt: 2_001 });
    expect(available(sent, 2_001, service, 80).free).toBe(2);
    let full = s;
    for (let t = 0; t < 60_000 && available(full, t, service, 80).free > 0; t += 2_001)
      full = record(full, t, available(full, t, service, 80).free, service);
    expect(prune(full, 59_999, service).sent).toHaveLength(39);
  });

  it('spreads a scheduled run’s requests even at full pace', () => {
    expect(available(EMPTY_WINDOW, 0, service, 80, true)).toEqual({ free: 3, nextAt: 0 });
    expect(available(EMPTY_WINDOW, 0, service, 80)).toEqual({ free: 80, nextAt: 0 });
  });

  it('lowers the pace of every window a gate uses when the service refuses', () => {
    const clock = new TestClock(0);
    const cache = new MemoryCache(clock);
    const gate = new SharedRequestGate(cache, new MemoryLock(clock), clock, 80);
    expect(gate.acquire(100, 0)).toBe(80);
    clock.sleep(61_000);
    gate.blockUntil(clock.now() + 5_000);
    const state = JSON.parse(cache.entries.get(GATE_KEY)!.value) as RateWindowState;
    expect(state.pace).toEqual({ limit: 47, cutAt: 61_000 });
    expect(state.blockedUntil).toBe(66_000);
    expect(gate.acquire(100, 10_000)).toBe(2); // after the block, at the paced, spread share
  });
});

describe('the key’s window beside the spreadsheet’s (the add-on)', () => {
  function spreadsheet(clock: TestClock, keyPlace: WindowPlace) {
    const cache = new MemoryCache(clock);
    const lock = new MemoryLock(clock);
    return (ceiling = 95) =>
      new SharedRequestGate(cache, lock, clock, ceiling, SERVICE_RULE, GATE_KEY, {
        keyWindow: () => keyPlace,
      });
  }

  it('lets two spreadsheets of one user on one key take 95 a minute together, not each', () => {
    const clock = new TestClock(0);
    const key: WindowPlace = {
      cache: new MemoryCache(clock),
      lock: new MemoryLock(clock),
      key: 'ct:key:abc:rate',
    };
    const a = spreadsheet(clock, key);
    const b = spreadsheet(clock, key);
    expect(a(80).acquire(60, 0)).toBe(60);
    expect(b(80).acquire(60, 0)).toBe(20); // the refresh's share of the key's window
    expect(b().acquire(60, 0)).toBe(15); // cells keep the rest
    expect(a().acquire(1, 0)).toBe(0);
    expect(a().acquire(1, 61_000)).toBe(1);
    expect(clock.now()).toBe(60_001);
  });

  it('takes a lock shared by both windows once', () => {
    const clock = new TestClock(0);
    const lock = new MemoryLock(clock);
    let taken = 0;
    const counting = {
      tryLock: (ms: number) => (taken++, lock.tryLock(ms)),
      release: () => lock.release(),
    };
    const gate = new SharedRequestGate(
      new MemoryCache(clock),
      counting,
      clock,
      95,
      SERVICE_RULE,
      GATE_KEY,
      { keyWindow: () => ({ cache: new MemoryCache(clock), lock: counting, key: 'k' }) },
    );
    expect(gate.acquire(1, 0)).toBe(1);
    expect(taken).toBe(1);
  });

  it('takes two ports of one Apps Script lock (same scope) once', () => {
    const clock = new TestClock(0);
    const lock = new MemoryLock(clock);
    let taken = 0;
    const port = () => ({
      tryLock: (ms: number) => (taken++, lock.tryLock(ms)),
      release: () => lock.release(),
      scope: 'user' as const,
    });
    const gate = new SharedRequestGate(
      new MemoryCache(clock),
      port(),
      clock,
      95,
      SERVICE_RULE,
      GATE_KEY,
      { keyWindow: () => ({ cache: new MemoryCache(clock), lock: port(), key: 'k' }) },
    );
    expect(gate.acquire(1, 0)).toBe(1);
    expect(taken).toBe(1);
  });
});
