// Messages between the concurrent scheduler (main thread, owner of every fake and store) and the
// workers that run the bundle. Values cross by structured clone; fakes cross as handles, which the
// worker turns into proxies whose method calls are synchronous calls back to the main thread.

/** A fake living on the main thread. `shape` names its HandleShape (sent once per worker). */
export interface HandleWire {
  __gasHandle: number;
  shape: number;
}

/** What the worker needs to build a proxy: the label, method names and constant members. */
export interface HandleShape {
  label: string;
  methods: string[];
  constants: Record<string, unknown>;
}

export interface WireError {
  name: string;
  message: string;
  stack?: string;
}

export type ToWorker =
  | {
      type: 'run';
      fn: string;
      args: unknown[];
      globals: Record<string, HandleWire>;
      now: number;
      shapes: Record<number, HandleShape>;
    }
  | {
      type: 'reply';
      now: number;
      value?: unknown;
      error?: WireError;
      shapes: Record<number, HandleShape>;
    };

export type FromWorker =
  | { type: 'call'; handle: number; method: string; args: unknown[] }
  | { type: 'done'; ok: true; value: unknown }
  | { type: 'done'; ok: false; error: WireError };

/**
 * Slot states (shared Int32): an idle worker may stop itself (it then writes 2, stopped); a busy
 * one is about to get, or is running, a job.
 */
export const SLOT_IDLE = 0;
export const SLOT_BUSY = 1;

/** What a worker is started with (worker_threads workerData). */
export interface WorkerBoot {
  port: MessagePort;
  /** Int32 counter the worker bumps (and notifies) after each message it posts. */
  posted: SharedArrayBuffer;
  /** Int32 flag the main thread sets (and notifies) after each message it posts to this worker. */
  wake: SharedArrayBuffer;
  /** Int32 slot state (SLOT_*), moved by compare-and-swap on both sides. */
  state: SharedArrayBuffer;
  /** Real time an idle worker waits for a job before stopping itself. */
  idleExitMs: number;
  code: string;
  filename: string;
  virtualDateSource: string;
}
