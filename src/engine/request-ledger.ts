// Which numbers we asked the service to track, kept in document properties so that no number
// gets a second tracking request: not from two overlapping runs, not after a run died halfway.

import type { DurableStore } from './ports';

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
  scac: string;
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
}

/** What the `Tracking` column shows for a ledger entry. */
export function trackingText(entry: LedgerEntry): string {
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
