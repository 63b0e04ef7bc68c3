// Apps Script's cache keeps at most ~1,000 entries per cache and evicts the oldest tenth when
// full, so records are packed into a fixed number of hashed buckets (well under that cap), each
// a JSON object kept under the 100 KB value limit by dropping its least recently fetched entries.

export const MAX_BUCKET_CHARS = 90_000;

export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export interface BucketSpace {
  prefix: string;
  count: number;
}

export function bucketKey(space: BucketSpace, id: string): string {
  return `${space.prefix}${hash(id) % space.count}`;
}

/**
 * Each entry is an array whose first element is the time it was fetched. Keys come from the
 * service (container numbers, shipment ids), so a bucket has no prototype: `__proto__`,
 * `constructor` or `hasOwnProperty` are keys like any other.
 */
export type Bucket = Record<string, unknown[]>;

export function emptyBucket(): Bucket {
  return Object.create(null) as Bucket;
}

export function parseBucket(raw: string | undefined): Bucket {
  const bucket = emptyBucket();
  if (!raw) return bucket;
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return bucket;
    // JSON.parse makes "__proto__" an own key; copying keeps it one (the target has no setter).
    for (const [key, entry] of Object.entries(value)) if (Array.isArray(entry)) bucket[key] = entry;
    return bucket;
  } catch {
    return bucket;
  }
}

/**
 * Serialises a bucket, dropping the oldest entries until it fits the cache's value limit.
 * `dropped` says whether anything had to go (then absence from the bucket proves nothing).
 */
export function serializeBucket(bucket: Bucket): { text: string; dropped: boolean } {
  let text = JSON.stringify(bucket);
  if (text.length <= MAX_BUCKET_CHARS) return { text, dropped: false };
  const byAge = Object.entries(bucket).sort((a, b) => Number(a[1][0]) - Number(b[1][0]));
  const kept: Bucket = Object.assign(emptyBucket(), bucket);
  for (const [key] of byAge) {
    delete kept[key];
    text = JSON.stringify(kept);
    if (text.length <= MAX_BUCKET_CHARS) break;
  }
  return { text, dropped: true };
}
