// The body of a concurrent-execution worker. It is started as source text
// (`(${workerMain})()`, worker_threads `eval`), so it must be self-contained: no imports at run
// time, only Node built-ins reached through process.getBuiltinModule.
//
// Each job is one Apps Script execution: a fresh vm context, the bundle evaluated in it, and
// globals that are proxies of the main thread's fakes. A method call posts a 'call' message and
// blocks in Atomics.wait until the main thread answers: the scheduler decides when, which is
// how executions interleave at service calls. Between calls virtual time stands still, so the
// clock the virtual Date reads is the `now` carried by the last message.

import type { MessagePort } from 'node:worker_threads';
import type {
  FromWorker,
  HandleShape,
  HandleWire,
  ToWorker,
  WireError,
  WorkerBoot,
} from './protocol';

export function workerMain(): void {
  const threads = process.getBuiltinModule('node:worker_threads');
  const vm = process.getBuiltinModule('node:vm');
  const boot = threads.workerData as WorkerBoot;
  const port = boot.port as unknown as MessagePort;
  const posted = new Int32Array(boot.posted);
  const wake = new Int32Array(boot.wake);
  const state = new Int32Array(boot.state);
  const bundle = new vm.Script(boot.code, { filename: boot.filename });
  const virtualDate = new vm.Script(boot.virtualDateSource);
  const shapes = new Map<number, HandleShape>();

  const send = (message: FromWorker): void => {
    port.postMessage(message);
    Atomics.add(posted, 0, 1);
    Atomics.notify(posted, 0);
  };
  const receive = (): ToWorker => {
    for (;;) {
      Atomics.wait(wake, 0, 0);
      Atomics.store(wake, 0, 0);
      const received = threads.receiveMessageOnPort(port);
      if (received) return received.message as ToWorker;
    }
  };
  const isHandle = (v: object): v is HandleWire => '__gasHandle' in v && 'shape' in v;
  const isDate = (v: object): v is Date => Object.prototype.toString.call(v) === '[object Date]';
  const isPlain = (v: object): boolean => {
    const proto = Object.getPrototypeOf(v);
    return proto === null || Object.getPrototypeOf(proto) === null;
  };
  const errorOf = (thrown: unknown): WireError => {
    if (typeof thrown === 'object' && thrown !== null && 'message' in thrown) {
      const e = thrown as { name?: unknown; message: unknown; stack?: unknown };
      return {
        name: String(e.name ?? 'Error'),
        message: String(e.message),
        ...(typeof e.stack === 'string' ? { stack: e.stack } : {}),
      };
    }
    return { name: 'Error', message: String(thrown) };
  };

  function runJob(job: Extract<ToWorker, { type: 'run' }>): void {
    let now = job.now;
    const context = vm.createContext({});
    const intrinsics = vm.runInContext('({ Array, Object, Error })', context) as {
      Array: ArrayConstructor;
      Object: ObjectConstructor;
      Error: ErrorConstructor;
    };
    (virtualDate.runInContext(context) as (clock: () => number) => void)(() => now);
    const ScriptDate = context.Date as DateConstructor;
    const proxies = new Map<number, object>();
    const handleOf = new WeakMap<object, number>();
    const learn = (more: Record<number, HandleShape>) => {
      for (const [id, shape] of Object.entries(more)) shapes.set(Number(id), shape);
    };

    const call = (handle: number, method: string, args: unknown[]): unknown => {
      send({ type: 'call', handle, method, args: args.map(toWire) });
      const reply = receive();
      if (reply.type !== 'reply') throw new Error(`worker expected a reply, got ${reply.type}`);
      now = reply.now;
      learn(reply.shapes);
      if (reply.error) {
        const e = new intrinsics.Error(reply.error.message);
        e.name = reply.error.name;
        throw e;
      }
      return fromWire(reply.value);
    };

    function proxyFor(wire: HandleWire): object {
      const existing = proxies.get(wire.__gasHandle);
      if (existing) return existing;
      const shape = shapes.get(wire.shape);
      if (!shape) throw new Error(`worker: unknown shape ${wire.shape}`);
      const methods = new Map<string, (...args: unknown[]) => unknown>();
      const constants = new Map<string, unknown>();
      const proxy = new Proxy(new intrinsics.Object(), {
        get: (_t, prop) => {
          if (typeof prop !== 'string') return undefined;
          if (prop === 'toString') return () => shape.label;
          if (prop in shape.constants) {
            if (!constants.has(prop)) constants.set(prop, fromWire(shape.constants[prop]));
            return constants.get(prop);
          }
          if (!shape.methods.includes(prop)) return undefined;
          let fn = methods.get(prop);
          if (!fn) {
            fn = (...args: unknown[]) => call(wire.__gasHandle, prop, args);
            methods.set(prop, fn);
          }
          return fn;
        },
        // Property writes on fakes are ignored, as in sequential runs (HtmlTemplate variables are
        // not supported concurrently).
        set: () => true,
      });
      proxies.set(wire.__gasHandle, proxy);
      handleOf.set(proxy, wire.__gasHandle);
      return proxy;
    }

    function fromWire(value: unknown): unknown {
      if (value === null || typeof value !== 'object') return value;
      if (isHandle(value)) return proxyFor(value);
      if (isDate(value)) return new ScriptDate(value.getTime());
      if (Array.isArray(value)) {
        const out = new intrinsics.Array();
        for (const item of value) out.push(fromWire(item));
        return out;
      }
      if (ArrayBuffer.isView(value)) return value;
      const out = new intrinsics.Object() as Record<string, unknown>;
      for (const [k, v] of Object.entries(value)) out[k] = fromWire(v);
      return out;
    }

    function toWire(value: unknown): unknown {
      if (typeof value === 'function' || typeof value === 'symbol') return undefined;
      if (value === null || typeof value !== 'object') return value;
      const handle = handleOf.get(value);
      if (handle !== undefined) return { __gasHandle: handle, shape: -1 };
      if (isDate(value)) return new Date(Date.prototype.getTime.call(value));
      if (Array.isArray(value)) return Array.from(value as unknown[], toWire);
      if (ArrayBuffer.isView(value)) return value;
      if (!isPlain(value) && 'message' in value) return errorOf(value);
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = toWire(v);
      return out;
    }

    learn(job.shapes);
    for (const [name, wire] of Object.entries(job.globals)) context[name] = proxyFor(wire);
    try {
      bundle.runInContext(context);
      const fn = context[job.fn] as unknown;
      if (typeof fn !== 'function') throw new Error(`Script function not found: ${job.fn}`);
      const result = (fn as (...a: unknown[]) => unknown)(...job.args.map(fromWire));
      send({ type: 'done', ok: true, value: toWire(result) });
    } catch (thrown) {
      send({ type: 'done', ok: false, error: errorOf(thrown) });
    }
  }

  // Between jobs: wait for the next one, or stop after idleExitMs unless the main thread has
  // claimed this worker meanwhile (the compare-and-swap decides; literals: protocol SLOT_*).
  const IDLE = 0;
  const STOPPED = 2;
  for (;;) {
    if (Atomics.wait(wake, 0, 0, boot.idleExitMs) === 'timed-out') {
      if (Atomics.compareExchange(state, 0, IDLE, STOPPED) === IDLE) return;
      continue;
    }
    const message = receive();
    if (message.type === 'run') runJob(message);
  }
}
