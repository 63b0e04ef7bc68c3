// The shared cache of tracking data: containers by number, shipments by id, and an index from
// every shipment identifier (BOL, booking, reference number) to its shipment. One getAll reads all
// a lookup needs; writes merge under the document lock so concurrent executions don't lose data.

import { AppError } from '../core/errors';
import { POD_TERMINAL_NAME, type ContainerRecord, type ShipmentRecord } from '../core/model';
import { sent } from '../core/attribute-values';
import { compareJourneys } from '../core/journeys';
import {
  bucketKey,
  emptyBucket,
  parseBucket,
  serializeBucket,
  type Bucket,
  type BucketSpace,
} from './buckets';
import type { Clock, SharedCache, SharedLock } from '../core/ports';
import { decodeContainer, decodeShipment, encodeContainer, encodeShipment } from './record-codec';

export const CONTAINERS: BucketSpace = { prefix: 'ct:c:', count: 512 };
export const SHIPMENTS: BucketSpace = { prefix: 'ct:s:', count: 192 };
export const IDENTIFIERS: BucketSpace = { prefix: 'ct:n:', count: 48 };
export const META_KEY = 'ct:meta';
/** Apps Script keeps cache entries at most 6 hours. */
export const CACHE_TTL_SECONDS = 21_600;
const LOCK_WAIT_MS = 5_000;

export interface AccountMeta {
  /** Containers in the account (meta.total of the last listing page). */
  total: number | null;
  totalAt: number;
  /** When a listing of every container last completed: numbers absent since then are not tracked. */
  listedAt: number;
  /** An execution loading the account; others wait for it instead of fetching the same pages. */
  flight: { owner: string; until: number } | null;
  /** A listing spread over several loads (a large range): the next load continues it. */
  listing?: ListingProgress | null;
  /** Shipments the service still tracks (the active listing's size), and when that was read. */
  active?: number | null;
  activeAt?: number;
  /** Containers of those shipments (with `total`, the share of the account still tracked). */
  activeContainers?: number | null;
}

export interface ListingProgress {
  startedAt: number;
  nextPage: number;
  /** Pages the service's meta.total claims (a hint only). */
  claimed: number;
  /** Listing requests spent since `windowStart` (a range takes at most a share per minute). */
  windowStart: number;
  spent: number;
}

const EMPTY_META: AccountMeta = { total: null, totalAt: 0, listedAt: 0, flight: null };

export function identifierKey(text: string): string {
  return text.normalize('NFKC').trim().toUpperCase().replace(/\s+/g, '');
}

export type Cached<T> = { record: T; fetchedAt: number } | { missingAt: number } | null;

/** What one read of the cache returned. */
export class CacheView {
  constructor(private readonly raw: Record<string, string>) {}
  private readonly parsed = new Map<string, Bucket>();

  private bucket(key: string): Bucket {
    let b = this.parsed.get(key);
    if (!b) {
      b = parseBucket(this.raw[key]);
      this.parsed.set(key, b);
    }
    return b;
  }

  /** A raw entry read along with the data (e.g. the cached settings), to save a service call. */
  value(key: string): string | undefined {
    return this.raw[key];
  }

  get meta(): AccountMeta {
    try {
      const raw = this.raw[META_KEY];
      return raw ? { ...EMPTY_META, ...(JSON.parse(raw) as Partial<AccountMeta>) } : EMPTY_META;
    } catch {
      return EMPTY_META;
    }
  }

  /** Whether the bucket a number belongs to was read (absent: expired or evicted, not "empty"). */
  hasContainerBucket(number: string): boolean {
    return this.raw[bucketKey(CONTAINERS, number)] !== undefined;
  }

  hasIdentifierBucket(identifier: string): boolean {
    return this.raw[bucketKey(IDENTIFIERS, identifierKey(identifier))] !== undefined;
  }

  container(number: string): Cached<ContainerRecord> {
    const entry = this.bucket(bucketKey(CONTAINERS, number))[number];
    if (!entry) return null;
    if (entry.length === 1) return { missingAt: Number(entry[0]) };
    const record = decodeContainer(entry);
    return record ? { record, fetchedAt: Number(entry[0]) } : null;
  }

  shipmentIdFor(identifier: string): { id: string; at: number } | { missingAt: number } | null {
    const key = identifierKey(identifier);
    const entry = this.bucket(bucketKey(IDENTIFIERS, key))[key];
    if (!entry) return null;
    if (entry.length === 1) return { missingAt: Number(entry[0]) };
    return { id: String(entry[1]), at: Number(entry[0]) };
  }

  shipment(id: string): Cached<ShipmentRecord> {
    const entry = this.bucket(bucketKey(SHIPMENTS, id))[id];
    if (!entry) return null;
    const record = decodeShipment(entry);
    return record ? { record, fetchedAt: Number(entry[0]) } : null;
  }
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
 * An answer that did not include the POD terminal (a PATCH of ref numbers, say) keeps the name
 * learnt earlier for the same container: unknown is not empty.
 */
function withKnownTerminal(c: ContainerRecord, cached: unknown[] | undefined): ContainerRecord {
  if (sent(c.attributes, POD_TERMINAL_NAME) || !cached) return c;
  const previous = decodeContainer(cached);
  if (previous?.id !== c.id || !sent(previous.attributes, POD_TERMINAL_NAME)) return c;
  return {
    ...c,
    attributes: { ...c.attributes, [POD_TERMINAL_NAME]: previous.attributes[POD_TERMINAL_NAME] },
  };
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

  write(update: StoreUpdate): void {
    const now = this.clock.now();
    const containers = update.containers ?? [];
    const shipments = update.shipments ?? [];
    const missing = update.missingContainers ?? [];
    const missingIds = (update.missingIdentifiers ?? []).map(identifierKey);
    const identifierEntries = shipments.flatMap((s) =>
      shipmentIdentifiers(s).map((key) => [key, s.id] as const),
    );

    // A listing that did not include a container's shipment says nothing about that shipment:
    // the copy cached earlier is kept (read back below), never dropped as if it were gone.
    const sent = new Set(shipments.map((s) => s.id));
    const unsentShipments = update.replaceAll
      ? [
          ...new Set(
            containers.flatMap((c) =>
              c.shipmentId && !sent.has(c.shipmentId) ? [c.shipmentId] : [],
            ),
          ),
        ]
      : [];

    const touched = new Set<string>([META_KEY]);
    if (update.replaceAll) {
      for (let i = 0; i < CONTAINERS.count; i++) touched.add(`${CONTAINERS.prefix}${i}`);
      for (let i = 0; i < SHIPMENTS.count; i++) touched.add(`${SHIPMENTS.prefix}${i}`);
      for (let i = 0; i < IDENTIFIERS.count; i++) touched.add(`${IDENTIFIERS.prefix}${i}`);
    }
    for (const k of RecordStore.containerKeys([
      ...containers.map((c) => c.attributes.number),
      ...missing,
    ]))
      touched.add(k);
    for (const k of RecordStore.shipmentKeys(shipments.map((s) => s.id))) touched.add(k);
    for (const k of RecordStore.identifierKeys([
      ...identifierEntries.map(([key]) => key),
      ...missingIds,
    ]))
      touched.add(k);

    this.locked(() => {
      const raw = update.replaceAll
        ? this.cache.getAll([META_KEY, ...RecordStore.shipmentKeys(unsentShipments)])
        : this.cache.getAll([...touched]);
      const before = new CacheView(raw);
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
      for (const [key, id] of identifierEntries) {
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
  }
}
