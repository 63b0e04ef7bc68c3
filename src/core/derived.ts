// Fields computed from container attributes, the way the service's own guides define them. Each
// reads its attributes defensively: a value of the wrong shape gives UNREADABLE, never a throw.

import {
  isUnreadable,
  readFees,
  readFlag,
  readHolds,
  UNREADABLE,
  type Unreadable,
} from './attribute-values';
import type { ContainerAttributes } from './model';

/** Ready = the terminal says available and no hold is in status `hold` (pending holds don't block). */
export function isReadyForPickup(c: ContainerAttributes): boolean | Unreadable {
  const holds = readHolds(c.holds_at_pod_terminal);
  const available = readFlag(c.available_for_pickup);
  if (isUnreadable(holds) || isUnreadable(available)) return UNREADABLE;
  return available === true && !holds.some((h) => h.status === 'hold');
}

/** `customs: hold, freight: pending` */
export function holdsText(value: unknown): string | Unreadable {
  const holds = readHolds(value);
  return isUnreadable(holds) ? holds : holds.map((h) => `${h.name}: ${h.status}`).join(', ');
}

/** Sum of fees; a `total` entry is the sum of the others, so it counts only when it is alone. */
export function feesTotal(value: unknown): number | Unreadable {
  const list = readFees(value);
  if (isUnreadable(list)) return list;
  const parts = list.filter((f) => f.type !== 'total');
  const counted = parts.length > 0 ? parts : list;
  return roundCents(counted.reduce((sum, f) => sum + f.amount, 0));
}

export function feesText(value: unknown): string | Unreadable {
  const list = readFees(value);
  if (isUnreadable(list)) return list;
  return list
    .map((f) => `${f.type} ${f.amount}${f.currency_code ? ` ${f.currency_code}` : ''}`)
    .join(', ');
}

export function roundCents(n: number): number {
  return Math.round(n * 100) / 100;
}
