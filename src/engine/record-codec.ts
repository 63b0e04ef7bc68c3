// Compact cache entries: attribute values in the spec's fixed order instead of repeated names,
// which roughly halves what a 10,000-container account takes in the cache.

import {
  CONTAINER_ATTRIBUTES,
  OVERSIZED_KEY,
  POD_TERMINAL_NAME,
  SHIPMENT_ATTRIBUTES,
  type ContainerAttributes,
  type ContainerRecord,
  type ShipmentAttributes,
  type ShipmentRecord,
} from '../core/model';

function packAttributes(attributes: Record<string, unknown>, order: readonly string[]): unknown[] {
  const values = order.map((name) => attributes[name] ?? null);
  // Attribute names come from the service: no prototype, so "__proto__" is kept like any name.
  const extras = Object.create(null) as Record<string, unknown>;
  let hasExtras = false;
  for (const [name, value] of Object.entries(attributes)) {
    // Extras keep their nulls: CONTAINER_INFO tells "blank" from "no such field" by presence.
    if (!order.includes(name) && value !== undefined) {
      extras[name] = value;
      hasExtras = true;
    }
  }
  while (values.length > 0 && values[values.length - 1] === null) values.pop();
  return hasExtras
    ? [...values, ...new Array(order.length - values.length).fill(null), extras]
    : values;
}

function unpackAttributes(values: unknown[], order: readonly string[]): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  order.forEach((name, i) => {
    const v = values[i];
    if (v !== undefined) out[name] = v;
  });
  const extras = values[order.length];
  if (extras && typeof extras === 'object') Object.assign(out, extras);
  return out;
}

/**
 * The most one record may take in a bucket (buckets hold ~90,000 characters, ~80 records each for
 * a 10,000-container account). A bigger record would push its whole bucket out of the cache and
 * be fetched again on every recalculation, so it is made to fit: long texts are cut, then the
 * largest attributes are replaced by a marker their readers show as unreadable.
 */
export const MAX_ENTRY_CHARS = 8_000;
const TEXT_CUTS = [2_000, 500, 100];

function cutTexts(value: unknown, max: number): unknown {
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, max - 1)}…` : value;
  if (Array.isArray(value)) return value.map((v) => cutTexts(v, max));
  if (value && typeof value === 'object') {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value)) out[k] = cutTexts(v, max);
    return out;
  }
  return value;
}

const size = (value: unknown) => JSON.stringify(value).length;

/**
 * `order`: the attribute layout; the first (the number the entry is keyed by) is never cut, nor
 * what follows the attributes (already bounded).
 */
function fitEntry(entry: unknown[], order: readonly string[]): unknown[] {
  if (size(entry) <= MAX_ENTRY_CHARS) return entry;
  const head = entry.slice(0, 3);
  const tail = entry.slice(4);
  let packed = entry[3] as unknown[];
  for (const max of TEXT_CUTS) {
    packed = [packed[0], ...(cutTexts(packed.slice(1), max) as unknown[])];
    if (size([...head, packed, ...tail]) <= MAX_ENTRY_CHARS) return [...head, packed, ...tail];
  }
  // Still too big (huge lists): drop the largest attributes, one at a time.
  const slots: { i: number; name?: string; n: number }[] = [];
  packed.forEach((v, i) => {
    if (i === 0) return;
    if (i === order.length && v && typeof v === 'object') {
      for (const [name, x] of Object.entries(v)) slots.push({ i, name, n: size(x) });
    } else slots.push({ i, n: size(v ?? null) });
  });
  slots.sort((a, b) => b.n - a.n);
  const marker = { [OVERSIZED_KEY]: true };
  for (const slot of slots) {
    if (slot.name === undefined) packed[slot.i] = marker;
    else (packed[slot.i] as Record<string, unknown>)[slot.name] = marker;
    if (size([...head, packed, ...tail]) <= MAX_ENTRY_CHARS) break;
  }
  return [...head, packed, ...tail];
}

/** The name as recorded (already bounded); anything but text or a number is kept as unreadable. */
function compactTerminalName(value: unknown): unknown {
  if (value == null) return null;
  return typeof value === 'string' || typeof value === 'number' ? value : { [OVERSIZED_KEY]: true };
}

/**
 * [fetchedAt, id, shipmentId, ...attributes, podTerminalName?]: the POD terminal's name (not a
 * container attribute) only when the answer told it; an entry without it leaves it unknown.
 */
export function encodeContainer(r: ContainerRecord, fetchedAt: number): unknown[] {
  const { [POD_TERMINAL_NAME]: terminal, ...attributes } = r.attributes;
  const entry: unknown[] = [
    fetchedAt,
    r.id,
    r.shipmentId,
    packAttributes(attributes, CONTAINER_ATTRIBUTES),
  ];
  if (terminal !== undefined) entry.push(compactTerminalName(terminal));
  return fitEntry(entry, CONTAINER_ATTRIBUTES);
}

export function decodeContainer(entry: unknown[]): ContainerRecord | null {
  if (entry.length < 4 || !Array.isArray(entry[3])) return null;
  const attributes = unpackAttributes(entry[3], CONTAINER_ATTRIBUTES) as ContainerAttributes;
  if (entry.length > 4) attributes[POD_TERMINAL_NAME] = entry[4];
  return {
    id: String(entry[1]),
    shipmentId: entry[2] == null ? null : String(entry[2]),
    attributes,
  };
}

/** [fetchedAt, id, containerNumbers | null, ...attributes] */
export function encodeShipment(r: ShipmentRecord, fetchedAt: number): unknown[] {
  return fitEntry(
    [
      fetchedAt,
      r.id,
      r.containerNumbers ?? null,
      packAttributes(r.attributes, SHIPMENT_ATTRIBUTES),
    ],
    SHIPMENT_ATTRIBUTES,
  );
}

export function decodeShipment(entry: unknown[]): ShipmentRecord | null {
  if (entry.length < 4 || !Array.isArray(entry[3])) return null;
  const record: ShipmentRecord = {
    id: String(entry[1]),
    attributes: unpackAttributes(entry[3], SHIPMENT_ATTRIBUTES) as ShipmentAttributes,
  };
  if (Array.isArray(entry[2])) record.containerNumbers = entry[2].map(String);
  return record;
}
