// Injected faults, in the spirit of stoplight prism's forced scenarios: force a status, a
// Retry-After, a delay, a malformed JSON or an HTML body, or an empty list, without touching any
// data. A fault comes from the `X-Emulator-Fault` header, the `__fault` query parameter (same
// syntax), or the queue filled programmatically / through POST /__emulator/faults.
//
// `empty-list` is the one fault that does not replace the answer: the request goes through the
// key check and the rate limit like any other, and a list route (anything paginated: GET
// /containers, /shipments, /tracking_requests…) answers 200 with `data: []` and the links and
// meta of an empty page, for an account that holds records (issue 27: "A 200 listing with
// data: [] for an account known to hold containers"). A queued one is spent only by a list
// answer; a request with no list leaves it queued.

export type FaultBody = 'malformed-json' | 'html' | 'empty-list';
const BODIES: readonly FaultBody[] = ['html', 'malformed-json', 'empty-list'];

/** A fault that empties a list answer rather than replacing it. */
export const emptiesList = (fault: Fault): boolean => fault.body === 'empty-list';

/** An empty list is a 200 from the service: a status or Retry-After cannot come with it. */
function checkCombination(fault: Fault): Fault {
  if (emptiesList(fault) && (fault.status !== undefined || fault.retryAfter !== undefined))
    throw new Error('body=empty-list is a 200 answer: it takes no status or retry-after');
  return fault;
}

export interface Fault {
  status?: number;
  retryAfter?: number;
  delayMs?: number;
  body?: FaultBody;
  /** How many matching requests it applies to (default 1). */
  times?: number;
  match?: { method?: string; path?: string | RegExp };
}

/** Parses `status=429;retry-after=7`, `body=html`, `delay=2000` (`;` or `,` between items). */
export function parseFaultSpec(spec: string): Fault {
  const fault: Fault = {};
  const items = spec
    .split(/[;,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) throw new Error('empty fault');
  for (const item of items) {
    const [rawKey = '', ...rest] = item.split('=');
    const key = rawKey.trim().toLowerCase();
    const value = rest.join('=').trim();
    if (key === 'body') {
      if (!(BODIES as readonly string[]).includes(value))
        throw new Error(`body must be ${BODIES.join(', ')}, got "${value}"`);
      fault.body = value as FaultBody;
    } else if (key === 'status') fault.status = integer(value, key, 100, 599);
    else if (key === 'retry-after') fault.retryAfter = integer(value, key, 0, 86_400);
    else if (key === 'delay') fault.delayMs = integer(value, key, 0, 600_000);
    else throw new Error(`unknown fault item "${key}" (use status, retry-after, body, delay)`);
  }
  return checkCombination(fault);
}

function integer(text: string, name: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, got "${text}"`);
  const value = Number(text);
  if (value < min || value > max) throw new Error(`${name} must be between ${min} and ${max}`);
  return value;
}

/** Validates a fault given as JSON (POST /__emulator/faults): `match.path` may be a string, or a
 * regular expression written as `match.pathPattern`. */
export function faultFromJson(input: unknown): Fault {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new Error('a fault is a JSON object');
  const o = input as Record<string, unknown>;
  const fault: Fault = {};
  const num = (name: string, min: number, max: number) => {
    const v = o[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      throw new Error(`${name} must be an integer between ${min} and ${max}`);
    }
    return v;
  };
  fault.status = num('status', 100, 599);
  fault.retryAfter = num('retryAfter', 0, 86_400);
  fault.delayMs = num('delayMs', 0, 600_000);
  fault.times = num('times', 1, 1_000_000);
  if (o.body !== undefined) {
    if (!(BODIES as readonly unknown[]).includes(o.body))
      throw new Error(`body must be ${BODIES.map((b) => `"${b}"`).join(', ')}`);
    fault.body = o.body as FaultBody;
  }
  if (o.match !== undefined) {
    const m = o.match as Record<string, unknown>;
    if (typeof m !== 'object' || m === null) throw new Error('match must be an object');
    fault.match = {};
    if (typeof m.method === 'string') fault.match.method = m.method;
    if (typeof m.path === 'string') fault.match.path = m.path;
    if (typeof m.pathPattern === 'string') fault.match.path = new RegExp(m.pathPattern);
  }
  for (const key of Object.keys(fault) as (keyof Fault)[])
    if (fault[key] === undefined) delete fault[key];
  return checkCombination(fault);
}

function faultMatches(fault: Fault, method: string, path: string): boolean {
  const m = fault.match;
  if (!m) return true;
  if (m.method !== undefined && m.method.toUpperCase() !== method) return false;
  if (m.path === undefined) return true;
  return typeof m.path === 'string' ? m.path === path : m.path.test(path);
}

/** True when the fault replaces the response (a delay or an empty list lets the request through). */
export function replacesResponse(fault: Fault): boolean {
  if (emptiesList(fault)) return false;
  return fault.status !== undefined || fault.body !== undefined || fault.retryAfter !== undefined;
}

export class FaultQueue {
  private queue: { fault: Fault; left: number }[] = [];

  enqueue(fault: Fault): void {
    this.queue.push({ fault: { ...fault }, left: fault.times ?? 1 });
  }

  clear(): void {
    this.queue = [];
  }

  /** What is still queued, with the number of uses left. */
  pending(): Fault[] {
    return this.queue.map((q) => ({ ...q.fault, times: q.left }));
  }

  /** Takes one use of the first fault matching this request (and `which`, when given). */
  take(
    method: string,
    path: string,
    which: (fault: Fault) => boolean = () => true,
  ): Fault | undefined {
    const index = this.queue.findIndex(
      (q) => which(q.fault) && faultMatches(q.fault, method, path),
    );
    if (index < 0) return undefined;
    const entry = this.queue[index];
    if (!entry) return undefined;
    entry.left -= 1;
    if (entry.left <= 0) this.queue.splice(index, 1);
    return entry.fault;
  }
}
