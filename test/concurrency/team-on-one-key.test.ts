// A team on one key (docs/reference.md#one-key): the service's 100 requests a minute belong to
// the API key, not to a spreadsheet. Several spreadsheets and users against one emulator key, at
// once (local/gas runConcurrentlyAcross).

import {
  dueTriggerJobsAcross,
  runConcurrentlyAcross,
  type AcrossJob,
  type GasRuntime,
} from '../../local/gas';
import { columnOf, refusals, rowsNotFilled, team } from './team';

const MINUTE = 60_000;
const ANA = 'ana@forwarder.example';
const BO = 'bo@forwarder.example';
const CY = 'cy@forwarder.example';

describe('bound scripts share no store: they share the key through the service’s answers', () => {
  it('three spreadsheets refreshing 2,000 rows each at the same moment all finish within two intervals, with a few 429s each', () => {
    const ROWS = 2_000;
    const users = [ANA, BO, CY];
    const t = team(
      users.map((user, i) => ({
        id: `sheet-${i + 1}`,
        user,
        rows: [i * ROWS, (i + 1) * ROWS],
      })),
      { addOn: false, containers: 3 * ROWS },
    );
    // Each spreadsheet holds its 2,000 boxes of the account and refreshes every 15 minutes.
    t.sheets.forEach((rt, i) => rt.run('enableAutoRefresh', [15], { user: users[i]! }));
    t.clock.advance(15 * MINUTE); // every schedule due at the same moment
    const start = t.clock.now();
    const interval = 15 * MINUTE;
    for (let run = 0; run < 2; run++) {
      const jobs = dueTriggerJobsAcross(t.sheets);
      expect(jobs).toHaveLength(3);
      const outcomes = runConcurrentlyAcross(jobs, { seed: 11 + run });
      expect(outcomes.map((o) => o.error?.message)).toEqual([undefined, undefined, undefined]);
      t.clock.advance(interval - ((t.clock.now() - start) % interval));
    }
    expect(t.sheets.map(rowsNotFilled)).toEqual([0, 0, 0]);
    expect(t.sheets.map((rt) => columnOf(rt, 'Status').length)).toEqual([ROWS, ROWS, ROWS]);
    // The first runs filled every row; each met the service's refusal a few times at most.
    expect(t.sheets.map(refusals).every((n) => n <= 5)).toBe(true);
    expect(t.emulator.requestLog.peakInWindow(MINUTE, (e) => e.status !== 429)).toBeLessThanOrEqual(
      100,
    );
  });
});

describe('the add-on: one user’s spreadsheets on one key share one window', () => {
  it('keeps their cells, refreshes and sidebars within 100 a minute together, without a 429', () => {
    const ROWS = 1_500;
    const specs = [0, 1, 2].map((i) => ({
      id: `ana-${i + 1}`,
      user: ANA,
      rows: [i * ROWS, (i + 1) * ROWS] as [number, number],
    }));
    const t = team(specs, { addOn: true, containers: 3 * ROWS });
    const jobs: AcrossJob[] = t.sheets.flatMap((runtime, i) => [
      { runtime, fn: 'refreshTrackingSheet', kind: 'sidebar', user: ANA },
      { runtime, fn: 'listShippingLines', kind: 'sidebar', user: ANA },
      ...[0, 1, 2, 3, 4, 5].map((k): AcrossJob => ({
        runtime,
        fn: 'CONTAINER_STATUS',
        args: [t.numbers[i * ROWS + 300 + k * 40]!],
        kind: 'custom-function',
        user: ANA,
      })),
    ]);
    const outcomes = runConcurrentlyAcross(jobs, { seed: 4 });
    expect(t.sheets.map(refusals)).toEqual([0, 0, 0]);
    expect(t.emulator.requestLog.peakInWindow(MINUTE)).toBeLessThanOrEqual(95);
    // Nothing failed for want of a slot: what did not fit this minute says it waits for the next.
    for (const o of outcomes)
      expect(o.error?.message ?? '').not.toMatch(/429|rate limit is reached/);
    // The window is the user's, under a digest of the key and its host: never the key itself.
    const userCache = [...t.sheets[0]!.project.storesOf(ANA).cache.entries];
    const windows = userCache.filter(([k]) => k.startsWith('ct:key:'));
    expect(windows.map(([k]) => k)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^ct:key:[0-9a-f]{32}:rate$/)]),
    );
    expect(JSON.stringify(userCache)).not.toContain(t.emulator.demoKey);
  });

  it('shares nothing with another user on the same key (their own stores, their own window)', () => {
    const t = team(
      [
        { id: 'ana-1', user: ANA, rows: [0, 0] as [number, number] },
        { id: 'bo-1', user: BO, rows: [0, 0] as [number, number] },
      ],
      { addOn: true, containers: 400 },
    );
    const [a, b] = t.sheets as [(typeof t.sheets)[0], (typeof t.sheets)[0]];
    a.run('listShippingLines', [], { user: ANA, kind: 'sidebar' });
    b.run('listShippingLines', [], { user: BO, kind: 'sidebar' });
    const windowOf = (user: string) =>
      [...a.project.storesOf(user).cache.entries].find(([k]) => /^ct:key:.*:rate$/.test(k));
    const anaWindow = windowOf(ANA);
    const boWindow = windowOf(BO);
    expect(anaWindow?.[0]).toBe(boWindow?.[0]); // the same key, the same name…
    expect(anaWindow?.[1].value).not.toBe(boWindow?.[1].value); // …in each user's own cache
  });

  it('an editor’s cells in the owner’s spreadsheet still answer (a cell gets the owner’s user stores)', () => {
    const t = team([{ id: 'ana-1', user: ANA, owner: ANA, rows: [0, 0] as [number, number] }], {
      addOn: true,
      containers: 200,
    });
    const [sheet] = t.sheets;
    const outcomes = runConcurrentlyAcross(
      t.numbers.slice(0, 5).map((n) => ({
        runtime: sheet!,
        fn: 'CONTAINER_STATUS',
        args: [n],
        kind: 'custom-function' as const,
        user: BO,
      })),
      { seed: 2 },
    );
    expect(outcomes.map((o) => o.error?.message)).toEqual(Array(5).fill(undefined));
    expect(outcomes.map((o) => o.value)).toEqual(
      t.numbers.slice(0, 5).map((n) => t.emulator.findContainer(n)!.attributes.current_status),
    );
    // The cells counted in the owner's window of the key (the only user store a cell has).
    const window = [...sheet!.project.storesOf(ANA).cache.entries].find(([k]) =>
      /^ct:key:.*:rate$/.test(k),
    );
    expect(JSON.parse(window![1].value).sent.length).toBeGreaterThan(0);
  });
});

describe('Diagnostics says how the key is shared', () => {
  interface Limits {
    limits: { name: string; left: string }[];
  }
  const serviceLine = (rt: GasRuntime) =>
    rt
      .run<Limits>('getDiagnostics', [], { kind: 'sidebar' })
      .limits.find((l) => l.name === 'Tracking service requests')?.left;

  it('a bound spreadsheet slowed by a 429 says so', () => {
    const t = team([{ id: 'sheet-1', user: ANA, rows: [0, 5] }], { addOn: false, containers: 5 });
    const [rt] = t.sheets;
    // Someone else on the key used it up: the next request is refused once.
    let refused = false;
    const base = t.emulator.handle;
    t.emulator.handle = (req) => {
      if (!refused && req.url.includes('/v2/')) {
        refused = true;
        return {
          status: 429,
          headers: { 'Retry-After': '2', 'Content-Type': 'application/json' },
          body: '{"errors":[{"status":"429"}]}',
        };
      }
      return base(req);
    };
    rt!.run('refreshTrackingSheet', [], { kind: 'sidebar', user: ANA });
    expect(refused).toBe(true);
    expect(serviceLine(rt!)).toMatch(/slowed to 47 a minute after the service refused a request/);
  });

  it('an add-on spreadsheet counts with the user’s others on the key', () => {
    const t = team([{ id: 'ana-1', user: ANA, rows: [0, 5] }], { addOn: true, containers: 5 });
    expect(serviceLine(t.sheets[0]!)).toMatch(
      /of 95 free this minute, counted with your other spreadsheets on this key/,
    );
  });
});
