// What one sheet sync (sheet-sync.ts) found: the records, what the service does not track, what
// it answered blank, and how it read the service.

import type { AppError } from '../core/errors';
import type { ContainerRecord, ShipmentRecord } from '../core/model';
import type { SyncWay } from './sync-cost';

export interface SyncResult {
  containers: Map<string, ContainerRecord>;
  shipments: Map<string, ShipmentRecord>;
  /** Shipment identifier key → shipment id. */
  identifiers: Map<string, string>;
  /** Numbers the service confirmed it does not track (a complete cycle did not see them). */
  notTracked: Set<string>;
  /**
   * Numbers the service answered blank this run (every attribute null or absent), or that a
   * listing with blanks did not show: never applied, their rows keep their values.
   */
  withheld: Set<string>;
  /** Why the remaining numbers got no news this run. */
  failure: AppError | null;
  requests: number;
  complete: boolean;
  /** This run saw only part of the account (a listing spread over runs, or targeted look-ups). */
  partial: boolean;
  /** How this run read the service. */
  way: SyncWay;
}
