// runConcurrently: several Apps Script executions at once over one runtime's shared stores,
// interleaved at service calls by a seeded scheduler. runConcurrentlyAcross: the same over
// several runtimes at once (separate bound projects, an add-on in several users' spreadsheets),
// each job naming its runtime, all on one virtual clock (they must share it: the emulator's
// ManualClock), so that spreadsheets on one API key meet in its rate window.
//
// Each execution runs the bundle in a worker thread (worker-main.ts); every service call is a
// synchronous message to this thread, which owns the fakes and the stores. Exactly one execution
// runs at any moment: the scheduler answers one pending call, lets that worker run to its next
// call (or its end), then picks the next execution among the ready ones with a seeded PRNG. So a
// run is reproducible from its seed, and the interleavings are real: any service call of one
// execution can come between any two of another's.
//
// Virtual time (discrete-event): script code between calls takes no time. A wait (Utilities.sleep,
// an HTTP delay, a lock held by another execution) does not move the shared clock; it parks the
// execution until a virtual time, and while any execution can still run, the others keep running
// at the current time. Only when every live execution is parked does the clock jump to the
// earliest wake-up. A lock waiter also wakes when the lock is released; it then retries, and the
// seeded choice decides which of several waiters gets the lock. An execution still live at its
// time limit is stopped there, as Apps Script does: it runs no more code and writes nothing more
// (sequential run() only marks an overrun afterwards).
//
// Simultaneous executions: Apps Script allows 30 per user (quotas page: "Simultaneous executions
// per user: 30"), and the one past it is refused, not queued. The quotas page's "Exception
// messages" give its text: "There are too many scripts running simultaneously for this Google user
// account. This indicates that you have too many scripts executing at once, although not
// necessarily the same script. ... this most commonly occurs for custom functions that are called
// repeatedly in a single spreadsheet." So a menu, sidebar, trigger, web-app or custom-function job
// that finds `maxConcurrent` (default 30) executions of its user live fails without running a
// line. A custom-function cell is no exception: each cell is its own execution and Sheets shows
// the refusal in the cell (the same page; dropseed/google-sheets-us-states#5 and Stack Overflow
// 14604334 report it in cells). No Google page says Sheets queues them. The count is per user
// across every runtime of the run ("not necessarily the same script", above).
//
// Daily trigger time: a 'trigger' execution adds its elapsed virtual time to its user's total
// (project.triggerRuntime), fails at once when that user's quota is already used, and is stopped
// where it crosses the limit, as sequential run() does (trigger-runtime.ts). Trigger executions
// of one user running at once share what is left: they all stop when together they used it.
// Runtimes whose projects share one GoogleAccounts (accounts.ts) share each user's trigger time.

import { GasException, MESSAGES } from '../errors';
import {
  AUTHORIZATION_REQUIRED,
  type Execution,
  type ExecutionRecord,
  type ExecutionScheduling,
} from '../execution';
import { createServices } from '../globals';
import { consoleMembers } from '../logging';
import type { AuthModeName, ExecutionKind } from '../policy';
import type { RuntimeHost } from '../runtime-host';
import type { InstallationSourceName } from '../script-app';
import { startExecution } from '../start-execution';
import { notDeployedAnswer } from '../web-app';
import { TOO_MUCH_COMPUTER_TIME, type TriggerRuntimeQuota } from '../trigger-runtime';
import { HandleTable, wireError } from './handles';
import { seededRandom } from './prng';
import type { FromWorker, WireError } from './protocol';
import { WorkerPool, type WorkerSlot } from './worker-pool';

export interface ConcurrentJob {
  fn: string;
  args?: unknown[];
  kind?: ExecutionKind;
  authMode?: AuthModeName;
  /** As RunOptions.activeDocument: an add-on's trigger runs without one by default. */
  activeDocument?: boolean;
  /** As RunOptions.user: the account it runs as (default: the runtime's user). */
  user?: string;
  /** As RunOptions.installationSource: what ScriptApp.getInstallationSource() answers. */
  installationSource?: InstallationSourceName;
}

/** A job of runConcurrentlyAcross: the runtime (spreadsheet and project) it runs in. */
export interface AcrossJob extends ConcurrentJob {
  runtime: RuntimeHost;
}

export const TOO_MANY_SIMULTANEOUS =
  'There are too many scripts running simultaneously for this Google user account.';

/** /exec with no deployment runs nothing: Apps Script's page for it (web-app.ts notDeployedAnswer). */
const NOT_DEPLOYED = notDeployedAnswer().content;

export interface ConcurrentOptions {
  /** Seeds the scheduler's choices: the same seed gives the same interleaving. */
  seed?: number;
  /** Simultaneous executions per user (Apps Script: 30); one past it is refused, cells too. */
  maxConcurrent?: number;
}

export interface ConcurrentOutcome {
  ok: boolean;
  value?: unknown;
  error?: Error;
  record: ExecutionRecord;
}

/** Thrown by a fake (through ExecutionScheduling.suspend) to park the current call. */
class Suspension {
  constructor(
    readonly until: number,
    readonly event: string,
  ) {}
}

type CallMessage = Extract<FromWorker, { type: 'call' }>;
type Reply = { value?: unknown; error?: WireError };

type Phase =
  | { is: 'unstarted' }
  | { is: 'calling'; call: CallMessage }
  | { is: 'delayed'; until: number; reply: Reply }
  | { is: 'suspended'; until: number; event: string; woken: boolean; call: CallMessage }
  | { is: 'done' };

interface Live {
  index: number;
  job: ConcurrentJob;
  rt: RuntimeHost;
  kind: ExecutionKind;
  authMode: AuthModeName;
  exec: Execution;
  phase: Phase;
  slot?: WorkerSlot;
  table?: HandleTable;
  delayMs: number;
}

const NO_TEMPLATES = (): never => {
  throw new GasException('HtmlService templates are not supported in concurrent executions.');
};

/** Several executions of one runtime at once (see runConcurrentlyAcross). */
export function runConcurrently(
  rt: RuntimeHost,
  jobs: ConcurrentJob[],
  options: ConcurrentOptions = {},
): ConcurrentOutcome[] {
  return runConcurrentlyAcross(
    jobs.map((job) => ({ ...job, runtime: rt })),
    options,
  );
}

/** The clock every runtime of the run shares; it must be one that can advance. */
function sharedClock(jobs: AcrossJob[]) {
  const clock = jobs[0]?.runtime.clock;
  if (clock && jobs.some((job) => job.runtime.clock !== clock)) {
    throw new Error(
      'runConcurrentlyAcross: every runtime must share one clock (e.g. the emulator’s ManualClock)',
    );
  }
  const advance = clock?.advance?.bind(clock);
  if (jobs.length > 0 && !advance) {
    throw new Error('runConcurrently needs a clock that can advance (ManualClock)');
  }
  return { now: () => clock?.now() ?? 0, advance: advance ?? (() => undefined) };
}

/**
 * Runs jobs of several runtimes at once: each job runs in its own runtime (spreadsheet, stores,
 * project), interleaved with the others by one seeded scheduler on the clock they share. One
 * outcome per job, in the jobs' order.
 */
export function runConcurrentlyAcross(
  jobs: AcrossJob[],
  options: ConcurrentOptions = {},
): ConcurrentOutcome[] {
  const clock = sharedClock(jobs);
  const random = seededRandom(options.seed ?? 1);
  const maxConcurrent = Math.max(1, options.maxConcurrent ?? 30);
  // One pool per program: runtimes of one bundle share workers. A web-app execution runs its
  // runtime's deployed version, not the head (see postToWebApp).
  const pools = new Map<string, WorkerPool>();
  const poolFor = ({ code, filename }: { code: string; filename: string }): WorkerPool => {
    const key = `${filename}\n${code}`;
    let pool = pools.get(key);
    if (!pool) pools.set(key, (pool = new WorkerPool(code, filename)));
    return pool;
  };
  const sourceOf = (rt: RuntimeHost, kind: ExecutionKind) =>
    kind === 'web-app' ? rt.deployedSource : rt.bundleSource;
  const poolOf = (x: Live): WorkerPool => poolFor(sourceOf(x.rt, x.kind)!);
  const outcomes: ConcurrentOutcome[] = [];
  const live: Live[] = [];

  const liveOf = (user: string) => live.filter((x) => x.exec.user === user).length;

  /**
   * When `user` runs out of trigger time, as seen at `now`: what the finished runs left is spent
   * by every trigger execution of that user now live on the same accounts (accounts.ts), each at
   * virtual time's rate, so k of them use it k times as fast: recorded + Σ (T − start) = limit.
   */
  const triggerTimeEndOf = (quota: TriggerRuntimeQuota, user: string, now: number): number => {
    const starts = live
      .filter(
        (y) =>
          y.kind === 'trigger' && y.exec.user === user && y.rt.project.triggerRuntime === quota,
      )
      .map((y) => y.exec.startedAt);
    const left = quota.remainingMs(user, now);
    if (starts.length === 0) return now + left;
    return (left + starts.reduce((a, b) => a + b, 0)) / starts.length;
  };

  /** Starts the jobs in order; one past its user's simultaneous executions is refused. */
  const admit = () => {
    jobs.forEach((job, index) => {
      const rt = job.runtime;
      const exec = startExecution(rt, job.fn, job);
      const { kind, authMode } = exec;
      const refused =
        liveOf(exec.user) >= maxConcurrent
          ? TOO_MANY_SIMULTANEOUS
          : kind === 'web-app' && !rt.deployedSource
            ? NOT_DEPLOYED
            : kind === 'trigger' &&
                triggerTimeEndOf(rt.project.triggerRuntime, exec.user, exec.startedAt) <=
                  exec.startedAt
              ? TOO_MUCH_COMPUTER_TIME
              : null;
      if (refused) return refuse(index, rt, exec, refused);
      const x: Live = {
        index,
        job,
        rt,
        kind,
        authMode,
        exec,
        phase: { is: 'unstarted' },
        delayMs: 0,
      };
      exec.scheduling = schedulingOf(x);
      live.push(x);
    });
  };

  /** An execution Apps Script refused to start: it ran nothing and took no time. */
  const refuse = (index: number, rt: RuntimeHost, exec: Execution, message: string): void => {
    const error = new Error(message);
    error.name = 'Exception';
    const record = exec.record(exec.functionName, {
      elapsedMs: 0,
      exceeded: false,
      error: message,
    });
    rt.executions.push(record);
    rt.lastExecution = record;
    outcomes[index] = { ok: false, error, record };
  };

  const schedulingOf = (x: Live): ExecutionScheduling => ({
    delay: (ms) => {
      x.delayMs += ms;
    },
    suspend: (until, event) => {
      throw new Suspension(until, event);
    },
    signal: (event) => {
      for (const y of live) {
        if (y.phase.is === 'suspended' && y.phase.event === event) y.phase.woken = true;
      }
    },
  });

  /**
   * When Apps Script kills the execution: at its time limit (30 s for custom functions, 6 min
   * otherwise), or earlier for a trigger execution that uses up its user's daily trigger time.
   */
  const deadlineOf = (x: Live): number =>
    Math.min(x.exec.startedAt + x.exec.limitMs, quotaEndOf(x));

  /** When a trigger execution's user runs out of trigger time (Infinity for other kinds). */
  const quotaEndOf = (x: Live): number =>
    x.kind === 'trigger'
      ? triggerTimeEndOf(x.rt.project.triggerRuntime, x.exec.user, clock.now())
      : Infinity;

  /** The virtual time a parked execution next needs the scheduler (its wake-up or its death). */
  const wakeAt = (x: Live): number =>
    x.phase.is === 'delayed' || x.phase.is === 'suspended'
      ? Math.min(x.phase.until, deadlineOf(x))
      : Infinity;

  const isReady = (x: Live, now: number): boolean =>
    x.phase.is === 'unstarted' ||
    x.phase.is === 'calling' ||
    (x.phase.is === 'suspended' && x.phase.woken) ||
    wakeAt(x) <= now;

  /** Lets the execution's worker run to its next call or its end. */
  const resume = (x: Live): void => {
    const message = x.slot!.next();
    if (message.type === 'call') x.phase = { is: 'calling', call: message };
    else finish(x, message);
  };

  const deliver = (x: Live, reply: Reply): void => {
    x.slot!.post({ type: 'reply', now: clock.now(), shapes: x.table!.takeShapes(), ...reply });
    resume(x);
  };

  const start = (x: Live): void => {
    x.slot = poolOf(x).take();
    const table = (x.table = new HandleTable(x.slot.shapes));
    const services = createServices(
      x.rt,
      x.exec,
      NO_TEMPLATES,
      x.job.activeDocument ?? !(x.rt.addOn && x.kind === 'trigger'),
    );
    const globals = Object.fromEntries(
      Object.entries(services).map(([name, service]) => [name, table.toWire(service)]),
    ) as Record<string, ReturnType<HandleTable['bag']>>;
    globals.console = table.bag(consoleMembers(x.rt.logs, x.exec));
    const args = (x.job.args ?? []).map((a) => table.toWire(a));
    x.slot.post({
      type: 'run',
      fn: x.job.fn,
      args,
      globals,
      now: clock.now(),
      shapes: table.takeShapes(),
    });
    resume(x);
  };

  const dispatch = (x: Live, call: CallMessage, gated: boolean): void => {
    const table = x.table!;
    const { target, descriptor } = table.get(call.handle);
    x.delayMs = 0;
    let reply: Reply;
    try {
      if (descriptor && gated) x.exec.enter(descriptor, call.method);
      const member = (target as Record<string, unknown>)[call.method];
      // A fake's API is its prototype methods (own fields are its state); a bag's, its members.
      const own = Object.prototype.hasOwnProperty.call(target, call.method);
      if (typeof member !== 'function' || own === Boolean(descriptor)) {
        throw new TypeError(`${call.method} is not a function`);
      }
      const result = Reflect.apply(
        member,
        target,
        call.args.map((a) => table.fromWire(a)),
      );
      reply = { value: table.toWire(result) };
    } catch (error) {
      if (error instanceof Suspension) {
        x.phase = { is: 'suspended', until: error.until, event: error.event, woken: false, call };
        return;
      }
      reply = { error: wireError(error) };
    }
    if (x.delayMs > 0) {
      x.phase = { is: 'delayed', until: clock.now() + x.delayMs, reply };
      return;
    }
    deliver(x, reply);
  };

  /**
   * Apps Script stops an execution at its time limit, wherever it is: it runs no more code (so
   * it writes nothing more) and its locks are released. Its worker is discarded mid-job.
   */
  const kill = (x: Live): void => {
    poolOf(x).discard(x.slot!);
    const message =
      quotaEndOf(x) < x.exec.startedAt + x.exec.limitMs
        ? TOO_MUCH_COMPUTER_TIME
        : MESSAGES.exceededTime;
    finish(x, { type: 'done', ok: false, error: { name: 'Error', message } }, true);
  };

  const finish = (x: Live, done: Extract<FromWorker, { type: 'done' }>, killed = false): void => {
    x.phase = { is: 'done' };
    const signal = x.exec.scheduling!.signal;
    const rt = x.rt;
    // The document lock is the spreadsheet's; the script and user locks are the project's.
    for (const scope of rt.locks.releaseAll(x.exec.id)) signal(rt.locks.releasedEvent(scope));
    for (const { table, scope } of rt.project.releaseLocks(x.exec.id)) {
      signal(table.releasedEvent(scope));
    }
    const elapsedMs = x.exec.elapsedMs();
    if (x.kind === 'trigger') {
      const triggerTime = rt.project.triggerRuntime;
      const left = triggerTime.remainingMs(x.exec.user, clock.now());
      triggerTime.spend(x.exec.user, x.exec.startedAt, Math.min(elapsedMs, left));
    }
    const exceeded = elapsedMs > x.exec.limitMs || (killed && elapsedMs >= x.exec.limitMs);
    let error: Error | undefined;
    if (!done.ok) {
      error = new Error(done.error.message);
      error.name = done.error.name;
      if (done.error.stack) error.stack = done.error.stack;
    } else if (exceeded) {
      error = new Error(MESSAGES.exceededTime);
    } else if (x.exec.consentPrompt) {
      // requireScopes ended it, whether or not the script caught that (Execution.endForConsent).
      error = new Error(AUTHORIZATION_REQUIRED);
      error.name = 'Exception';
    }
    const record = x.exec.record(x.job.fn, {
      elapsedMs,
      exceeded,
      ...(error ? { error: error.message } : {}),
    });
    rt.executions.push(record);
    rt.lastExecution = record;
    outcomes[x.index] =
      error || !done.ok
        ? { ok: false, ...(error ? { error } : {}), record }
        : { ok: true, value: x.table!.fromWire(done.value), record };
    if (!killed) poolOf(x).give(x.slot!);
    live.splice(live.indexOf(x), 1);
  };

  try {
    const headJobs = new Map<WorkerPool, number>();
    for (const job of jobs) {
      const pool = poolFor(job.runtime.bundleSource);
      headJobs.set(pool, (headJobs.get(pool) ?? 0) + 1);
    }
    for (const [pool, count] of headJobs) pool.prepare(Math.min(maxConcurrent, count));
    admit();
    while (live.length > 0) {
      const now = clock.now();
      const ready = live.filter((x) => isReady(x, now));
      if (ready.length === 0) {
        // Everyone waits: virtual time jumps to the first wake-up.
        const next = Math.min(...live.map(wakeAt));
        if (!Number.isFinite(next)) throw new Error('concurrent runtime: executions deadlocked');
        clock.advance(next - now);
        continue;
      }
      const x = ready[Math.floor(random() * ready.length)]!;
      const phase = x.phase;
      if (phase.is !== 'unstarted' && now >= deadlineOf(x)) kill(x);
      else if (phase.is === 'unstarted') start(x);
      else if (phase.is === 'calling') dispatch(x, phase.call, true);
      else if (phase.is === 'delayed') deliver(x, phase.reply);
      else if (phase.is === 'suspended') dispatch(x, phase.call, false);
    }
  } finally {
    for (const pool of pools.values()) pool.close();
  }
  return outcomes;
}
