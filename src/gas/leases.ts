// A refresh runs for minutes, far longer than anyone should hold the document lock (cells need
// it for moments). So the lock only guards taking a lease kept in document properties; a run that
// dies leaves a lease that simply expires.

import type { DurableStore, SharedLock } from '../core/ports';

const LEASE_KEY = 'CT_REFRESH_LEASE';

export interface Lease {
  owner: string;
  until: number;
}

export function takeLease(
  lock: SharedLock,
  props: DurableStore,
  owner: string,
  now: number,
  forMs: number,
): Lease | null {
  if (!lock.tryLock(10_000)) return null;
  try {
    const current = parseLease(props.getAll()[LEASE_KEY]);
    if (current && current.until > now && current.owner !== owner) return null;
    const lease = { owner, until: now + forMs };
    // A failed write (the store is full, the daily quota is spent) is the caller's to report:
    // it is not "another refresh is running".
    props.setAll({ [LEASE_KEY]: JSON.stringify(lease) });
    return lease;
  } finally {
    lock.release();
  }
}

/**
 * Removes the lease only while it is still `owner`'s: a run that outlived its lease may find it
 * taken by another run since, which keeps it. Without the lock in time the lease is left to expire.
 */
export function releaseLease(lock: SharedLock, props: DurableStore, owner: string): void {
  if (!lock.tryLock(10_000)) return;
  try {
    if (parseLease(props.getAll()[LEASE_KEY])?.owner === owner) props.remove(LEASE_KEY);
  } finally {
    lock.release();
  }
}

/** A damaged lease is no lease. */
function parseLease(raw: string | undefined): Lease | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Lease;
  } catch {
    return null;
  }
}
