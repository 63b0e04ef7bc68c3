// The refresh lease (src/gas/leases.ts): a run releases only its own lease. A push or refresh
// that outlived its lease must not remove the one another run has taken since.

import type { DurableStore, SharedLock } from '../../src/core/ports';
import { releaseLease, takeLease } from '../../src/gas/leases';

function stores() {
  const map = new Map<string, string>();
  const props: DurableStore = {
    getAll: () => Object.fromEntries(map),
    setAll: (values) => {
      for (const [k, v] of Object.entries(values)) map.set(k, v);
    },
    remove: (key) => {
      map.delete(key);
    },
  };
  let held = false;
  const lock: SharedLock = {
    tryLock: () => (held ? false : (held = true)),
    release: () => {
      held = false;
    },
  };
  return { props, lock, map };
}

test('a run whose lease expired and was taken by another leaves the other one in place', () => {
  const { props, lock } = stores();
  expect(takeLease(lock, props, 'push-1', 0, 60_000)).not.toBeNull();
  // push-1 overran its minute; a refresh takes the lease.
  expect(takeLease(lock, props, 'refresh', 61_000, 300_000)).not.toBeNull();
  releaseLease(lock, props, 'push-1');
  // The refresh still holds it: another push is refused.
  expect(takeLease(lock, props, 'push-2', 62_000, 60_000)).toBeNull();
  releaseLease(lock, props, 'refresh');
  expect(takeLease(lock, props, 'push-2', 63_000, 60_000)).not.toBeNull();
});

test('a run that never got the lease releases nothing', () => {
  const { props, lock } = stores();
  expect(takeLease(lock, props, 'refresh', 0, 300_000)).not.toBeNull();
  expect(takeLease(lock, props, 'import', 1_000, 60_000)).toBeNull();
  releaseLease(lock, props, 'import');
  expect(takeLease(lock, props, 'push', 2_000, 60_000)).toBeNull();
});

test('without the lock in time, the lease is left to expire rather than removed blindly', () => {
  const { props, lock, map } = stores();
  takeLease(lock, props, 'refresh', 0, 300_000);
  lock.tryLock(0); // another run holds the lock
  releaseLease(lock, props, 'refresh');
  expect(map.size).toBe(1);
});
