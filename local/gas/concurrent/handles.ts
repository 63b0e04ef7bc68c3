// The main thread's side of the value bridge for one concurrent execution: fakes handed to the
// worker are kept here under numeric handles (the same fake always gets the same handle), plain
// values go by structured clone, and each class's shape (label, methods, constants) is sent to a
// worker once.

import { GasException } from '../errors';
import { descriptorOf, type FakeDescriptor } from '../registry';
import type { HandleShape, HandleWire, WireError } from './protocol';

interface Entry {
  target: object;
  /** Undefined for plain member bags (console), which pass no gate, as in sequential runs. */
  descriptor: FakeDescriptor | undefined;
}

/** Method names a fake exposes: functions on its prototype chain (own fields are private state). */
function methodNames(target: object): string[] {
  const names = new Set<string>();
  for (
    let p = Object.getPrototypeOf(target);
    p && p !== Object.prototype;
    p = Object.getPrototypeOf(p)
  ) {
    for (const name of Object.getOwnPropertyNames(p)) {
      if (name === 'constructor') continue;
      const d = Object.getOwnPropertyDescriptor(p, name);
      if (typeof d?.value === 'function' && !Object.prototype.hasOwnProperty.call(target, name)) {
        names.add(name);
      }
    }
  }
  return [...names];
}

/** Realm-independent: values read off a MessagePort are built in Node's main realm (not jest's). */
function isDate(value: object): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** Shape ids are per worker, keyed by prototype (one shape per fake class). */
export class ShapeBook {
  private readonly ids = new Map<object, number>();
  private readonly sent = new Set<number>();

  idFor(prototype: object): number {
    let id = this.ids.get(prototype);
    if (id === undefined) this.ids.set(prototype, (id = this.ids.size + 1));
    return id;
  }

  /** Whether the worker still needs this shape (marks it as sent). */
  needs(id: number): boolean {
    if (this.sent.has(id)) return false;
    this.sent.add(id);
    return true;
  }
}

export class HandleTable {
  private readonly entries: Entry[] = [];
  private readonly ids = new Map<object, number>();
  /** Shapes to send with the next message to the worker. */
  private outgoing: Record<number, HandleShape> = {};

  constructor(private readonly shapes: ShapeBook) {}

  get(id: number): Entry {
    const entry = this.entries[id];
    if (!entry) throw new Error(`concurrent runtime: unknown handle ${id}`);
    return entry;
  }

  /** A member bag (console) as a handle whose members are called without a gate. */
  bag(members: Record<string, unknown>): HandleWire {
    return this.handle(members, undefined, {
      label: 'console',
      methods: Object.keys(members),
      constants: {},
    });
  }

  toWire(value: unknown): unknown {
    if (typeof value === 'function' || typeof value === 'symbol') return undefined;
    if (value === null || typeof value !== 'object') return value;
    const descriptor = descriptorOf(value);
    if (descriptor) return this.fake(value, descriptor);
    if (isDate(value)) return new Date(Date.prototype.getTime.call(value));
    if (Array.isArray(value)) return value.map((v) => this.toWire(v));
    if (ArrayBuffer.isView(value)) return value;
    if (isPlainObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = this.toWire(v);
      return out;
    }
    return value;
  }

  fromWire(value: unknown): unknown {
    if (value === null || typeof value !== 'object') return value;
    if ('__gasHandle' in value && 'shape' in value) {
      return this.get((value as HandleWire).__gasHandle).target;
    }
    if (isDate(value)) return new Date(Date.prototype.getTime.call(value));
    if (ArrayBuffer.isView(value)) return value;
    if (Array.isArray(value)) return value.map((v) => this.fromWire(v));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = this.fromWire(v);
    return out;
  }

  /** Shapes first seen since the last call (to go with the next message). */
  takeShapes(): Record<number, HandleShape> {
    const out = this.outgoing;
    this.outgoing = {};
    return out;
  }

  private fake(target: object, descriptor: FakeDescriptor): HandleWire {
    const existing = this.ids.get(target);
    if (existing !== undefined) {
      return { __gasHandle: existing, shape: this.shapes.idFor(Object.getPrototypeOf(target)) };
    }
    const constants: Record<string, unknown> = {};
    for (const name of descriptor.constants ?? []) {
      constants[name] = this.toWire((target as Record<string, unknown>)[name]);
    }
    return this.handle(target, descriptor, {
      label: descriptor.label,
      methods: methodNames(target),
      constants,
    });
  }

  private handle(
    target: object,
    descriptor: FakeDescriptor | undefined,
    shape: HandleShape,
  ): HandleWire {
    const id = this.entries.length;
    this.entries.push({ target, descriptor });
    this.ids.set(target, id);
    const shapeId = descriptor ? this.shapes.idFor(Object.getPrototypeOf(target)) : -id - 1;
    // A bag's shape is its own (members differ per object); classes share theirs per worker.
    if (!descriptor || this.shapes.needs(shapeId)) this.outgoing[shapeId] = shape;
    return { __gasHandle: id, shape: shapeId };
  }
}

/** A fake's failure as the script sees it: GasException is Apps Script's `Exception`. */
export function wireError(error: unknown): WireError {
  if (error instanceof GasException) return { name: 'Exception', message: error.message };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}
