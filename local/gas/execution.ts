// One Apps Script execution: its kind, its virtual start time and time limit, and its own
// counters (mirrored into the runtime's totals). It is the gate every script call goes through.

import type { Clock } from '../clock';
import { Counters, type CounterSnapshot } from './counters';
import { fail, MESSAGES } from './errors';
import { checkCall, timeLimitMs, type AuthModeName, type ExecutionKind } from './policy';
import type { CallGate } from './realm';
import { ruleOf, type FakeDescriptor } from './registry';

export type RuntimeClock = Clock & { advance?(ms: number): void };

export interface ExecutionRecord {
  id: number;
  functionName: string;
  kind: ExecutionKind;
  authMode: AuthModeName;
  startedAt: number;
  elapsedMs: number;
  limitMs: number;
  /** Virtual time ran past the limit: Apps Script would have killed the execution. */
  exceeded: boolean;
  ok: boolean;
  error?: string;
  calls: CounterSnapshot;
}

/**
 * How waits behave when executions run concurrently (local/gas/concurrent): the scheduler owns
 * virtual time, so a wait does not move the shared clock itself.
 */
export interface ExecutionScheduling {
  /** The current call's answer is held back `ms` of virtual time (sleep, HTTP latency). */
  delay(ms: number): void;
  /**
   * Ends the current call without an answer: the scheduler calls it again when `event` is
   * signalled (e.g. a lock released) or at the virtual time `untilMs`, whichever comes first.
   */
  suspend(untilMs: number, event: string): never;
  /** Wakes the calls suspended on `event`. */
  signal(event: string): void;
}

let nextId = 1;

export class Execution implements CallGate {
  readonly id = nextId++;
  readonly counters = new Counters();
  readonly startedAt: number;
  readonly limitMs: number;
  /** Set by the concurrent scheduler; sequential runs leave it undefined. */
  scheduling: ExecutionScheduling | undefined;
  /**
   * The account the execution runs as (its effective user): the person at the sidebar or menu,
   * a trigger's owner, a web app's deployer ("Execute as: me"). Its quotas and user stores are
   * that account's. Set by the runtime before the script runs.
   */
  user = '';

  constructor(
    readonly functionName: string,
    readonly kind: ExecutionKind,
    readonly authMode: AuthModeName,
    readonly clock: RuntimeClock,
    private readonly totals: Counters,
  ) {
    this.startedAt = clock.now();
    this.limitMs = timeLimitMs(kind);
  }

  now(): number {
    return this.clock.now();
  }

  elapsedMs(): number {
    return this.clock.now() - this.startedAt;
  }

  /** Moves virtual time (sleep, lock waits, injected HTTP delays). A clock that cannot move is real time. */
  advance(ms: number): void {
    if (ms <= 0) return;
    if (this.scheduling) this.scheduling.delay(ms);
    else this.clock.advance?.(ms);
  }

  enter(descriptor: FakeDescriptor, method: string): void {
    if (this.elapsedMs() > this.limitMs) fail(MESSAGES.exceededTime);
    const rule = ruleOf(descriptor, method);
    checkCall(this.kind, this.authMode, rule.scope, descriptor.label, method);
    if (rule.service) {
      const key = `${descriptor.label}.${method}`;
      this.counters.count(rule.service, key);
      this.totals.count(rule.service, key);
    }
  }

  countRequests(n: number): void {
    this.counters.countRequests(n);
    this.totals.countRequests(n);
  }

  get isCustomFunction(): boolean {
    return this.kind === 'custom-function';
  }
}
