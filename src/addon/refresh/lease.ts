// The refresh's lease: one refresh (or import) at a time per spreadsheet. A store filled by an
// older version's ledger is trimmed to its share and the lease taken again, once (the service's
// 422 duplicate still guards numbers whose entries this drops).

import { RequestLedger, entriesToRetire } from '../../engine/request-ledger';
import { BUDGETS, type Execution } from '../../execution/execution';
import { takeLease } from '../../gas/leases';

/** True: taken; false: another refresh holds it. Throws when the store cannot be written. */
export function takeRefreshLease(run: Execution, owner: string, now: () => number): boolean {
  const props = run.stores.state();
  const take = () => takeLease(run.lock, props, owner, now(), BUDGETS.trigger.timeMs + 60_000);
  try {
    return !!take();
  } catch (e) {
    const ledger = new RequestLedger(props);
    const trimmed = entriesToRetire(ledger.load(), {
      now: now(),
      tracked: new Set(),
      onSheet: new Set(),
    });
    if (trimmed.length === 0) throw e;
    ledger.retire(trimmed);
    return !!take();
  }
}
