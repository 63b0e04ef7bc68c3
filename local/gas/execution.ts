// One Apps Script execution: its kind, its virtual start time and time limit, and its own
// counters (mirrored into the runtime's totals). It is the gate every script call goes through.

import type { Clock } from '../clock';
import { requiredPermissions, type UserConsent } from './consent';
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
  /** The account it ran as. */
  user: string;
  /**
   * ScriptApp.requireScopes/requireAllScopes ended it for these missing scopes; `shown`: a user
   * was there to see Google's consent prompt (menu, sidebar), not a trigger or a web app.
   */
  consentPrompt?: ConsentPrompt;
}

export interface ConsentPrompt {
  scopes: string[];
  shown: boolean;
}

/**
 * What Apps Script says when an execution needs authorization it does not have: the text of the
 * failure emails of time-driven triggers (webdigi/GmailScheduler#43) and of sidebar calls
 * (alexwforsythe/code-blocks#78, #104).
 */
export const AUTHORIZATION_REQUIRED = 'Authorization is required to perform that action.';

/** Kinds of execution with a person at the editor, who would see a consent prompt. */
const INTERACTIVE: ReadonlySet<ExecutionKind> = new Set(['menu', 'sidebar']);

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
  /** What ScriptApp.getInstallationSource() answers in this execution. */
  installationSource = 'NONE';
  /** The user's grants in this project (consent.ts); undefined: every scope granted. */
  consent: UserConsent | undefined;
  /** Set when requireScopes ended the execution: every later call fails, and so does the run. */
  #ended: ConsentPrompt | undefined;

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
    if (this.#ended) fail(AUTHORIZATION_REQUIRED);
    if (this.elapsedMs() > this.limitMs) fail(MESSAGES.exceededTime);
    const rule = ruleOf(descriptor, method);
    checkCall(this.kind, this.authMode, rule.scope, descriptor.label, method);
    if (rule.oauth) this.#checkConsent(rule.oauth, `${descriptor.label}.${method}`);
    if (rule.service) {
      const key = `${descriptor.label}.${method}`;
      this.counters.count(rule.service, key);
      this.totals.count(rule.service, key);
    }
  }

  /**
   * A method needing one of `anyOf` fails unless the user granted one of them (consent.ts).
   * Custom functions and simple triggers short of FULL run without the user's authorization.
   */
  #checkConsent(anyOf: readonly string[], qualified: string): void {
    if (!this.consent || this.kind === 'custom-function' || this.authMode !== 'FULL') return;
    const missing = this.consent.missingFor(anyOf);
    if (missing) fail(MESSAGES.permissionWithScope(qualified, requiredPermissions(missing)));
  }

  /**
   * requireScopes/requireAllScopes with scopes missing: "this method ends the current execution
   * and renders an authorization prompt to request the missing consents" (ScriptApp reference).
   * Ending is modelled as a failure the script cannot get past: every later service call fails
   * too, and the run fails even if the script caught the error.
   */
  endForConsent(missing: string[]): never {
    this.#ended = { scopes: missing, shown: INTERACTIVE.has(this.kind) };
    fail(AUTHORIZATION_REQUIRED);
  }

  get consentPrompt(): ConsentPrompt | undefined {
    return this.#ended;
  }

  /** The record of the finished execution; an execution requireScopes ended failed. */
  record(
    functionName: string,
    outcome: { elapsedMs: number; exceeded: boolean; error?: string },
  ): ExecutionRecord {
    const error = outcome.error ?? (this.#ended ? AUTHORIZATION_REQUIRED : undefined);
    return {
      id: this.id,
      functionName,
      kind: this.kind,
      authMode: this.authMode,
      startedAt: this.startedAt,
      elapsedMs: outcome.elapsedMs,
      limitMs: this.limitMs,
      exceeded: outcome.exceeded,
      ok: error === undefined,
      ...(error === undefined ? {} : { error }),
      calls: this.counters.snapshot(),
      user: this.user,
      ...(this.#ended ? { consentPrompt: this.#ended } : {}),
    };
  }

  countRequests(n: number): void {
    this.counters.countRequests(n);
    this.totals.countRequests(n);
  }

  get isCustomFunction(): boolean {
    return this.kind === 'custom-function';
  }
}
