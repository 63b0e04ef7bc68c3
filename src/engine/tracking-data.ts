// Answers "what do we know about these containers / shipments" for every surface: from the shared
// cache when fresh, else by loading what is missing once (single flight) and sharing the result.

import type { ApiClient } from '../api/client';
import {
  hasValidCheckDigit,
  containerCheckDigit,
  looksLikeContainerNumber,
} from '../core/container-number';
import { AppError, toAppError } from '../core/errors';
import type { ContainerRecord, ShipmentRecord } from '../core/model';
import { DEFAULT_LOAD_POLICY, loadMissing, type LoadPolicy } from './account-loader';
import type { Clock } from '../core/ports';
import { RecordStore, type AccountMeta, type CacheView } from './record-store';

export interface FreshnessPolicy {
  /** Data younger than this is served without asking the service. */
  freshMs: number;
  /** "Not tracked" answers are re-checked after this (a tracking request may have created it). */
  negativeFreshMs: number;
  /** How long to wait for another execution that is loading the account. */
  flightWaitMs: number;
  /** How long a loading execution may hold the flight before others stop waiting for it. */
  flightMs: number;
}

export const DEFAULT_FRESHNESS: FreshnessPolicy = {
  freshMs: 15 * 60_000,
  negativeFreshMs: 10 * 60_000,
  flightWaitMs: 20_000,
  flightMs: 25_000,
};

export type ContainerAnswer =
  | { container: ContainerRecord; shipment: ShipmentRecord | null; fetchedAt: number }
  | { error: AppError };

export type ShipmentAnswer = { shipment: ShipmentRecord; fetchedAt: number } | { error: AppError };

export function notTrackedError(number: string): AppError {
  let hint = '';
  if (looksLikeContainerNumber(number) && !hasValidCheckDigit(number)) {
    const expected = containerCheckDigit(number.slice(0, 10));
    hint = ` Its check digit should be ${expected}, so it may be mistyped.`;
  }
  return new AppError(
    'not-found',
    `${number} is not tracked in this account.${hint} Start tracking it from the sidebar (Track) or the Tracking sheet.`,
  );
}

/**
 * Why a container's shipment cannot be shown: it has none in the service (a valid state, e.g. a
 * box tracked on its own), or the service has not sent it with the container yet.
 */
export function shipmentMissing(number: string, container: ContainerRecord): AppError {
  return container.shipmentId
    ? new AppError(
        'not-found',
        `The tracking service has not sent the shipment of ${number} yet; it fills in when the account is next listed (Refresh now, or at the next refresh).`,
      )
    : new AppError('not-found', `${number} has no shipment in the tracking service.`);
}

interface Deps {
  store: RecordStore;
  clock: Clock;
  /** Built on demand: a warm lookup needs neither the key nor the network. */
  client: () => ApiClient;
  /** Identifies this execution for the single-flight claim. */
  owner: string;
  freshness?: FreshnessPolicy;
  load?: LoadPolicy;
}

type Known<T> =
  { found: T; at: number } | { missing: true } | { unknown: true; stale?: T; at?: number };

export class TrackingData {
  private readonly freshness: FreshnessPolicy;
  constructor(private readonly deps: Deps) {
    this.freshness = deps.freshness ?? DEFAULT_FRESHNESS;
  }

  private containerState(view: CacheView, number: string, now: number): Known<ContainerRecord> {
    const c = view.container(number);
    const f = this.freshness;
    if (c && 'record' in c) {
      return now - c.fetchedAt < f.freshMs
        ? { found: c.record, at: c.fetchedAt }
        : { unknown: true, stale: c.record, at: c.fetchedAt };
    }
    if (c && now - c.missingAt < f.negativeFreshMs) return { missing: true };
    // After a complete listing, absence from a bucket means "not tracked"; an evicted bucket
    // means nothing.
    if (!c && view.hasContainerBucket(number) && now - view.meta.listedAt < f.negativeFreshMs) {
      return { missing: true };
    }
    return { unknown: true };
  }

  private identifierState(view: CacheView, identifier: string, now: number): Known<string> {
    const idx = view.shipmentIdFor(identifier);
    const f = this.freshness;
    if (idx && 'id' in idx)
      return now - idx.at < f.freshMs
        ? { found: idx.id, at: idx.at }
        : { unknown: true, stale: idx.id, at: idx.at };
    if (idx && now - idx.missingAt < f.negativeFreshMs) return { missing: true };
    if (
      !idx &&
      view.hasIdentifierBucket(identifier) &&
      now - view.meta.listedAt < f.negativeFreshMs
    ) {
      return { missing: true };
    }
    return { unknown: true };
  }

  /**
   * Loads whatever `unknown` lists, once for all executions: the first claims the flight, the
   * others wait for its result. Returns the failures per number (others are now in the cache).
   */
  private fetchMissing(
    keys: string[],
    containers: string[],
    identifiers: string[],
    stillUnknown: (view: CacheView) => { containers: string[]; identifiers: string[] },
    /** Every missing number has older data to show: don't wait for someone else's load. */
    staleCovers: boolean,
  ): { view: CacheView; failures: Map<string, AppError> } {
    const { store, clock } = this.deps;
    const failures = new Map<string, AppError>();
    let want = { containers, identifiers };
    const giveUpAt = clock.now() + this.freshness.flightWaitMs;
    let view: CacheView | null = null;
    let client: ApiClient;
    try {
      client = this.deps.client();
    } catch (e) {
      for (const n of [...containers, ...identifiers]) failures.set(n, e as AppError);
      return { view: store.read(keys), failures };
    }
    const failAll = (error: AppError) => {
      for (const n of [...want.containers, ...want.identifiers]) failures.set(n, error);
      return { view: view ?? store.read(keys), failures };
    };
    // The document lock may be unavailable (another execution holds it): then each number gets
    // that reason, and the caller still answers every cell it has data for.
    const tryClaim = (): { meta: AccountMeta; view: CacheView } | null | AppError => {
      try {
        return store.claimFlight(this.deps.owner, this.freshness.flightMs, keys);
      } catch (e) {
        return toAppError(e);
      }
    };
    let claim: { meta: AccountMeta; view: CacheView } | null | AppError;
    while (!(claim = tryClaim())) {
      if (staleCovers) return { view: view ?? store.read(keys), failures };
      if (clock.now() >= giveUpAt) {
        const busy = new AppError(
          'busy',
          'Another cell is loading tracking data. It will fill in at the next refresh; or edit the cell to retry.',
        );
        for (const n of [...want.containers, ...want.identifiers]) failures.set(n, busy);
        return { view: view ?? store.read(keys), failures };
      }
      clock.sleep(1_000);
      view = store.read(keys);
      want = stillUnknown(view);
      if (want.containers.length + want.identifiers.length === 0) return { view, failures };
    }
    if (claim instanceof AppError) return failAll(claim);
    const letFlightGo = () => {
      try {
        store.write({ meta: { flight: null } });
      } catch {
        // The lock is busy: the claim expires on its own (flightMs).
      }
    };
    // Another execution's load may have ended between our last read and the claim: fetch only
    // what the cache still lacks, and nothing (giving the flight back) when that is nothing.
    want = stillUnknown(claim.view);
    if (want.containers.length + want.identifiers.length === 0) {
      letFlightGo();
      return { view: claim.view, failures };
    }
    let result: ReturnType<typeof loadMissing>;
    try {
      result = loadMissing(
        client,
        want,
        claim.meta,
        clock.now(),
        this.deps.load ?? DEFAULT_LOAD_POLICY,
      );
    } catch (e) {
      // An answer of the wrong shape (or a lock the request gate could not get): these numbers
      // fail with the reason; the flight is let go so others need not wait it out.
      letFlightGo();
      return failAll(toAppError(e));
    }
    try {
      store.write({ ...result.update, meta: { ...result.update.meta, flight: null } });
    } catch (e) {
      // Could not save (lock held too long): these numbers get the reason, the rest of the range
      // still gets its values.
      for (const n of [...want.containers, ...want.identifiers])
        result.failures.set(n, e as AppError);
    }
    return { view: store.read(keys), failures: result.failures };
  }

  /** Container numbers must already be normalised. */
  containers(
    numbers: readonly string[],
    options: { withShipments?: boolean; view?: CacheView } = {},
  ): Map<string, ContainerAnswer> {
    const { store, clock } = this.deps;
    const unique = [...new Set(numbers)];
    const keys = RecordStore.containerKeys(unique);
    let view = options.view ?? store.read(keys);
    const unknownIn = (v: CacheView) => ({
      containers: unique.filter((n) => 'unknown' in this.containerState(v, n, clock.now())),
      identifiers: [],
    });
    let failures = new Map<string, AppError>();
    const missing = unknownIn(view).containers;
    if (missing.length > 0) {
      const staleCovers = missing.every((n) => {
        const state = this.containerState(view, n, clock.now());
        return 'unknown' in state && !!state.stale;
      });
      ({ view, failures } = this.fetchMissing(keys, missing, [], unknownIn, staleCovers));
    }

    const now = clock.now();
    const answers = new Map<string, ContainerAnswer>();
    const shipmentIds = new Set<string>();
    for (const n of unique) {
      const state = this.containerState(view, n, now);
      if ('found' in state) {
        answers.set(n, { container: state.found, shipment: null, fetchedAt: state.at });
        if (state.found.shipmentId) shipmentIds.add(state.found.shipmentId);
      } else if ('missing' in state) {
        answers.set(n, { error: notTrackedError(n) });
      } else if (state.stale) {
        // The service could not be asked: yesterday's data beats an error, and `Updated` says how old.
        answers.set(n, { container: state.stale, shipment: null, fetchedAt: state.at ?? 0 });
        if (state.stale.shipmentId) shipmentIds.add(state.stale.shipmentId);
      } else {
        answers.set(n, {
          error:
            failures.get(n) ??
            new AppError('busy', 'Tracking data is not loaded yet. Try again in a minute.'),
        });
      }
    }
    if (options.withShipments && shipmentIds.size > 0) {
      const shipmentView = store.read(RecordStore.shipmentKeys([...shipmentIds]));
      for (const [n, a] of answers) {
        if ('container' in a && a.container.shipmentId) {
          const s = shipmentView.shipment(a.container.shipmentId);
          if (s && 'record' in s) answers.set(n, { ...a, shipment: s.record });
        }
      }
    }
    return answers;
  }

  /** Shipments by BOL, booking or reference number, or by one of their container numbers. */
  shipments(
    identifiers: readonly string[],
    options: { view?: CacheView } = {},
  ): Map<string, ShipmentAnswer> {
    const { store, clock } = this.deps;
    const unique = [...new Set(identifiers)];
    const byContainer = unique.filter((i) => looksLikeContainerNumber(i));
    const byIdentifier = unique.filter((i) => !looksLikeContainerNumber(i));
    const answers = new Map<string, ShipmentAnswer>();

    const containerAnswers =
      byContainer.length > 0
        ? this.containers(byContainer, { withShipments: true, view: options.view })
        : new Map<string, ContainerAnswer>();
    for (const [n, a] of containerAnswers) {
      if ('error' in a) answers.set(n, a);
      else if (a.shipment) answers.set(n, { shipment: a.shipment, fetchedAt: a.fetchedAt });
      else answers.set(n, { error: shipmentMissing(n, a.container) });
    }
    if (byIdentifier.length === 0) return answers;

    const keys = RecordStore.identifierKeys(byIdentifier);
    let view = byContainer.length === 0 && options.view ? options.view : store.read(keys);
    const unknownIn = (v: CacheView) => ({
      containers: [],
      identifiers: byIdentifier.filter((i) => 'unknown' in this.identifierState(v, i, clock.now())),
    });
    let failures = new Map<string, AppError>();
    const missing = unknownIn(view).identifiers;
    if (missing.length > 0) {
      const staleCovers = missing.every((i) => {
        const state = this.identifierState(view, i, clock.now());
        return 'unknown' in state && !!state.stale;
      });
      ({ view, failures } = this.fetchMissing(keys, [], missing, unknownIn, staleCovers));
    }

    const now = clock.now();
    const idFor = new Map<string, { id: string; at: number }>();
    for (const i of byIdentifier) {
      const state = this.identifierState(view, i, now);
      if ('found' in state) idFor.set(i, { id: state.found, at: state.at });
      else if ('missing' in state) answers.set(i, { error: notTrackedError(i) });
      else if (state.stale) idFor.set(i, { id: state.stale, at: state.at ?? 0 });
      else
        answers.set(i, {
          error:
            failures.get(i) ??
            new AppError('busy', 'Tracking data is not loaded yet. Try again in a minute.'),
        });
    }
    if (idFor.size > 0) {
      const shipmentView = store.read(
        RecordStore.shipmentKeys([...idFor.values()].map((x) => x.id)),
      );
      for (const [i, { id }] of idFor) {
        const s = shipmentView.shipment(id);
        answers.set(
          i,
          s && 'record' in s
            ? { shipment: s.record, fetchedAt: s.fetchedAt }
            : {
                error: new AppError(
                  'busy',
                  `The shipment for ${i} was evicted from the cache. Try again in a minute.`,
                ),
              },
        );
      }
    }
    return answers;
  }
}
