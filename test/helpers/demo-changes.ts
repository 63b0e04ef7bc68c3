// Picking a demo container and changing it at the emulator, as push and refresh tests need.

import type { Emulator } from '../../local/emulator';

type WithEmulator = { emulator: Emulator };

/** A demo box at the terminal with a line LFD, in a shipment of two or more boxes. */
export function boxWithLfdInSharedShipment(h: WithEmulator) {
  const account = h.emulator.account()!;
  const container = account
    .containers()
    .find(
      (x) =>
        x.attributes.import_deadlines?.pickup_lfd_line &&
        ['available', 'not_available', 'grounded'].includes(x.attributes.current_status) &&
        (account.shipmentOf(x)?.containerIds.length ?? 0) >= 2,
    );
  if (!container) throw new Error('no suitable demo container');
  return { container, shipment: account.shipmentOf(container)! };
}

/** The service moves the box's LFD (line and terminal) to `day` (YYYY-MM-DD). */
export function changeLfd(h: WithEmulator, number: string, day: string): void {
  const res = h.emulator.handle({
    method: 'POST',
    url: `${h.emulator.origin}/__emulator/containers/${number}/changes`,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ lfd: { line: `${day}T04:00:00Z`, terminal: `${day}T04:00:00Z` } }),
  });
  if (res.status !== 200) throw new Error(`the emulator refused the change: ${res.status}`);
}
