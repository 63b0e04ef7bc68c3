// "A disappearance needs a second look" (docs/reference.md#disappearances, "When the service, the mail or a stranger
// misbehaves"): the service's own OpenAPI examples carry `null` in fields it normally fills, and
// for a read or two it answers a box with its holds, status, availability or LFDs null, or every
// attribute null. Applied at once, that blanked the sheet, wrote hundreds of Change Log rows and
// sent "hold placed" and "LFD due" emails again when the values came back. So, where fresh
// records enter the shared cache (RecordStore.write, which every surface goes through: the
// refresh, push, cells and the sidebar), each record is reconciled with the one the cache held:
// - a value known before (not null, not absent; `[]` is a value: holds released) that comes back
//   null or absent is kept, and the time of that first read remembered; a read at least
//   SECOND_LOOK_MS later that says the same applies it, once;
// - a value that appears or changes is applied at once;
// - a record whose attributes are all empty is never applied (the previous one stays).
// What it remembers (`ct:gone`, beside the data in the cache) is bounded: at most MAX_RECORDS
// records, none older than a day. A cache that forgot it only makes the wait start again.

import { AppError } from '../core/errors';
import { INCLUDED_NAMES, type ContainerRecord, type ShipmentRecord } from '../core/model';

export const SECOND_LOOK_MS = 10 * 60_000;
export const GONE_KEY = 'ct:gone';
export const MAX_RECORDS = 2_000;
const FORGET_AFTER_MS = 86_400_000;

/** Record key (`c:<number>`, `s:<id>`) → field (`holds_at_pod_terminal`, `import_deadlines.x`) → first read without it. */
export type GoneMemory = Record<string, Record<string, number>>;

const empty = (v: unknown) => v === null || v === undefined || v === '';
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every attribute but `ignored` ones is null, absent, blank, or an object of such. */
export function isAllEmpty(
  attributes: Record<string, unknown>,
  ignored: readonly string[] = [],
): boolean {
  return Object.entries(attributes).every(
    ([name, v]) =>
      ignored.includes(name) ||
      empty(v) ||
      (isPlainObject(v) && Object.values(v).every((x) => empty(x))),
  );
}

export interface Reconciled {
  attributes: Record<string, unknown>;
  /** The fields still waiting for their second look (none: undefined). */
  waiting: Record<string, number> | undefined;
}

/**
 * The attributes to keep: `incoming`, with each value `previous` knew and `incoming` lost kept
 * until a read at least SECOND_LOOK_MS after the first that lost it. `skip`: fields left as the
 * incoming record has them (the key field, or one with its own rule).
 */
export function reconcile(
  previous: Record<string, unknown>,
  incoming: Record<string, unknown>,
  waiting: Record<string, number> | undefined,
  now: number,
  skip: readonly string[] = [],
): Reconciled {
  const out: Record<string, unknown> = Object.assign(Object.create(null), incoming);
  const still: Record<string, number> = {};
  /** Whether the value known before is kept (the first read without it, or too soon after). */
  const keep = (field: string, known: unknown, now_: unknown): boolean => {
    if (empty(known) || !empty(now_)) return false;
    const since = waiting?.[field];
    if (since !== undefined && now - since >= SECOND_LOOK_MS) return false;
    still[field] = since ?? now;
    return true;
  };
  for (const [name, known] of Object.entries(previous)) {
    if (skip.includes(name)) continue;
    const value = incoming[name];
    if (isPlainObject(known) && (isPlainObject(value) || empty(value))) {
      // One level down (import_deadlines): each member on its own.
      const merged: Record<string, unknown> = { ...(isPlainObject(value) ? value : {}) };
      let changed = false;
      for (const [member, was] of Object.entries(known)) {
        if (keep(`${name}.${member}`, was, merged[member])) {
          merged[member] = was;
          changed = true;
        }
      }
      if (changed || isPlainObject(value)) out[name] = merged;
      continue;
    }
    if (keep(name, known, value)) out[name] = known;
  }
  return { attributes: out, waiting: Object.keys(still).length > 0 ? still : undefined };
}

export function readGone(raw: string | undefined): GoneMemory {
  try {
    const v = JSON.parse(raw ?? '') as unknown;
    return isPlainObject(v) ? (v as GoneMemory) : {};
  } catch {
    return {};
  }
}

/** The memory as stored: the records still waiting, newest first, within its bounds. */
export function writeGone(memory: GoneMemory, now: number): string {
  const newest = (fields: Record<string, number>) => Math.max(...Object.values(fields));
  const kept = Object.entries(memory)
    .filter(
      ([, fields]) => Object.keys(fields).length > 0 && now - newest(fields) < FORGET_AFTER_MS,
    )
    .sort((a, b) => newest(b[1]) - newest(a[1]))
    .slice(0, MAX_RECORDS);
  return JSON.stringify(Object.fromEntries(kept));
}

interface Known<T> {
  record: T;
  fetchedAt: number;
}

export interface Intake {
  /** The records to store and use, reconciled with what the cache held. */
  containers: ContainerRecord[];
  shipments: ShipmentRecord[];
  /** All-empty answers, never applied: the cached record (if any) stays as it was. */
  withheld: { containers: Known<ContainerRecord>[]; shipments: Known<ShipmentRecord>[] };
  /** Container numbers and shipment ids answered all empty (with or without a cached record). */
  withheldKeys: { containers: string[]; shipments: string[] };
  gone: GoneMemory;
}

/**
 * A shipment's stop is cleared when tracking resumes (the service's own filter,
 * `filter[tracking_stopped]=false`, then lists it): applied at once. Shown "tracked" for one odd
 * read would cost a Change Log row and no email; a resume held back would cost a refresh.
 */
const STOP_FIELDS = [
  'line_tracking_stopped_at',
  'line_tracking_stopped_reason',
  'line_tracking_stopped_by_user',
];
/** The container's own attributes: its number is its key, the terminals' names have their own rule. */
const CONTAINER_SKIP = ['number', ...INCLUDED_NAMES];

/** Fresh records as the cache will keep them (see the top of this file). */
export function takeIn(
  fresh: { containers: readonly ContainerRecord[]; shipments: readonly ShipmentRecord[] },
  cached: {
    container: (number: string) => Known<ContainerRecord> | null;
    shipment: (id: string) => Known<ShipmentRecord> | null;
  },
  memory: GoneMemory,
  now: number,
): Intake {
  const gone: GoneMemory = { ...memory };
  const out: Intake = {
    containers: [],
    shipments: [],
    withheld: { containers: [], shipments: [] },
    withheldKeys: { containers: [], shipments: [] },
    gone,
  };
  const intake = <T extends { id: string; attributes: Record<string, unknown> }>(
    record: T,
    key: string,
    known: Known<T> | null,
    skip: readonly string[],
  ): T | null => {
    if (isAllEmpty(record.attributes, skip)) return null;
    // Another journey under the same number is a new record, not a disappearance.
    if (!known || known.record.id !== record.id) {
      delete gone[key];
      return record;
    }
    const r = reconcile(known.record.attributes, record.attributes, gone[key], now, skip);
    if (r.waiting) gone[key] = r.waiting;
    else delete gone[key];
    return { ...record, attributes: r.attributes };
  };
  for (const c of fresh.containers) {
    const number = c.attributes.number;
    const known = cached.container(number);
    const kept = intake(c, `c:${number}`, known, CONTAINER_SKIP);
    if (kept) out.containers.push(kept);
    else {
      out.withheldKeys.containers.push(number);
      if (known) out.withheld.containers.push(known);
    }
  }
  for (const s of fresh.shipments) {
    const known = cached.shipment(s.id);
    const kept = intake(s, `s:${s.id}`, known, STOP_FIELDS);
    if (kept) out.shipments.push(kept);
    else {
      out.withheldKeys.shipments.push(s.id);
      if (known) out.withheld.shipments.push(known);
    }
  }
  return out;
}

/** Why a number has no value now: the service answered it without any data. */
export function answeredBlank(number: string): AppError {
  return new AppError(
    'upstream',
    `The tracking service answered ${number} without any data this time. It fills in at the next refresh (or recalculate in a few minutes).`,
  );
}

/** Replaces fresh records by the ones a write kept (RecordStore.write's answer). */
export function keepWritten(
  fresh: { containers: Map<string, ContainerRecord>; shipments: Map<string, ShipmentRecord> },
  written: {
    containers: readonly ContainerRecord[];
    shipments: readonly ShipmentRecord[];
    withheld: ReadonlySet<string>;
    withheldShipments: ReadonlySet<string>;
  },
): void {
  for (const c of written.containers) fresh.containers.set(c.attributes.number, c);
  for (const s of written.shipments) fresh.shipments.set(s.id, s);
  for (const id of written.withheldShipments) fresh.shipments.delete(id);
  for (const n of written.withheld) fresh.containers.delete(n);
}
