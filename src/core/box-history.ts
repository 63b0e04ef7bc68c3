// What the Change Log tells of one box (docs/reference.md#change-log): when the add-in first saw
// it, and each watched field's values over time. The log is the history the evidence for a
// dispute rests on; it holds a row per change, and at a container's first sighting past the sea
// one `first_seen` row whose New says, in words, what the add-in saw then (every later value is
// a change row). A field's value at a moment is the New of its last change before it, or, before
// its first change, that change's Old: the value the add-in had known since its first look.

import type { TerminalHold } from './model';
import type { Snapshot } from './change-snapshot';

export const FIRST_SEEN_FIELD = 'first_seen';

/** One Change Log row of a box, its Time as an instant. */
export interface LogRow {
  at: number;
  field: string;
  old: string;
  new: string;
}

export interface FieldChange {
  at: number;
  old: string;
  new: string;
}

export interface BoxHistory {
  /** When the add-in first saw the box (its `first_seen` row, else its first row); null: never. */
  firstSeen: number | null;
  /** Whether a `first_seen` row says so (else only the earliest row the log still holds does). */
  firstSeenRecorded: boolean;
  changes: ReadonlyMap<string, readonly FieldChange[]>;
}

/** The box's rows of the log (any order, any number's rows mixed in) as its history. */
export function boxHistory(rows: readonly LogRow[]): BoxHistory {
  const sorted = [...rows].filter((r) => Number.isFinite(r.at)).sort((a, b) => a.at - b.at);
  const recorded = sorted.find((r) => r.field === FIRST_SEEN_FIELD);
  const changes = new Map<string, FieldChange[]>();
  for (const r of sorted) {
    if (r.field === FIRST_SEEN_FIELD) continue;
    const list = changes.get(r.field) ?? [];
    list.push({ at: r.at, old: r.old, new: r.new });
    changes.set(r.field, list);
  }
  return {
    firstSeen: recorded?.at ?? sorted[0]?.at ?? null,
    firstSeenRecorded: recorded !== undefined,
    changes,
  };
}

/**
 * The field's value at `at` as the add-in knew it: undefined before its first look, else the
 * value of the last change at or before `at`, else (no change yet) the first change's Old, else
 * `current` (the field never changed since the first look).
 */
export function valueAt(
  history: BoxHistory,
  field: string,
  at: number,
  current: string,
): string | undefined {
  if (history.firstSeen === null || at < history.firstSeen) return undefined;
  const list = history.changes.get(field) ?? [];
  let value: string | undefined;
  for (const c of list) if (c.at <= at) value = c.new;
  return value ?? list[0]?.old ?? current;
}

/**
 * Each value the field has had since the add-in's first look, with when it was first seen: the
 * value known at the first look (the first change's Old, or `current` when it never changed),
 * then each change's New.
 */
export function valuesSeen(
  history: BoxHistory,
  field: string,
  current: string,
): { value: string; seen: number | null }[] {
  const list = history.changes.get(field) ?? [];
  const out = [{ value: list[0]?.old ?? current, seen: history.firstSeen }];
  for (const c of list) out.push({ value: c.new, seen: c.at });
  return out.filter((v, i) => i === 0 || v.value !== out[i - 1]!.value);
}

/** `customs: hold (CBP exam)` — a hold as the Holds column and the Change Log write it. */
const HEADER = /^(.+?): ([a-z_]+)(?= \(|, |$)/s;

/**
 * The holds of a `holds` text, as core/derived.ts's holdsDetail wrote them (`name: status
 * (description), …`); null when the text is not in that form (a person edited the log). A
 * description may hold commas and brackets: it runs to the `)` after which the text ends or
 * the next hold begins.
 */
export function parseHolds(text: string): TerminalHold[] | null {
  const holds: TerminalHold[] = [];
  let rest = text.trim();
  while (rest !== '') {
    const m = HEADER.exec(rest);
    if (!m) return null;
    rest = rest.slice(m[0].length);
    let description: string | null = null;
    if (rest.startsWith(' (')) {
      let end = -1;
      for (let j = rest.indexOf(')', 2); j >= 0; j = rest.indexOf(')', j + 1)) {
        const tail = rest.slice(j + 1);
        if (tail === '' || (tail.startsWith(', ') && HEADER.test(tail.slice(2)))) {
          end = j;
          break;
        }
      }
      if (end < 0) return null;
      description = rest.slice(2, end);
      rest = rest.slice(end + 1);
    }
    holds.push({ name: m[1]!, status: m[2]!, description });
    if (rest.startsWith(', ')) rest = rest.slice(2);
    else if (rest !== '') return null;
  }
  return holds;
}

/** The holds that block pickup (status `hold`; `pending` ones do not), as core/derived.ts. */
export const activeHolds = (holds: readonly TerminalHold[]) =>
  holds.filter((h) => h.status === 'hold');

const AFLOAT = new Set(['new', 'on_ship']);

/**
 * A box first seen at sea needs no `first_seen` row: the change rows of its arrival (status,
 * availability) come before any day it could be charged for, and say since when the add-in
 * watched it. One first seen at or past its terminal does: nothing else would say so.
 */
export const worthFirstSeen = (s: Snapshot) =>
  s.current_status !== undefined && !AFLOAT.has(s.current_status);

/**
 * What a `first_seen` row says: the box as the add-in first saw it, in words (the evidence reads
 * the values from the change rows; this is for the person reading the log).
 */
export function firstSeenText(s: Snapshot): string {
  const parts: string[] = [];
  if (s.current_status) parts.push(`status ${s.current_status}`);
  if (s.available_for_pickup === 'true') parts.push('available');
  else if (s.available_for_pickup === 'false') parts.push('not available');
  const lfds = (
    [
      ['line', s.pickup_lfd_line],
      ['terminal', s.pickup_lfd_terminal],
      ['rail', s.pickup_lfd_rail],
    ] as const
  ).filter(([, day]) => day);
  if (lfds.length > 0) parts.push(`LFD ${lfds.map(([k, d]) => `${k} ${d}`).join(', ')}`);
  else if (s.pickup_lfd) parts.push(`LFD ${s.pickup_lfd}`);
  if (s.holds !== undefined) parts.push(s.holds ? `holds ${s.holds}` : 'no holds');
  return parts.join('; ');
}
