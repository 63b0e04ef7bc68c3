// A refresh runs for minutes, far longer than anyone should hold the document lock (cells need
// it for moments). So the lock only guards taking a lease kept in document properties; a run that
// dies leaves a lease that simply expires.

import type { DurableStore, SharedLock } from '../engine/ports';

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
    const raw = props.getAll()[LEASE_KEY];
    const current = raw ? (JSON.parse(raw) as Lease) : null;
    if (current && current.until > now && current.owner !== owner) return null;
    const lease = { owner, until: now + forMs };
    props.setAll({ [LEASE_KEY]: JSON.stringify(lease) });
    return lease;
  } catch {
    return null;
  } finally {
    lock.release();
  }
}

export function releaseLease(props: DurableStore): void {
  props.remove(LEASE_KEY);
}
