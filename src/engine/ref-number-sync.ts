// Two-way sync of reference numbers between a Tracking row's `Ref Numbers` cell and the service.
// A last-synced copy per number tells who changed what since the last sync:
//   sheet changed, service not → the service gets the sheet's list;
//   service changed, sheet not → the cell gets the service's list;
//   both changed (or no copy yet and both hold different numbers) → both get the union, and the
//   caller logs a conflict. No reference number is ever lost to a conflict.
//
// The copy is a digest, not the list: an 8-character FNV-1a hash of the sorted, de-duplicated
// numbers is all "did it change?" needs, and keeps the store small. It lives in document
// properties (read by every run anyway, no sheet for users to break), in SHARDS values keyed by a
// hash of the number: each value stays under Apps Script's 9 KB per value (≈ 300 numbers each,
// ≈ 5,000 in all, ≈ 130 KB of the 500 KB store). Numbers no longer in the sheet are retired at
// each save; past a shard's size the extra entries are dropped, which only means those rows sync
// as "no copy yet" (union: safe, nothing lost, but a removal made on one side is not propagated).

import type { DurableStore } from '../core/ports';

const PREFIX = 'CT_REFS:';
export const SHARDS = 16;
/** Apps Script allows 9 KB per property value; JSON overhead and wide characters stay below it. */
export const MAX_SHARD_CHARS = 8_000;

/** Trimmed, without blanks and repeats, in first-seen order. */
export function normalizeRefs(refs: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of refs) {
    const r = String(raw).trim();
    if (r === '' || seen.has(r)) continue;
    seen.add(r);
    out.push(r);
  }
  return out;
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Order-insensitive: the same numbers in another order are the same list. */
export function refsDigest(refs: readonly string[]): string {
  return fnv1a(normalizeRefs(refs).sort().join('\u0001')).toString(16).padStart(8, '0');
}

export type RefDecision =
  | { action: 'none' }
  | { action: 'to-service'; refs: string[] }
  | { action: 'to-sheet'; refs: string[] }
  | { action: 'union'; refs: string[] };

export function decideRefs(
  sheetRefs: readonly string[],
  serviceRefs: readonly string[],
  lastSynced: string | null,
): RefDecision {
  const sheet = normalizeRefs(sheetRefs);
  const service = normalizeRefs(serviceRefs);
  const sheetDigest = refsDigest(sheet);
  const serviceDigest = refsDigest(service);
  if (sheetDigest === serviceDigest) return { action: 'none' };
  const union = normalizeRefs([...sheet, ...service]);
  if (lastSynced == null) {
    // No copy: an empty side takes the other's numbers; two different lists are merged.
    if (sheet.length === 0) return { action: 'to-sheet', refs: service };
    if (service.length === 0) return { action: 'to-service', refs: sheet };
    return { action: 'union', refs: union };
  }
  const sheetChanged = sheetDigest !== lastSynced;
  const serviceChanged = serviceDigest !== lastSynced;
  if (sheetChanged && !serviceChanged) return { action: 'to-service', refs: sheet };
  if (serviceChanged && !sheetChanged) return { action: 'to-sheet', refs: service };
  return { action: 'union', refs: union };
}

function shardOf(number: string): number {
  return fnv1a(number) % SHARDS;
}

/** The last-synced digests, by number (see the file comment for the bound). */
export class RefSyncStore {
  constructor(private readonly props: DurableStore) {}

  load(all: Record<string, string> = this.props.getAll()): Map<string, string> {
    const out = new Map<string, string>();
    for (let i = 0; i < SHARDS; i++) {
      const raw = all[PREFIX + i];
      if (!raw) continue;
      try {
        for (const [n, d] of Object.entries(JSON.parse(raw) as Record<string, unknown>)) {
          if (typeof d === 'string') out.set(n, d);
        }
      } catch {
        // A damaged shard reads as "no copy": its rows merge (union) at their next sync.
      }
    }
    return out;
  }

  /**
   * Saves `digests`, keeping only the numbers in `keep` (the rows of the sheet) when given. Each
   * shard is written only when it changed.
   */
  save(previous: Map<string, string>, digests: Map<string, string>, keep?: Set<string>): void {
    const shards: Record<string, string>[] = Array.from({ length: SHARDS }, () => ({}));
    const before: Record<string, string>[] = Array.from({ length: SHARDS }, () => ({}));
    // Sorted, so an unchanged shard serialises the same and is not written again.
    const sorted = (m: Map<string, string>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1));
    for (const [n, d] of sorted(previous)) before[shardOf(n)]![n] = d;
    for (const [n, d] of sorted(digests)) {
      if (keep && !keep.has(n)) continue;
      shards[shardOf(n)]![n] = d;
    }
    const values: Record<string, string> = {};
    shards.forEach((shard, i) => {
      let text = JSON.stringify(shard);
      if (text.length > MAX_SHARD_CHARS) {
        const kept: Record<string, string> = {};
        let size = 2;
        for (const [n, d] of Object.entries(shard)) {
          size += n.length + d.length + 6;
          if (size > MAX_SHARD_CHARS) break;
          kept[n] = d;
        }
        text = JSON.stringify(kept);
      }
      if (text !== JSON.stringify(before[i])) values[PREFIX + i] = text;
    });
    for (const [key, text] of Object.entries(values)) {
      if (text === '{}') {
        this.props.remove(key);
        delete values[key];
      }
    }
    if (Object.keys(values).length > 0) this.props.setAll(values);
  }
}
