// One read of the shared cache of tracking data (record-store.ts writes it): where each kind of
// record lives (hashed buckets), the account's meta, and what a read returned.

import type { ContainerRecord, ShipmentRecord } from '../core/model';
import { bucketKey, parseBucket, type Bucket, type BucketSpace } from './buckets';
import { decodeContainer, decodeShipment } from './record-codec';

export const CONTAINERS: BucketSpace = { prefix: 'ct:c:', count: 512 };
export const SHIPMENTS: BucketSpace = { prefix: 'ct:s:', count: 192 };
export const IDENTIFIERS: BucketSpace = { prefix: 'ct:n:', count: 48 };
export const META_KEY = 'ct:meta';
/** Apps Script keeps cache entries at most 6 hours. */
export const CACHE_TTL_SECONDS = 21_600;

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
