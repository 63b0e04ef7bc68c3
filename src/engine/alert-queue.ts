// The alerts waiting to be sent, the ones sent at once since the last digest (the digest repeats
// them), and when the last digest went out. Document properties (durable, read with the settings
// in one call, no sheet a user could delete): an alert that could not be sent (quota, a MailApp
// error) stays here until a later run sends it.
//
// An alert counts as sent only once MailApp returned without error (docs/reference.md#alert-queue, "An alert is
// sent once, and at least once"): a new alert is saved here before anything is sent, stays
// waiting through any number of failed sends, and moves to `sent` in the save right after MailApp
// returned. A run cut off between that return and that save leaves it waiting, so the next run
// sends it again: a copy twice, never zero. `raised` (engine/alert-memory.ts) remembers what was
// queued in the last 7 days, so the same container, kind and value is not queued again.
//
// Bounded: the state is JSON (ASCII only, so a character is a byte) cut into SHARDS values of at
// most SHARD_CHARS (Apps Script allows 9 KB a value), 96 KB in all of the store's 500 KB, of which
// `raised` takes at most 36 KB. Past that the oldest already-sent entries go first, then the oldest waiting digest entries, then
// the oldest waiting immediate ones; `dropped` counts them and the next email says so (the
// Change Log keeps every change).

import { isImmediate, type Alert } from '../core/alert-rules';
import type { MoneyAtRisk } from '../core/pull-list';
import type { DurableStore } from '../core/ports';

const PREFIX = 'CT_ALERTS:';
export const SHARDS = 12;
export const SHARD_CHARS = 8_000;

export interface QueuedAlert extends Alert {
  /**
   * Left by versions that marked an alert before calling MailApp: such a mark says nothing about
   * whether it went out, so it is dropped on load and the alert is sent (again).
   */
  sending?: number;
}

export interface AlertState {
  pending: QueuedAlert[];
  sent: QueuedAlert[];
  lastDigestAt: number | null;
  /** The spreadsheet-zone day (`YYYY-MM-DD`) of the last scheduled digest. */
  lastDigestDay: string | null;
  lastError: string | null;
  dropped: number;
  /** When the last alert email (at once or digest) went out: push sends at most one per 15 min. */
  lastEmailAt: number | null;
  /** What the last refresh priced, for a digest sent without one (sidebar, push). */
  moneyAtRisk: PricedRisk | null;
  /** The alerts queued in the last 7 days (engine/alert-memory.ts), at most 36 KB. */
  raised: string;
}

/** Per currency, what tomorrow adds, as priced on `day` (the spreadsheet zone's `YYYY-MM-DD`). */
export interface PricedRisk {
  day: string;
  /** One line per currency (at most MAX_RISK_LINES, the largest kept). */
  lines: MoneyAtRisk[];
}

/** Bounds the remembered money lines: one per currency, and no sheet has this many. */
export const MAX_RISK_LINES = 20;

export const emptyAlertState = (): AlertState => ({
  pending: [],
  sent: [],
  lastDigestAt: null,
  lastDigestDay: null,
  lastError: null,
  dropped: 0,
  lastEmailAt: null,
  moneyAtRisk: null,
  raised: '',
});

/** JSON with every non-ASCII character escaped: its length is its size in bytes. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Room kept for the `dropped` count growing by a few digits while entries are dropped. */
const BUDGET = SHARDS * SHARD_CHARS - 64;

/** Drops the least needed entries until the state fits its budget (sizes counted once each). */
export function fitAlertState(state: AlertState): AlertState {
  const s = { ...state, pending: [...state.pending], sent: [...state.sent] };
  const size = (a: QueuedAlert) => asciiJson(a).length + 1;
  let total = asciiJson(s).length;
  while (total > BUDGET && s.sent.length > 0) total -= size(s.sent.shift()!);
  for (const immediate of [false, true]) {
    let i = 0;
    while (total > BUDGET && i < s.pending.length) {
      if (isImmediate(s.pending[i]!.kind) !== immediate) {
        i++;
        continue;
      }
      total -= size(s.pending.splice(i, 1)[0]!);
      s.dropped += 1;
    }
  }
  return s;
}

export class AlertQueue {
  constructor(private readonly props: DurableStore) {}

  load(all: Record<string, string> = this.props.getAll()): AlertState {
    let text = '';
    for (let i = 0; i < SHARDS; i++) text += all[PREFIX + i] ?? '';
    if (text === '') return emptyAlertState();
    try {
      return { ...emptyAlertState(), ...(JSON.parse(text) as Partial<AlertState>) };
    } catch {
      // A damaged store (a shard edited by hand) starts over; the Change Log keeps every change.
      return emptyAlertState();
    }
  }

  /**
   * Saves the state, fitted to its budget; only the shards whose text changed are written.
   * `all`: the store as last read; returns it as it is after this save.
   */
  save(state: AlertState, all: Record<string, string> = {}): Record<string, string> {
    const text = asciiJson(fitAlertState(state));
    const after = { ...all };
    const values: Record<string, string> = {};
    for (let i = 0; i < SHARDS; i++) {
      const part = text.slice(i * SHARD_CHARS, (i + 1) * SHARD_CHARS);
      const key = PREFIX + i;
      if (part === (all[key] ?? '')) continue;
      if (part === '') {
        this.props.remove(key);
        delete after[key];
      } else values[key] = after[key] = part;
    }
    if (Object.keys(values).length > 0) this.props.setAll(values);
    return after;
  }
}
