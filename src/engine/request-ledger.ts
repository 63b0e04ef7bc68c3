// Which numbers we asked the service to track, kept in document properties so that no number
// gets a second tracking request: not from two overlapping runs, not after a run died halfway.
// Entries retire once they are no longer needed, so the ledger stays a bounded share of the
// store (500 KB per document, shared with the settings) however long the add-in is used.

import type { DurableStore } from '../core/ports';

const PREFIX = 'CT_TR:';

export interface LedgerEntry {
  /** `sending` is written before the request goes out; the rest are the service's states. */
  status:
    | 'sending'
    | 'pending'
    | 'awaiting_manifest'
    | 'created'
    | 'failed'
    | 'tracking_stopped'
    | 'duplicate'
    | 'rejected';
  id?: string;
  reason?: string;
  /** The SCAC the row asked with; empty: the service was asked to detect the carrier. */
  scac: string;
  /** The carrier the service detected for a request made without a SCAC. */
  detected?: string;
  type: string;
  at: number;
}

export class RequestLedger {
  constructor(private readonly props: DurableStore) {}

  load(): Map<string, LedgerEntry> {
    const out = new Map<string, LedgerEntry>();
    for (const [key, value] of Object.entries(this.props.getAll())) {
      if (!key.startsWith(PREFIX)) continue;
      try {
        out.set(key.slice(PREFIX.length), JSON.parse(value) as LedgerEntry);
      } catch {
        // A damaged entry is dropped; the service's 422 duplicate still prevents a second request.
      }
    }
    return out;
  }

  save(entries: Iterable<[string, LedgerEntry]>): void {
    const values: Record<string, string> = {};
    for (const [number, entry] of entries) values[PREFIX + number] = JSON.stringify(entry);
    if (Object.keys(values).length > 0) this.props.setAll(values);
  }

  forget(number: string): void {
    this.props.remove(PREFIX + number);
  }

  /** Retires entries (one property deletion each). */
  retire(numbers: Iterable<string>): void {
    for (const n of numbers) this.props.remove(PREFIX + n);
  }
}

export interface RetirePolicy {
  /** An entry whose number left the Tracking sheet is kept this long (a row cut and pasted back). */
  offSheetGraceMs: number;
  /** The ledger's share of the document store (keys and values, UTF-8 bytes). */
  maxBytes: number;
  /** Property deletions one run may make (each is a service call). */
  maxPerRun: number;
}

export const DEFAULT_RETIRE_POLICY: RetirePolicy = {
  offSheetGraceMs: 7 * 24 * 3_600_000,
  maxBytes: 100 * 1024,
  maxPerRun: 300,
};

function utf8Bytes(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

export function entryBytes(number: string, entry: LedgerEntry): number {
  return utf8Bytes(PREFIX + number) + utf8Bytes(JSON.stringify(entry));
}

/**
 * Which entries are no longer needed: the service tracks the number (a listing or look-up saw
 * it, so no request will be made for it), or its row left the sheet longer ago than the grace
 * period; then, if the ledger is still over its share, the oldest. A `sending` entry is never
 * retired: only the service can say whether that request arrived.
 */
export function entriesToRetire(
  entries: ReadonlyMap<string, LedgerEntry>,
  context: { now: number; tracked: ReadonlySet<string>; onSheet: ReadonlySet<string> },
  policy: RetirePolicy = DEFAULT_RETIRE_POLICY,
): string[] {
  const out: string[] = [];
  const kept: [string, LedgerEntry][] = [];
  let bytes = 0;
  for (const [n, e] of entries) {
    const offSheetLong = !context.onSheet.has(n) && context.now - e.at > policy.offSheetGraceMs;
    if (e.status !== 'sending' && (context.tracked.has(n) || offSheetLong)) {
      out.push(n);
      continue;
    }
    bytes += entryBytes(n, e);
    if (e.status !== 'sending') kept.push([n, e]);
  }
  kept.sort((a, b) => a[1].at - b[1].at);
  for (const [n, e] of kept) {
    if (bytes <= policy.maxBytes) break;
    out.push(n);
    bytes -= entryBytes(n, e);
  }
  return out.slice(0, policy.maxPerRun);
}

/** Until the service names the carrier of a request made without a SCAC. */
export const DETECTING_CARRIER = 'detecting carrier';

/** What the `Tracking` column shows for a ledger entry. */
export function trackingText(entry: LedgerEntry): string {
  const undetected = entry.scac === '' && !entry.detected;
  if (undetected && (entry.status === 'sending' || entry.status === 'pending'))
    return DETECTING_CARRIER;
  switch (entry.status) {
    case 'created':
    case 'duplicate':
      return 'tracked';
    case 'sending':
      return 'pending';
    case 'failed':
      return `failed: ${entry.reason ?? 'unknown'}`;
    case 'rejected':
      return `failed: ${entry.reason ?? 'rejected'}`;
    default:
      return entry.status;
  }
}
