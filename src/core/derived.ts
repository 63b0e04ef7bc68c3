// Fields computed from container attributes, the way the service's own guides define them.

import type { ContainerAttributes, TerminalFee, TerminalHold } from './model';

/** Ready = the terminal says available and no hold is in status `hold` (pending holds don't block). */
export function isReadyForPickup(c: ContainerAttributes): boolean {
  const holds = c.holds_at_pod_terminal ?? [];
  return c.available_for_pickup === true && !holds.some((h) => h.status === 'hold');
}

/** `customs: hold, freight: pending` */
export function holdsText(holds: readonly TerminalHold[] | null | undefined): string {
  return (holds ?? []).map((h) => `${h.name}: ${h.status}`).join(', ');
}

/** Sum of fees; a `total` entry is the sum of the others, so it counts only when it is alone. */
export function feesTotal(fees: readonly TerminalFee[] | null | undefined): number {
  const list = fees ?? [];
  const parts = list.filter((f) => f.type !== 'total');
  const counted = parts.length > 0 ? parts : list;
  return roundCents(counted.reduce((sum, f) => sum + (Number(f.amount) || 0), 0));
}

export function feesText(fees: readonly TerminalFee[] | null | undefined): string {
  return (fees ?? [])
    .map((f) => `${f.type} ${f.amount}${f.currency_code ? ` ${f.currency_code}` : ''}`)
    .join(', ');
}

function roundCents(n: number): number {
  return Math.round(n * 100) / 100;
}
