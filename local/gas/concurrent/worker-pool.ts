// The workers concurrent runs execute in. Starting a worker costs tens of milliseconds, so idle
// ones are kept (per bundle, process-wide) for the next run and stop themselves after a few idle
// seconds; they never keep the process alive (unref). The main thread talks to each over its own
// MessageChannel, read synchronously (receiveMessageOnPort), with shared Int32 cells to block on:
// the worker's "I posted" counter, the main thread's "I posted" flag, and the slot's state, which
// the two sides move by compare-and-swap so a worker never exits while it is being handed a job.

import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
} from 'node:worker_threads';
import { VIRTUAL_DATE_SOURCE } from '../virtual-date';
import { ShapeBook } from './handles';
import { SLOT_BUSY, SLOT_IDLE, type FromWorker, type ToWorker, type WorkerBoot } from './protocol';
import { workerMain } from './worker-main';

/** A worker that neither answers nor finishes in this much real time is taken for hung. */
const REAL_TIMEOUT_MS = 60_000;
/** An idle worker stops after this much real time without a job. */
const IDLE_EXIT_MS = 5_000;
/** Idle workers kept per bundle (Sheets runs about 30 executions at once). */
const KEEP_IDLE = 32;

export class WorkerSlot {
  readonly shapes = new ShapeBook();
  private readonly posted = new Int32Array(new SharedArrayBuffer(4));
  private readonly wake = new Int32Array(new SharedArrayBuffer(4));
  private readonly state = new Int32Array(new SharedArrayBuffer(4));
  private readonly port: MessagePort;
  private readonly worker: Worker;

  constructor(code: string, filename: string) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    Atomics.store(this.state, 0, SLOT_BUSY);
    const boot: WorkerBoot = {
      port: port2 as unknown as WorkerBoot['port'],
      posted: this.posted.buffer as SharedArrayBuffer,
      wake: this.wake.buffer as SharedArrayBuffer,
      state: this.state.buffer as SharedArrayBuffer,
      idleExitMs: IDLE_EXIT_MS,
      code,
      filename,
      virtualDateSource: VIRTUAL_DATE_SOURCE,
    };
    this.worker = new Worker(`(${workerMain.toString()})()`, {
      eval: true,
      workerData: boot,
      transferList: [port2],
    });
    this.worker.unref();
  }

  /** Takes an idle worker for a job; false when it has already stopped itself. */
  claim(): boolean {
    return Atomics.compareExchange(this.state, 0, SLOT_IDLE, SLOT_BUSY) === SLOT_IDLE;
  }

  /** Back to idle: the worker may now stop itself when no job comes. */
  release(): void {
    Atomics.store(this.state, 0, SLOT_IDLE);
  }

  post(message: ToWorker): void {
    this.port.postMessage(message);
    Atomics.store(this.wake, 0, 1);
    Atomics.notify(this.wake, 0);
  }

  /** Blocks until the worker's next message (a service call or the end of its execution). */
  next(): FromWorker {
    const deadline = Date.now() + REAL_TIMEOUT_MS;
    for (;;) {
      const seen = Atomics.load(this.posted, 0);
      const received = receiveMessageOnPort(this.port);
      if (received) return received.message as FromWorker;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('concurrent runtime: a worker stopped answering');
      Atomics.wait(this.posted, 0, seen, Math.min(left, 1_000));
    }
  }

  stop(): void {
    this.port.close();
    void this.worker.terminate();
  }
}

const idleByBundle = new Map<string, WorkerSlot[]>();

/** The workers of one run: idle ones reused, new ones started on demand. */
export class WorkerPool {
  private readonly idle: WorkerSlot[];
  /** Workers between two jobs of this run: held (busy), so they do not stop themselves. */
  private readonly spare: WorkerSlot[] = [];
  private readonly inJob = new Set<WorkerSlot>();

  constructor(
    private readonly code: string,
    private readonly filename: string,
  ) {
    const key = `${filename}\n${code}`;
    let idle = idleByBundle.get(key);
    if (!idle) idleByBundle.set(key, (idle = []));
    this.idle = idle;
  }

  /** Makes `count` workers ready at once, so that new ones boot in parallel rather than in turn. */
  prepare(count: number): void {
    while (this.spare.length < count) {
      const idle = this.idle.pop();
      if (!idle) this.spare.push(new WorkerSlot(this.code, this.filename));
      else if (idle.claim()) this.spare.push(idle);
    }
  }

  take(): WorkerSlot {
    let slot = this.spare.pop();
    while (!slot) {
      const idle = this.idle.pop();
      if (!idle) slot = new WorkerSlot(this.code, this.filename);
      else if (idle.claim()) slot = idle;
    }
    this.inJob.add(slot);
    return slot;
  }

  /** The execution on this worker ended: it can take the run's next job. */
  give(slot: WorkerSlot): void {
    this.inJob.delete(slot);
    this.spare.push(slot);
  }

  /** A worker stopped mid-job (its execution was killed): never reused. */
  discard(slot: WorkerSlot): void {
    this.inJob.delete(slot);
    slot.stop();
  }

  /** The run is over: spare workers go idle for the next run; any still in a job are stopped. */
  close(): void {
    for (const slot of this.inJob) slot.stop();
    this.inJob.clear();
    for (const slot of this.spare.splice(0)) {
      if (this.idle.length < KEEP_IDLE) {
        slot.release();
        this.idle.push(slot);
      } else slot.stop();
    }
  }
}
