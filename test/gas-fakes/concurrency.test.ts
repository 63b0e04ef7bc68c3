// runConcurrently: executions in worker threads, interleaved at service calls by a seeded
// scheduler, over the runtime's shared stores and one virtual clock.

import { makeRuntime, START } from './harness';

const MIN = 60_000;
const TOO_MANY = 'There are too many scripts running simultaneously for this Google user account.';
const SEEDS = Array.from({ length: 12 }, (_, i) => i + 1);

const COUNTER = `
function bump(useLock) {
  var lock = LockService.getDocumentLock();
  if (useLock) lock.waitLock(10000);
  var props = PropertiesService.getDocumentProperties();
  var n = Number(props.getProperty('n') || 0);
  props.setProperty('n', String(n + 1));
  if (useLock) lock.releaseLock();
  return n + 1;
}
function steps(name) {
  for (var i = 0; i < 3; i++) console.log(name + i);
  return name;
}
function nap(ms) { Utilities.sleep(ms); return Date.now(); }
function holdThenWrite() {
  var lock = LockService.getScriptLock();
  lock.waitLock(1000);
  Utilities.sleep(5000);
  PropertiesService.getScriptProperties().setProperty('by', 'holder');
  lock.releaseLock();
  return Date.now();
}
function waitFor(ms) {
  var lock = LockService.getScriptLock();
  var got = lock.tryLock(ms);
  return { got: got, at: Date.now(), by: PropertiesService.getScriptProperties().getProperty('by') };
}
function slowWrite() {
  Utilities.sleep(20000);
  Utilities.sleep(20000);
  CacheService.getScriptCache().put('late', 'written');
  return 'finished';
}
function holdForever() {
  LockService.getScriptLock().waitLock(5000);
  Utilities.sleep(300000);
  Utilities.sleep(300000);
}
function waitLater(ms) {
  Utilities.sleep(2500);
  return waitFor(ms);
}
function napTwiceThenWrite(ms) {
  Utilities.sleep(ms);
  Utilities.sleep(ms);
  CacheService.getScriptCache().put('late', 'written');
  return 'finished';
}
function fails() { throw new TypeError('boom'); }
function catchesServiceError() {
  try { CacheService.getScriptCache().put(new Array(300).join('k'), 'v'); return 'no error'; }
  catch (e) { return e.name + ': ' + (e instanceof Error); }
}
function whenIsIt(d) { return { same: d instanceof Date, iso: d.toISOString(), now: new Date() }; }
function template() { return HtmlService.createTemplate('<?= 1 ?>').evaluate().getContent(); }
function ui() { return SpreadsheetApp.getUi() ? 'ui' : 'none'; }
`;

const order = (rt: ReturnType<typeof makeRuntime>['rt']) => rt.logs.map((l) => l.message).join(' ');

describe('runConcurrently', () => {
  it('returns each job its own result, in the jobs order', () => {
    const { rt } = makeRuntime(COUNTER);
    const out = rt.runConcurrently(
      [
        { fn: 'steps', args: ['a'] },
        { fn: 'steps', args: ['b'] },
      ],
      { seed: 1 },
    );
    expect(out.map((o) => o.value)).toEqual(['a', 'b']);
    expect(out.every((o) => o.ok && o.record.ok)).toBe(true);
    expect(rt.executions).toHaveLength(2);
  });

  it('interleaves executions at service calls, reproducibly per seed', () => {
    const traces = SEEDS.map((seed) => {
      const { rt } = makeRuntime(COUNTER);
      rt.runConcurrently(
        [
          { fn: 'steps', args: ['a'] },
          { fn: 'steps', args: ['b'] },
        ],
        { seed },
      );
      return order(rt);
    });
    const sequential = new Set(['a0 a1 a2 b0 b1 b2', 'b0 b1 b2 a0 a1 a2']);
    expect(traces.some((t) => !sequential.has(t))).toBe(true);
    const again = makeRuntime(COUNTER).rt;
    again.runConcurrently(
      [
        { fn: 'steps', args: ['a'] },
        { fn: 'steps', args: ['b'] },
      ],
      { seed: 3 },
    );
    expect(order(again)).toBe(traces[2]);
  });

  it('loses an update to a read-modify-write without a lock under some seed, never with one', () => {
    const run = (seed: number, useLock: boolean) => {
      const { rt } = makeRuntime(COUNTER);
      rt.runConcurrently(
        Array.from({ length: 4 }, () => ({ fn: 'bump', args: [useLock] })),
        { seed },
      );
      return Number(rt.properties.document.map.get('n'));
    };
    expect(SEEDS.map((seed) => run(seed, false)).some((n) => n < 4)).toBe(true);
    expect(SEEDS.map((seed) => run(seed, true))).toEqual(SEEDS.map(() => 4));
  });

  it('makes a waiter block while another execution holds the lock', () => {
    for (const seed of SEEDS) {
      const { rt } = makeRuntime(COUNTER);
      const [holder, waiter] = rt.runConcurrently(
        [{ fn: 'holdThenWrite' }, { fn: 'waitFor', args: [10_000] }],
        { seed },
      );
      const w = waiter!.value as { got: boolean; at: number; by: string | null };
      expect(w.got).toBe(true);
      if (w.by === 'holder')
        expect(w.at).toBe(holder!.value); // waited for the release
      else expect(w.at).toBe(Date.parse(START)); // took it first; the holder waited instead
    }
  });

  it('gives up a tryLock at its timeout, in virtual time', () => {
    let sawTimeout = false;
    for (const seed of SEEDS) {
      const { rt } = makeRuntime(COUNTER);
      const [, waiter] = rt.runConcurrently(
        [{ fn: 'holdThenWrite' }, { fn: 'waitFor', args: [1_000] }],
        { seed },
      );
      const w = waiter!.value as { got: boolean; at: number };
      if (!w.got) {
        sawTimeout = true;
        expect(w.at).toBe(Date.parse(START) + 1_000);
      }
    }
    expect(sawTimeout).toBe(true);
  });

  it('lets sleeps overlap: the clock moves only when every execution waits', () => {
    const { rt, clock } = makeRuntime(COUNTER);
    const out = rt.runConcurrently(
      [
        { fn: 'nap', args: [10_000] },
        { fn: 'nap', args: [4_000] },
        { fn: 'nap', args: [10_000] },
      ],
      { seed: 5 },
    );
    expect(out.map((o) => Number(o.value) - Date.parse(START))).toEqual([10_000, 4_000, 10_000]);
    expect(clock.now() - Date.parse(START)).toBe(10_000);
  });

  it('stops an execution at its time limit: it writes nothing more, and the others go on', () => {
    const { rt, clock } = makeRuntime(COUNTER);
    const [cell, other] = rt.runConcurrently([
      { fn: 'slowWrite', kind: 'custom-function' },
      { fn: 'nap', args: [45_000] },
    ]);
    expect(cell!.error?.message).toBe('Exceeded maximum execution time');
    expect(cell!.record).toMatchObject({ exceeded: true, elapsedMs: 30_000 });
    expect(rt.caches.script.entries.has('late')).toBe(false);
    expect(other!.ok).toBe(true);
    expect(clock.now() - Date.parse(START)).toBe(45_000);
  });

  it('releases the locks of an execution stopped at its limit, and waits out an external holder', () => {
    const { rt } = makeRuntime(COUNTER);
    rt.holdLock('script', Date.parse(START) + 2_000);
    const [holder, waiter] = rt.runConcurrently(
      [
        { fn: 'holdForever', kind: 'custom-function' },
        { fn: 'waitLater', args: [100_000] },
      ],
      { seed: 1 },
    );
    expect(holder!.record.exceeded).toBe(true);
    const w = waiter!.value as { got: boolean; at: number };
    expect(w.got).toBe(true);
    // The holder took the lock when the external hold ended (+2 s) and held it until it was
    // stopped at its 30-second limit; the waiter (asleep until +2.5 s) got it then.
    expect(w.at).toBe(Date.parse(START) + 30_000);
  });

  it('reports script errors by name and message, and hands fakes errors to the script', () => {
    const { rt } = makeRuntime(COUNTER);
    const [failed, caught] = rt.runConcurrently([{ fn: 'fails' }, { fn: 'catchesServiceError' }]);
    expect(failed!.ok).toBe(false);
    expect(failed!.error?.name).toBe('TypeError');
    expect(failed!.error?.message).toBe('boom');
    expect(failed!.record.error).toBe('boom');
    expect(caught!.value).toBe('Exception: true');
  });

  it('carries Dates both ways as Dates of the script realm and of Node', () => {
    const { rt } = makeRuntime(COUNTER);
    const [out] = rt.runConcurrently([{ fn: 'whenIsIt', args: [new Date(START)] }]);
    const v = out!.value as { same: boolean; iso: string; now: Date };
    expect(v.same).toBe(true);
    expect(v.iso).toBe(new Date(START).toISOString());
    expect(v.now).toBeInstanceOf(Date);
    expect(v.now.getTime()).toBe(Date.parse(START));
  });

  it('applies each execution kind its own permissions', () => {
    const { rt } = makeRuntime(COUNTER);
    const [cell, menu] = rt.runConcurrently([
      { fn: 'ui', kind: 'custom-function' },
      { fn: 'ui', kind: 'menu' },
    ]);
    expect(cell!.ok).toBe(false);
    expect(menu!.value).toBe('ui');
  });

  it('says HtmlService templates cannot be evaluated concurrently', () => {
    const { rt } = makeRuntime(COUNTER);
    const [out] = rt.runConcurrently([{ fn: 'template' }]);
    expect(out!.error?.message).toMatch(/templates are not supported in concurrent executions/);
    expect(rt.run('template')).toBe('1');
  });

  it('refuses the 31st simultaneous execution of a user at once, as Apps Script does', () => {
    const { rt } = makeRuntime(COUNTER);
    const cells = Array.from({ length: 30 }, () => ({
      fn: 'nap',
      args: [1_000],
      kind: 'custom-function' as const,
    }));
    const out = rt.runConcurrently([
      ...cells,
      { fn: 'bump', args: [false], kind: 'sidebar' },
      { fn: 'bump', args: [false], kind: 'trigger', user: 'other@example.com' },
    ]);
    expect(out.slice(0, 30).every((o) => o.ok)).toBe(true);
    const refused = out[30]!;
    expect(refused.ok).toBe(false);
    expect(refused.error?.message).toBe(TOO_MANY);
    expect(refused.record).toMatchObject({ ok: false, elapsedMs: 0, functionName: 'bump' });
    // It ran nothing; another user's execution has its own 30.
    expect(out[31]).toMatchObject({ ok: true, value: 1 });
    expect(rt.properties.document.map.get('n')).toBe('1');
  });

  // Each custom-function cell is its own execution and counts towards the 30; Sheets shows the
  // refusal in the cell rather than waiting (the quotas page: the error "most commonly occurs for
  // custom functions that are called repeatedly in a single spreadsheet"; Stack Overflow
  // 14604334, "How to avoid exec maxSimultaneous limit in Google Spreadsheet", is about cells).
  it('refuses a cell past 30 live executions at once too: it does not wait for a free place', () => {
    const { rt, clock } = makeRuntime(COUNTER);
    const out = rt.runConcurrently(
      Array.from({ length: 4 }, () => ({
        fn: 'nap',
        args: [1_000],
        kind: 'custom-function' as const,
      })),
      { seed: 2, maxConcurrent: 2 },
    );
    expect(out.map((o) => o.ok)).toEqual([true, true, false, false]);
    expect(out[2]!.error?.message).toBe(TOO_MANY);
    expect(out[3]!.record).toMatchObject({ kind: 'custom-function', elapsedMs: 0 });
    // The two that ran overlapped; nothing waited for them.
    expect(clock.now() - Date.parse(START)).toBe(1_000);
  });
});

// "Triggers total runtime: 90 min / day" per user (quotas page), for concurrent executions as for
// sequential ones (local/gas/trigger-runtime.ts).
describe('runConcurrently and the daily trigger time', () => {
  const OWNER = 'user@example.com';
  const used = (rt: ReturnType<typeof makeRuntime>['rt'], now: number) =>
    rt.project.triggerRuntime.usedMs(OWNER, now);

  it("adds a trigger execution's time to its user's daily total, and nothing for other kinds", () => {
    const { rt, clock } = makeRuntime(COUNTER);
    const out = rt.runConcurrently([
      { fn: 'nap', args: [60_000], kind: 'trigger' },
      { fn: 'nap', args: [30_000], kind: 'trigger' },
      { fn: 'nap', args: [45_000], kind: 'sidebar' },
    ]);
    expect(out.every((o) => o.ok)).toBe(true);
    expect(used(rt, clock.now())).toBe(90_000);
  });

  it('fails a trigger execution started with the quota used up at once, as run() does', () => {
    const { rt, clock } = makeRuntime(COUNTER, { quotas: { triggerRuntimeMsPerDay: 2 * MIN } });
    rt.run('nap', [2 * MIN], { kind: 'trigger' });
    const [late, menu] = rt.runConcurrently([
      { fn: 'bump', args: [false], kind: 'trigger' },
      { fn: 'bump', args: [false], kind: 'menu' },
    ]);
    expect(late!.error?.message).toBe('Service using too much computer time for one day');
    expect(late!.record).toMatchObject({ ok: false, elapsedMs: 0, kind: 'trigger' });
    expect(menu).toMatchObject({ ok: true, value: 1 }); // the trigger ran nothing
    expect(used(rt, clock.now())).toBe(2 * MIN);
  });

  it('stops a trigger execution where it crosses the daily limit: it writes nothing more', () => {
    const { rt, clock } = makeRuntime(COUNTER, { quotas: { triggerRuntimeMsPerDay: 3 * MIN } });
    rt.run('nap', [2 * MIN], { kind: 'trigger' });
    const [out] = rt.runConcurrently([
      { fn: 'napTwiceThenWrite', args: [40_000], kind: 'trigger' },
    ]);
    expect(out!.error?.message).toBe('Service using too much computer time for one day');
    expect(out!.record.elapsedMs).toBe(MIN);
    expect(rt.caches.script.entries.has('late')).toBe(false);
    expect(used(rt, clock.now())).toBe(3 * MIN);
  });

  it('spends the time left once between trigger executions running together: both stop when it is gone', () => {
    const { rt, clock } = makeRuntime(COUNTER, { quotas: { triggerRuntimeMsPerDay: 5 * MIN } });
    rt.run('nap', [2 * MIN], { kind: 'trigger' }); // 3 minutes left, two runs of 2 minutes each
    const out = rt.runConcurrently([
      { fn: 'nap', args: [2 * MIN], kind: 'trigger' },
      { fn: 'nap', args: [2 * MIN], kind: 'trigger' },
      { fn: 'nap', args: [2 * MIN], kind: 'trigger', user: 'other@example.com' },
    ]);
    // Together they use the 3 minutes in 90 s each; another user's time is their own.
    expect(out.map((o) => o.error?.message ?? 'ok')).toEqual([
      'Service using too much computer time for one day',
      'Service using too much computer time for one day',
      'ok',
    ]);
    expect(out.slice(0, 2).map((o) => o.record.elapsedMs)).toEqual([90_000, 90_000]);
    expect(used(rt, clock.now())).toBe(5 * MIN);
  });
});
