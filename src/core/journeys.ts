// A container number is reused: the same box makes journey after journey, and an account can hold
// an old (returned) journey and a new one under one number. Everything that answers "the
// container MSCU1234566" must pick the same one, whatever order the service lists them in:
//   1. the later `created_at` (when the service started tracking that journey) wins;
//   2. then the one not yet returned empty (no `empty_terminated_at`);
//   3. then, for a total order, the greater id, and last the record's own text.

import type { ContainerRecord } from './model';

function instant(value: unknown): number {
  if (typeof value !== 'string') return Number.NEGATIVE_INFINITY;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

function compare(a: number | string, b: number | string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** > 0 when `a` is the newer journey, < 0 when `b` is, 0 only for identical records. */
export function compareJourneys(a: ContainerRecord, b: ContainerRecord): number {
  return (
    compare(instant(a.attributes.created_at), instant(b.attributes.created_at)) ||
    compare(
      a.attributes.empty_terminated_at == null ? 1 : 0,
      b.attributes.empty_terminated_at == null ? 1 : 0,
    ) ||
    compare(a.id, b.id) ||
    compare(JSON.stringify(a), JSON.stringify(b))
  );
}

export function newerJourney(a: ContainerRecord, b: ContainerRecord): ContainerRecord {
  return compareJourneys(a, b) >= 0 ? a : b;
}
