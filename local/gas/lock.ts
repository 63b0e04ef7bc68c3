// LockService. In sequential runs "another execution" holding a lock is simulated with
// LockTable.holdExternally(scope, untilMs); under the concurrent scheduler (local/gas/concurrent)
// another live execution can hold it for real, and a waiter is suspended until it is released.
// tryLock waits in virtual time up to its timeout; waitLock throws the real message when it gives
// up. A lock is released when its execution ends (the Lock reference: "locks are released
// automatically when the script terminates").

import { fail } from './errors';
import type { Execution, ExecutionScheduling } from './execution';
import { registerFake } from './registry';

export type LockScope = 'document' | 'script' | 'user';

let nextTableId = 1;

const TIMEOUT_MESSAGE = 'Lock timeout: another process was holding the lock for too long.';

interface LockState {
  /** Execution id holding it, or null. */
  owner: number | null;
  /** Virtual time until which a simulated other execution holds it. */
  externalUntil: number;
}

/**
 * The locks of one store: a spreadsheet's document lock (GasRuntime.locks), a project's script
 * lock and its first user's user lock (GasProject.locks), another user's user lock.
 */
export class LockTable {
  private readonly states = new Map<LockScope, LockState>();
  readonly #id = nextTableId++;

  /** The scheduler event this table's lock release signals (waiters on it retry). */
  releasedEvent(scope: LockScope): string {
    return `lock:${this.#id}:${scope}`;
  }

  state(scope: LockScope): LockState {
    let s = this.states.get(scope);
    if (!s) this.states.set(scope, (s = { owner: null, externalUntil: 0 }));
    return s;
  }

  holdExternally(scope: LockScope, untilMs: number): void {
    this.state(scope).externalUntil = untilMs;
  }

  /** Releases what the execution held; returns the scopes it held. */
  releaseAll(executionId: number): LockScope[] {
    const released: LockScope[] = [];
    for (const [scope, s] of this.states) {
      if (s.owner === executionId) {
        s.owner = null;
        released.push(scope);
      }
    }
    return released;
  }

  isHeld(scope: LockScope, now: number): boolean {
    const s = this.state(scope);
    return s.owner !== null || s.externalUntil > now;
  }
}

export class FakeLock implements GoogleAppsScript.Lock.Lock {
  private acquired = false;
  /** Concurrent runs: when the pending tryLock call gives up (kept across its retries). */
  #waitDeadline: number | undefined;

  constructor(
    private readonly table: LockTable,
    private readonly scope: LockScope,
    private readonly exec: Execution,
  ) {}

  tryLock(timeoutInMillis: number): boolean {
    const s = this.table.state(this.scope);
    if (s.owner === this.exec.id) return (this.acquired = true);
    // A negative timeout gives up at once, even on a free lock (waitLock then throws the timeout
    // message). Source: gas-fakes test/testlock.js "Lock timeout failures" (tryLock(-100) is
    // false, waitLock(-100) throws /Lock timeout/), written to pass on Apps Script too.
    if (Number(timeoutInMillis) < 0) return false;
    const now = this.exec.now();
    const scheduling = this.exec.scheduling;
    if (scheduling) return this.#tryLockConcurrently(s, now, timeoutInMillis, scheduling);
    // Sequential runs: only a simulated external holder can be in the way (an owner left by an
    // earlier execution was released when it ended).
    const waitMs = Math.max(0, s.externalUntil - now);
    if (waitMs > Math.max(0, timeoutInMillis)) {
      this.exec.advance(Math.max(0, timeoutInMillis));
      return false;
    }
    this.exec.advance(waitMs);
    s.owner = this.exec.id;
    return (this.acquired = true);
  }

  /** Takes the lock if free; otherwise suspends the call until a release or the deadline. */
  #tryLockConcurrently(
    s: LockState,
    now: number,
    timeoutInMillis: number,
    scheduling: ExecutionScheduling,
  ): boolean {
    const deadline = (this.#waitDeadline ??= now + Math.max(0, timeoutInMillis));
    if (s.owner === null && s.externalUntil <= now) {
      this.#waitDeadline = undefined;
      s.owner = this.exec.id;
      return (this.acquired = true);
    }
    if (now >= deadline) {
      this.#waitDeadline = undefined;
      return false;
    }
    const externalEnd = s.owner === null ? s.externalUntil : Infinity;
    return scheduling.suspend(
      Math.min(deadline, externalEnd),
      this.table.releasedEvent(this.scope),
    );
  }

  waitLock(timeoutInMillis: number): void {
    if (!this.tryLock(timeoutInMillis)) fail(TIMEOUT_MESSAGE);
  }

  releaseLock(): void {
    const s = this.table.state(this.scope);
    if (this.acquired && s.owner === this.exec.id) {
      s.owner = null;
      this.exec.scheduling?.signal(this.table.releasedEvent(this.scope));
    }
    this.acquired = false;
  }

  hasLock(): boolean {
    return this.acquired && this.table.state(this.scope).owner === this.exec.id;
  }
}

export class FakeLockService {
  /** `tableFor('document')` is null outside a document: getDocumentLock() then returns null. */
  constructor(
    private readonly tableFor: (scope: LockScope) => LockTable | null,
    private readonly exec: Execution,
  ) {}

  #lock(scope: LockScope): FakeLock | null {
    const table = this.tableFor(scope);
    return table ? new FakeLock(table, scope, this.exec) : null;
  }

  getDocumentLock(): FakeLock | null {
    return this.#lock('document');
  }

  getScriptLock(): FakeLock {
    return this.#lock('script')!;
  }

  /** "Gets a lock that prevents concurrent access to a section of code by the current user"
   * (LockService reference): each user of the project has their own. */
  getUserLock(): FakeLock {
    return this.#lock('user')!;
  }
}

registerFake(FakeLock, { label: 'Lock', service: 'Lock', scope: 'storage' });
registerFake(FakeLockService, { label: 'LockService', service: 'Lock', scope: 'storage' });
