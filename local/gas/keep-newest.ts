// The runtime's records of what a script showed or sent (toasts, the mail outbox) are read by tests
// and the preview; a long preview session must not grow them without bound, so each keeps its
// newest entries only. Owners count what was dropped, so an entry keeps its number (dropped +
// index) for the preview's ids while older ones go.

/** Entries each record keeps: far more than a test or the preview's panels read. */
export const KEPT_ENTRIES = 200;

/** Appends `entry` and drops the oldest past `limit`; returns how many were dropped. */
export function pushNewest<T>(list: T[], entry: T, limit = KEPT_ENTRIES): number {
  list.push(entry);
  const over = list.length - limit;
  if (over <= 0) return 0;
  list.splice(0, over);
  return over;
}
