// Gathers the containers and shipments of several responses, and indexes every shipment
// identifier (BOL, booking, reference number) to its shipment as they arrive.

import { dataList, listDocument, type JsonApiDocument, type Resource } from '../api/jsonapi';
import { recordsOf } from '../api/resources';
import { AppError } from '../core/errors';
import { newerJourney } from '../core/journeys';
import type { ContainerRecord, ShipmentRecord } from '../core/model';
import { identifierKey, shipmentIdentifiers } from './record-store';
import { isAllEmpty } from './disappearances';

export function isApiError(x: JsonApiDocument | AppError): x is AppError {
  return x instanceof AppError;
}

/** A container without a text number cannot answer for any row: it is skipped. */
function hasNumber(r: Resource): boolean {
  const number = r.attributes?.number;
  return r.type !== 'container' || (typeof number === 'string' && number !== '');
}

/**
 * A container answered without its number, or a shipment without any attribute (every attribute
 * null or absent): a blank.
 */
const isBlank = (r: Resource) =>
  (r.type === 'container' && !hasNumber(r)) ||
  (r.type === 'shipment' && isAllEmpty(r.attributes ?? {}));

export class RecordCollector {
  readonly containers = new Map<string, ContainerRecord>();
  readonly shipments = new Map<string, ShipmentRecord>();
  /** Identifier key → shipment id; the first shipment seen keeps a shared reference number. */
  readonly identifiers = new Map<string, string>();
  /**
   * Containers answered blank (no number: every attribute null or absent) in all documents so
   * far. Such an answer is never applied (engine/disappearances.ts), and a number it may stand
   * for is not called untracked: the service did answer, only without data.
   */
  blanks = 0;

  /**
   * Throws an 'upstream' AppError when the document is not a listing (no `data` list): a wrong
   * shape is never read as "no records". A record that cannot be read is skipped on its own.
   * Returns how many containers this document answered blank.
   */
  absorb(doc: JsonApiDocument): number {
    const list = listDocument(doc);
    const blanks = [...dataList(list), ...(list.included ?? [])].filter(isBlank).length;
    this.blanks += blanks;
    const r = recordsOf({
      ...list,
      data: dataList(list).filter(hasNumber),
      included: (list.included ?? []).filter(hasNumber),
    });
    for (const c of r.containers) {
      const number = c.attributes.number;
      const seen = this.containers.get(number);
      // One number, two journeys (an old returned one and a new one): the newest wins.
      this.containers.set(number, seen ? newerJourney(seen, c) : c);
    }
    for (const s of r.shipments) {
      this.shipments.set(s.id, s);
      for (const key of shipmentIdentifiers(s))
        if (!this.identifiers.has(key)) this.identifiers.set(key, s.id);
    }
    return blanks;
  }

  hasIdentifier(identifier: string): boolean {
    return this.identifiers.has(identifierKey(identifier));
  }
}
