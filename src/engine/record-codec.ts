// Compact cache entries: attribute values in the spec's fixed order instead of repeated names,
// which roughly halves what a 10,000-container account takes in the cache.

import {
  CONTAINER_ATTRIBUTES,
  SHIPMENT_ATTRIBUTES,
  type ContainerAttributes,
  type ContainerRecord,
  type ShipmentAttributes,
  type ShipmentRecord,
} from '../core/model';

function packAttributes(attributes: Record<string, unknown>, order: readonly string[]): unknown[] {
  const values = order.map((name) => attributes[name] ?? null);
  const extras: Record<string, unknown> = {};
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
  const out: Record<string, unknown> = {};
  order.forEach((name, i) => {
    const v = values[i];
    if (v !== undefined) out[name] = v;
  });
  const extras = values[order.length];
  if (extras && typeof extras === 'object') Object.assign(out, extras);
  return out;
}

/** [fetchedAt, id, shipmentId, ...attributes] */
export function encodeContainer(r: ContainerRecord, fetchedAt: number): unknown[] {
  return [fetchedAt, r.id, r.shipmentId, packAttributes(r.attributes, CONTAINER_ATTRIBUTES)];
}

export function decodeContainer(entry: unknown[]): ContainerRecord | null {
  if (entry.length < 4 || !Array.isArray(entry[3])) return null;
  return {
    id: String(entry[1]),
    shipmentId: entry[2] == null ? null : String(entry[2]),
    attributes: unpackAttributes(entry[3], CONTAINER_ATTRIBUTES) as ContainerAttributes,
  };
}

/** [fetchedAt, id, containerNumbers | null, ...attributes] */
export function encodeShipment(r: ShipmentRecord, fetchedAt: number): unknown[] {
  return [
    fetchedAt,
    r.id,
    r.containerNumbers ?? null,
    packAttributes(r.attributes, SHIPMENT_ATTRIBUTES),
  ];
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
