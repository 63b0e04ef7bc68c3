// Gathers the containers and shipments of several responses, and indexes every shipment
// identifier (BOL, booking, reference number) to its shipment as they arrive.

import type { JsonApiDocument } from '../api/jsonapi';
import { recordsOf } from '../api/resources';
import { AppError } from '../core/errors';
import type { ContainerRecord, ShipmentRecord } from '../core/model';
import { identifierKey, shipmentIdentifiers } from './record-store';

export function isApiError(x: JsonApiDocument | AppError): x is AppError {
  return x instanceof AppError;
}

export class RecordCollector {
  readonly containers = new Map<string, ContainerRecord>();
  readonly shipments = new Map<string, ShipmentRecord>();
  /** Identifier key → shipment id; the first shipment seen keeps a shared reference number. */
  readonly identifiers = new Map<string, string>();

  absorb(doc: JsonApiDocument): void {
    const r = recordsOf(doc);
    for (const c of r.containers) this.containers.set(c.attributes.number, c);
    for (const s of r.shipments) {
      this.shipments.set(s.id, s);
      for (const key of shipmentIdentifiers(s))
        if (!this.identifiers.has(key)) this.identifiers.set(key, s.id);
    }
  }

  hasIdentifier(identifier: string): boolean {
    return this.identifiers.has(identifierKey(identifier));
  }
}
