import { makeRuntime, START, thrown } from './harness';

const CODE = `
function tryIt(ms) {
  var lock = LockService.getDocumentLock();
  var got = lock.tryLock(ms);
  return [got, lock.hasLock()];
}
function waitIt(ms) { LockService.getDocumentLock().waitLock(ms); return 'locked'; }
function holdAndRelease() {
  var lock = LockService.getScriptLock();
  lock.waitLock(1000);
  var before = lock.hasLock();
  lock.releaseLock();
  return [before, lock.hasLock()];
}
`;

const t0 = Date.parse(START);

describe('LockService', () => {
  it('tryLock waits in virtual time for another execution to let go', () => {
    const { rt, clock } = makeRuntime(CODE);
    rt.holdLock('document', t0 + 3000);
    expect(rt.run('tryIt', [5000])).toEqual([true, true]);
    expect(clock.now()).toBe(t0 + 3000);
    expect(rt.lastExecution?.elapsedMs).toBe(3000);
  });

  it('tryLock gives up after its timeout and returns false', () => {
    const { rt, clock } = makeRuntime(CODE);
    rt.holdLock('document', t0 + 60_000);
    expect(rt.run('tryIt', [2000])).toEqual([false, false]);
    expect(clock.now()).toBe(t0 + 2000);
  });

  it('waitLock throws the real timeout message', () => {
    const { rt } = makeRuntime(CODE);
    rt.holdLock('document', t0 + 60_000);
    expect(thrown(() => rt.run('waitIt', [1000]))).toBe(
      'Lock timeout: another process was holding the lock for too long.',
    );
  });

  it('releases locks when an execution ends, and on releaseLock', () => {
    const { rt, clock } = makeRuntime(CODE);
    expect(rt.run('tryIt', [0])).toEqual([true, true]);
    expect(rt.locks.isHeld('document', clock.now())).toBe(false);
    expect(rt.run('tryIt', [0])).toEqual([true, true]);
    expect(rt.run('holdAndRelease')).toEqual([true, false]);
    expect(rt.counters.snapshot().calls.Lock).toMatchObject({
      'Lock.tryLock': 2,
      'Lock.waitLock': 1,
    });
  });
});
