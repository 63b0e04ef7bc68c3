// Set-up's example Free Time rows (docs/reference.md#free-time): typical US terms marked EXAMPLE
// in the Note column, which price nothing until the user makes them their own.

/** The optional column where set-up marks its example rows. */
export const NOTE_HEADER = 'Note';
/** A Note that starts with this marks an example row (any case). */
export const EXAMPLE_MARK = 'EXAMPLE';
/** The terms set-up writes as examples (typical US terms), in FREE_TIME_HEADERS order. */
export const EXAMPLE_RULES: readonly (readonly unknown[])[] = [
  ['demurrage', '', '', '', 'calendar', '150x4, 250x5, 400', 'USD', '', ''],
  ['detention', '', '', 4, 'calendar', '100x5, 175', 'USD', '', ''],
];
const cellKey = (v: unknown) =>
  String(v ?? '')
    .trim()
    .toLowerCase();
const EXAMPLE_KEYS = new Set(EXAMPLE_RULES.map((r) => r.map(cellKey).join('|')));

/**
 * An example row prices nothing (money is never shown from terms nobody agreed to): its Note
 * still says EXAMPLE and its terms are still set-up's. Changing a term or clearing the note makes
 * the row the user's own. `terms`: the row's cells in FREE_TIME_HEADERS order.
 */
export function isExample(terms: readonly unknown[], note: unknown): boolean {
  if (typeof note !== 'string' || !note.trim().toUpperCase().startsWith(EXAMPLE_MARK)) return false;
  return EXAMPLE_KEYS.has(terms.map(cellKey).join('|'));
}
