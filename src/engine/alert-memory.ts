// Which alerts were raised in the last 7 days, by container, kind and value (docs/reference.md#alert-once, "An
// alert is sent once, and at least once": not sent again within 7 days, even when its condition
// lapsed and came back in between). The alert rules forget a state alert the moment its
// condition lapses, and a change alert exists only for the read that saw the change: an LFD that
// went blank for one read and came back, or a hold released and placed again, would raise the
// same alert twice. This memory sits in the alert queue's state (one store, one save with the
// waiting alerts), so an alert is remembered exactly when it is queued, and a queued alert is
// sent at least once (alert-delivery.ts).
//
// Bounded: each entry is 12 ASCII characters (an FNV-1a hash of `number|kind|value` in 8 hex
// digits and the hour it was raised in 4 base-36 digits), entries older than the window go, and
// at most MAX_REMEMBERED (36 KB) are kept, the oldest going first. A year of alerts takes no more
// than a week's.

import { hash } from './buckets';
import type { Alert } from '../core/alert-rules';

export const REPEAT_WINDOW_MS = 7 * 86_400_000;
export const MAX_REMEMBERED = 3_000;
const HOUR_MS = 3_600_000;
const ENTRY = 12;

const keyOf = (a: Pick<Alert, 'number' | 'kind' | 'value'>): string =>
  hash(`${a.number}|${a.kind}|${a.value}`).toString(16).padStart(8, '0');

const hourText = (at: number) =>
  Math.floor(at / HOUR_MS)
    .toString(36)
    .padStart(4, '0');

/** The entries as [key, hour], oldest first. */
function entries(memory: string): [string, number][] {
  const out: [string, number][] = [];
  for (let i = 0; i + ENTRY <= memory.length; i += ENTRY) {
    out.push([memory.slice(i, i + 8), parseInt(memory.slice(i + 8, i + ENTRY), 36)]);
  }
  return out;
}

/**
 * Raised in an hour that ended less than the window ago: rounding the hour down could only shorten
 * the window, so an entry lasts until the window has passed since the end of its hour.
 */
const live = (hour: number, now: number) => now < (hour + 1) * HOUR_MS + REPEAT_WINDOW_MS;

export interface AlertMemory {
  /** Whether this container, kind and value was raised within the window. */
  has(alert: Pick<Alert, 'number' | 'kind' | 'value'>): boolean;
  /** Remembers an alert raised now. */
  add(alert: Pick<Alert, 'number' | 'kind' | 'value'>): void;
  /** The memory as stored: live entries only, at most MAX_REMEMBERED. */
  text(): string;
}

export function alertMemory(stored: string | undefined, now: number): AlertMemory {
  const kept = entries(typeof stored === 'string' ? stored : '').filter(([, h]) => live(h, now));
  const keys = new Set(kept.map(([k]) => k));
  const hour = parseInt(hourText(now), 36);
  return {
    has: (a) => keys.has(keyOf(a)),
    add: (a) => {
      const key = keyOf(a);
      if (keys.has(key)) return;
      keys.add(key);
      kept.push([key, hour]);
    },
    text: () =>
      kept
        .slice(-MAX_REMEMBERED)
        .map(([k, h]) => k + h.toString(36).padStart(4, '0'))
        .join(''),
  };
}
