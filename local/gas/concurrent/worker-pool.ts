// The workers of one concurrent run: started on demand (at most one per live execution), reused
// by later executions, and stopped when the run ends. The main thread talks to each over its own
// MessageChannel, read synchronously (receiveMessageOnPort), with two shared Int32 cells to block
// on: the worker's "I posted" counter and the main thread's "I posted" flag.

import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
} from 'node:worker_threads';
import { VIRTUAL_DATE_SOURCE } from '../virtual-date';
import { ShapeBook } from './handles';
import type { FromWorker, ToWorker, WorkerBoot } from './protocol';
import { workerMain } from './worker-main';

/** A worker that neither answers nor finishes in this much real time is taken for hung. */
const REAL_TIMEOUT_MS = 60_000;

export class WorkerSlot {
  readonly shapes = new ShapeBook();
  private readonly posted = new Int32Array(new SharedArrayBuffer(4));
  private readonly wake = new Int32Array(new SharedArrayBuffer(4));
  private readonly port: MessagePort;
  private readonly worker: Worker;

  constructor(code: string, filename: string) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const boot: WorkerBoot = {
      port: port2 as unknown as WorkerBoot['port'],
      posted: this.posted.buffer as SharedArrayBuffer,
      wake: this.wake.buffer as SharedArrayBuffer,
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
    this.post({ type: 'exit' });
    this.port.close();
    void this.worker.terminate();
  }
}

export class WorkerPool {
  private readonly idle: WorkerSlot[] = [];
  private readonly all: WorkerSlot[] = [];

  constructor(
    private readonly code: string,
    private readonly filename: string,
  ) {}

  take(): WorkerSlot {
    const slot = this.idle.pop();
    if (slot) return slot;
    const created = new WorkerSlot(this.code, this.filename);
    this.all.push(created);
    return created;
  }

  give(slot: WorkerSlot): void {
    this.idle.push(slot);
  }

  stop(): void {
    for (const slot of this.all) slot.stop();
  }
}
