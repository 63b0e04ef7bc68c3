// The shared cache of tracking data: containers by number, shipments by id, and an index from
// every shipment identifier (BOL, booking, reference number) to its shipment. One getAll reads all
// a lookup needs; writes merge under the document lock so concurrent executions don't lose data.

import { AppError } from '../core/errors';
import { INCLUDED_NAMES, type ContainerRecord, type ShipmentRecord } from '../core/model';
import { sent } from '../core/attribute-values';
import { compareJourneys } from '../core/journeys';
import { bucketKey, emptyBucket, parseBucket, serializeBucket, type Bucket } from './buckets';
import type { Clock, SharedCache, SharedLock } from '../core/ports';
import { decodeContainer, decodeShipment, encodeContainer, encodeShipment } from './record-codec';
import { GONE_KEY, readGone, takeIn, writeGone } from './disappearances';
import {
  CACHE_TTL_SECONDS,
  CONTAINERS,
  CacheView,
  IDENTIFIERS,
  META_KEY,
  SHIPMENTS,
  identifierKey,
  type AccountMeta,
  type Cached,
} from './cache-view';

export {
  CACHE_TTL_SECONDS,
  CONTAINERS,
  CacheView,
  IDENTIFIERS,
  META_KEY,
  SHIPMENTS,
  identifierKey,
  type AccountMeta,
  type Cached,
  type ListingProgress,
} from './cache-view';

const LOCK_WAIT_MS = 5_000;

/** What a write kept: the records as stored, and the all-empty answers it did not apply. */
export interface Written {
  containers: ContainerRecord[];
  /** The shipments as kept (an all-empty answer: the cached one, when there is one). */
  shipments: ShipmentRecord[];
  /** Container numbers whose answer was all empty: not applied, the cached record stays. */
  withheld: Set<string>;
  /** Shipment ids answered all empty with nothing cached: no record to show for them. */
  withheldShipments: Set<string>;
}

export interface StoreUpdate {
  containers?: ContainerRecord[];
  shipments?: ShipmentRecord[];
  /** Numbers confirmed not to be in the account. */
  missingContainers?: string[];
  missingIdentifiers?: string[];
  meta?: Partial<AccountMeta>;
  /** A complete listing: drop every container and shipment entry not in this update. */
  replaceAll?: boolean;
  /**
   * The service's answer to this spreadsheet's own edit (stop, resume, ref numbers): what it
   * says is what the person just did, applied as it is (a resume clears the stop at once).
   */
  asIs?: boolean;
}

export function shipmentIdentifiers(s: ShipmentRecord): string[] {
  const a = s.attributes;
  const refs: unknown[] = Array.isArray(a.ref_numbers) ? a.ref_numbers : [];
  const ids: unknown[] = [a.bill_of_lading_number, a.normalized_number, ...refs];
  return [
    ...new Set(
      ids.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map(identifierKey),
    ),
  ];
}

/**
 * An answer that did not include the POD terminal or the pickup facility (a PATCH of ref numbers,
 * say) keeps the names learnt earlier for the same container: unknown is not empty.
 */
function withKnownTerminal(c: ContainerRecord, cached: unknown[] | undefined): ContainerRecord {
  const missing = INCLUDED_NAMES.filter((name) => !sent(c.attributes, name));
  if (missing.length === 0 || !cached) return c;
  const previous = decodeContainer(cached);
  if (previous?.id !== c.id) return c;
  const known = missing.filter((name) => sent(previous.attributes, name));
  if (known.length === 0) return c;
  const attributes = { ...c.attributes };
  for (const name of known) attributes[name] = previous.attributes[name];
  return { ...c, attributes };
}

export class RecordStore {
  constructor(
    private readonly cache: SharedCache,
    private readonly lock: SharedLock,
    private readonly clock: Clock,
  ) {}

  static containerKeys(numbers: readonly string[]): string[] {
    return [...new Set(numbers.map((n) => bucketKey(CONTAINERS, n)))];
  }

  static identifierKeys(identifiers: readonly string[]): string[] {
    return [...new Set(identifiers.map((n) => bucketKey(IDENTIFIERS, identifierKey(n))))];
  }

  static shipmentKeys(ids: readonly string[]): string[] {
    return [...new Set(ids.map((id) => bucketKey(SHIPMENTS, id)))];
  }

  /** Every cached container (one read of all container buckets). */
  allContainers(): ContainerRecord[] {
    const keys = Array.from({ length: CONTAINERS.count }, (_, i) => `${CONTAINERS.prefix}${i}`);
    const raw = this.cache.getAll(keys);
    return keys.flatMap((k) =>
      Object.values(parseBucket(raw[k]))
        .map((entry) => (entry.length > 1 ? decodeContainer(entry) : null))
        .filter((r): r is ContainerRecord => r != null),
    );
  }

  read(keys: string[]): CacheView {
    return new CacheView(this.cache.getAll([...new Set([META_KEY, ...keys])]));
  }

  private locked<T>(fn: () => T): T {
    if (!this.lock.tryLock(LOCK_WAIT_MS)) {
      throw new AppError(
        'busy',
        'Other cells are saving tracking data right now. Try again in a few seconds.',
      );
    }
    try {
      return fn();
    } finally {
      this.lock.release();
    }
  }

  /**
   * Claims the right to load the account and returns the account's meta as it stood, with `keys`
   * read in the same locked read; null when another execution is already loading it. The caller
   * must look at that view again: another load may have ended since its last read.
   */
  claimFlight(
    owner: string,
    forMs: number,
    keys: string[] = [],
  ): { meta: AccountMeta; view: CacheView } | null {
    return this.locked(() => {
      const view = this.read(keys);
      const meta = view.meta;
      const now = this.clock.now();
      if (meta.flight && meta.flight.until > now && meta.flight.owner !== owner) return null;
      this.cache.putAll(
        { [META_KEY]: JSON.stringify({ ...meta, flight: { owner, until: now + forMs } }) },
        CACHE_TTL_SECONDS,
      );
      return { meta, view };
    });
  }

  /**
   * Merges an update into the cache under the lock. Fresh records are reconciled with the cached
   * ones first (engine/disappearances.ts): the records returned are the ones kept, which the
   * caller shows and observes, so every surface agrees; `withheld` ones (all-empty answers) are
   * not applied at all.
   */
  write(update: StoreUpdate): Written {
    const now = this.clock.now();
    const missing = update.missingContainers ?? [];
    const missingIds = (update.missingIdentifiers ?? []).map(identifierKey);
    const incoming = {
      containers: update.containers ?? [],
      shipments: update.shipments ?? [],
    };
    let containers: ContainerRecord[] = [];
    let shipments: ShipmentRecord[] = [];
    const written: Written = {
      containers,
      shipments,
      withheld: new Set(),
      withheldShipments: new Set(),
    };
    const identifierEntries = () =>
      shipments.flatMap((s) => shipmentIdentifiers(s).map((key) => [key, s.id] as const));

    // A listing that did not include a container's shipment says nothing about that shipment:
    // the copy cached earlier is kept (read back below), never dropped as if it were gone.
    const sent = new Set(incoming.shipments.map((s) => s.id));
    const unsentShipments = update.replaceAll
      ? [
          ...new Set(
            incoming.containers.flatMap((c) =>
              c.shipmentId && !sent.has(c.shipmentId) ? [c.shipmentId] : [],
            ),
          ),
        ]
      : [];
    const incomingKeys = [
      ...RecordStore.containerKeys(incoming.containers.map((c) => c.attributes.number)),
      ...RecordStore.shipmentKeys(incoming.shipments.map((s) => s.id)),
    ];

    const touched = new Set<string>([META_KEY]);
    if (update.replaceAll) {
      for (let i = 0; i < CONTAINERS.count; i++) touched.add(`${CONTAINERS.prefix}${i}`);
      for (let i = 0; i < SHIPMENTS.count; i++) touched.add(`${SHIPMENTS.prefix}${i}`);
      for (let i = 0; i < IDENTIFIERS.count; i++) touched.add(`${IDENTIFIERS.prefix}${i}`);
    }
    for (const k of RecordStore.containerKeys(missing)) touched.add(k);
    for (const k of incomingKeys) touched.add(k);
    for (const k of RecordStore.identifierKeys([
      ...incoming.shipments.flatMap(shipmentIdentifiers),
      ...missingIds,
    ]))
      touched.add(k);

    this.locked(() => {
      const raw = update.replaceAll
        ? this.cache.getAll([
            META_KEY,
            GONE_KEY,
            ...RecordStore.shipmentKeys(unsentShipments),
            ...incomingKeys,
          ])
        : this.cache.getAll([...touched, GONE_KEY]);
      const before = new CacheView(raw);
      const known = <T>(c: Cached<T>) => (c && 'record' in c ? c : null);
      const intake = takeIn(
        update.asIs ? { containers: [], shipments: [] } : incoming,
        {
          container: (n) => known(before.container(n)),
          shipment: (id) => known(before.shipment(id)),
        },
        readGone(raw[GONE_KEY]),
        now,
      );
      containers = written.containers = update.asIs ? incoming.containers : intake.containers;
      shipments = update.asIs ? incoming.shipments : intake.shipments;
      written.shipments = [...shipments, ...intake.withheld.shipments.map((k) => k.record)];
      for (const n of intake.withheldKeys.containers) written.withheld.add(n);
      const cachedShipments = new Set(intake.withheld.shipments.map((k) => k.record.id));
      for (const id of intake.withheldKeys.shipments)
        if (!cachedShipments.has(id)) written.withheldShipments.add(id);
      const buckets = new Map<string, Bucket>();
      const bucket = (key: string) => {
        let b = buckets.get(key);
        if (!b) {
          b = update.replaceAll ? emptyBucket() : parseBucket(raw[key]);
          buckets.set(key, b);
        }
        return b;
      };
      for (const k of touched) if (k !== META_KEY) bucket(k);
      for (const id of unsentShipments) {
        const kept = parseBucket(raw[bucketKey(SHIPMENTS, id)])[id];
        const record = kept ? decodeShipment(kept) : null;
        if (!kept || !record) continue;
        bucket(bucketKey(SHIPMENTS, id))[id] = kept;
        for (const key of shipmentIdentifiers(record))
          bucket(bucketKey(IDENTIFIERS, key))[key] ??= [Number(kept[0]), id];
      }
      for (const n of missing) bucket(bucketKey(CONTAINERS, n))[n] = [now];
      // An all-empty answer changes nothing: the record cached before stays, with its own time.
      for (const k of intake.withheld.containers)
        bucket(bucketKey(CONTAINERS, k.record.attributes.number))[k.record.attributes.number] =
          encodeContainer(k.record, k.fetchedAt);
      for (const k of intake.withheld.shipments)
        bucket(bucketKey(SHIPMENTS, k.record.id))[k.record.id] = encodeShipment(
          k.record,
          k.fetchedAt,
        );
      for (const c of containers) {
        const number = c.attributes.number;
        const b = bucket(bucketKey(CONTAINERS, number));
        // Another journey under this number that is newer than this one keeps its place.
        const cached = update.replaceAll ? null : before.container(number);
        if (cached && 'record' in cached && cached.record.id !== c.id) {
          if (compareJourneys(cached.record, c) > 0) continue;
        }
        b[number] = encodeContainer(withKnownTerminal(c, b[number]), now);
      }
      for (const s of shipments) {
        const b = bucket(bucketKey(SHIPMENTS, s.id));
        // Keep container numbers learnt earlier when this copy of the shipment lacks them.
        const previous = b[s.id] ? decodeShipment(b[s.id]!) : null;
        const merged =
          s.containerNumbers || !previous?.containerNumbers
            ? s
            : { ...s, containerNumbers: previous.containerNumbers };
        b[s.id] = encodeShipment(merged, now);
      }
      for (const key of missingIds) bucket(bucketKey(IDENTIFIERS, key))[key] = [now];
      for (const [key, id] of identifierEntries()) {
        const b = bucket(bucketKey(IDENTIFIERS, key));
        // Several shipments can share a reference number: the first one stays (the service's rule).
        const existing = b[key];
        if (!existing || existing.length === 1 || Number(existing[0]) < now || existing[1] === id)
          b[key] = [now, id];
      }
      const metaView = before.meta;
      const values: Record<string, string> = {
        [META_KEY]: JSON.stringify({ ...metaView, ...update.meta }),
      };
      const gone = writeGone(intake.gone, now);
      if (gone !== (raw[GONE_KEY] ?? '{}')) values[GONE_KEY] = gone;
      let dropped = false;
      for (const [key, b] of buckets) {
        const out = serializeBucket(b);
        values[key] = out.text;
        dropped ||= out.dropped;
      }
      if (dropped) {
        // Some entries did not fit: a number missing from its bucket may still be tracked.
        values[META_KEY] = JSON.stringify({ ...metaView, ...update.meta, listedAt: 0 });
      }
      this.cache.putAll(values, CACHE_TTL_SECONDS);
    });
    return written;
  }
}
