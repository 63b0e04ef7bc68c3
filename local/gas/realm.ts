// The bridge between Node (where the fakes live) and the vm context (where the bundle runs).
// Apps Script hands scripts arrays, Dates and objects of the script's own realm, and errors the
// script can catch with `instanceof Error`; the fakes are plain Node classes. Every fake reaches
// the script wrapped in a Proxy whose methods: pass through the execution's gate (time limit,
// permissions, counting), convert arguments to Node values, and convert results (and errors)
// back into the script realm.

import vm from 'node:vm';
import { GasException } from './errors';
import { descriptorOf, type FakeDescriptor } from './registry';

export interface Intrinsics {
  Array: ArrayConstructor;
  Object: ObjectConstructor;
  Date: DateConstructor;
  Error: ErrorConstructor;
}

export interface CallGate {
  enter(descriptor: FakeDescriptor, method: string): void;
}

type AnyFunction = (...args: unknown[]) => unknown;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

function isDate(value: object): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}

export class Realm {
  readonly intrinsics: Intrinsics;
  private readonly proxies = new WeakMap<object, object>();
  private readonly targets = new WeakMap<object, object>();

  constructor(
    readonly context: vm.Context,
    private readonly gate: CallGate,
  ) {
    this.intrinsics = vm.runInContext('({ Array, Object, Date, Error })', context) as Intrinsics;
  }

  /** Node value → script value. Registered fakes become (cached) proxies. */
  toScript(value: unknown): unknown {
    if (value === null || typeof value !== 'object') return value;
    const descriptor = descriptorOf(value);
    if (descriptor) return this.wrap(value, descriptor);
    if (value instanceof Date) return new this.intrinsics.Date(value.getTime());
    if (Array.isArray(value)) {
      const out = new this.intrinsics.Array();
      for (const item of value) out.push(this.toScript(item));
      return out;
    }
    if (isPlainObject(value)) {
      const out = new this.intrinsics.Object() as Record<string, unknown>;
      for (const [k, v] of Object.entries(value)) out[k] = this.toScript(v);
      return out;
    }
    return value;
  }

  /** Script value → Node value. Proxies go back to their fakes. */
  toNode(value: unknown): unknown {
    if (value === null || typeof value !== 'object') return value;
    const target = this.targets.get(value);
    if (target) return target;
    if (isDate(value)) return new Date(Date.prototype.getTime.call(value));
    if (Array.isArray(value)) return Array.from(value as unknown[], (v) => this.toNode(v));
    if (ArrayBuffer.isView(value)) return value;
    if (isPlainObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = this.toNode(v);
      return out;
    }
    return value;
  }

  /** An Error of the script realm, as a failing Apps Script service throws it. */
  toScriptError(error: unknown): Error {
    if (!(error instanceof Error)) return error as Error;
    const e = new this.intrinsics.Error(error.message);
    e.name = error instanceof GasException ? 'Exception' : error.name;
    if (!(error instanceof GasException)) e.stack = error.stack;
    return e;
  }

  /** A plain script-realm object whose members are Node functions (console, event objects). */
  object(members: Record<string, unknown>): Record<string, unknown> {
    const out = new this.intrinsics.Object() as Record<string, unknown>;
    Object.assign(out, members);
    return out;
  }

  private wrap(target: object, descriptor: FakeDescriptor): object {
    const cached = this.proxies.get(target);
    if (cached) return cached;
    const methods = new Map<string, AnyFunction>();
    const constants = new Map<string, unknown>();
    const assigned = new Map<string, unknown>();
    const proxy = new Proxy(target, {
      get: (t, prop) => {
        if (typeof prop !== 'string') return undefined;
        if (assigned.has(prop)) return assigned.get(prop);
        if (prop === 'toString') return () => descriptor.label;
        if (descriptor.constants?.includes(prop)) {
          if (!constants.has(prop)) {
            constants.set(prop, this.toScript((t as Record<string, unknown>)[prop]));
          }
          return constants.get(prop);
        }
        const member = (t as Record<string, unknown>)[prop];
        // Only prototype methods are the fake's API; own fields are its private state.
        if (typeof member !== 'function' || Object.prototype.hasOwnProperty.call(t, prop)) {
          return undefined;
        }
        let fn = methods.get(prop);
        if (!fn) {
          fn = this.method(t, descriptor, prop, member as AnyFunction);
          methods.set(prop, fn);
        }
        return fn;
      },
      set: (_t, prop, value) => {
        if (descriptor.acceptsAssignments && typeof prop === 'string') assigned.set(prop, value);
        return true;
      },
    });
    if (descriptor.acceptsAssignments) {
      (target as { scriptVariables?: () => Record<string, unknown> }).scriptVariables = () =>
        Object.fromEntries(assigned);
    }
    this.proxies.set(target, proxy);
    this.targets.set(proxy, target);
    return proxy;
  }

  private method(
    target: object,
    descriptor: FakeDescriptor,
    name: string,
    member: AnyFunction,
  ): AnyFunction {
    return (...args: unknown[]) => {
      try {
        this.gate.enter(descriptor, name);
        const nodeArgs = args.map((a) => this.toNode(a));
        return this.toScript(Reflect.apply(member, target, nodeArgs));
      } catch (error) {
        throw this.toScriptError(error);
      }
    };
  }
}
