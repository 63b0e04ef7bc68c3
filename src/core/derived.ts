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

/**
 * The Tracking sheet's Holds: like holdsText, with the terminal's description of each hold when
 * it gives one (`customs: hold (CBP exam ordered)`): "exam ordered" is what a dispatcher acts on.
 */
export function holdsDetail(value: unknown): string | Unreadable {
  const holds = readHolds(value);
  if (isUnreadable(holds)) return holds;
  return holds
    .map((h) => `${h.name}: ${h.status}${h.description ? ` (${h.description})` : ''}`)
    .join(', ');
}

/** Names of the holds that block pickup (status `hold`; `pending` ones do not). */
export function activeHoldNames(value: unknown): string[] | Unreadable {
  const holds = readHolds(value);
  return isUnreadable(holds) ? holds : holds.filter((h) => h.status === 'hold').map((h) => h.name);
}

/**
 * Fees per currency, the way ENGINEERING.md reads them: a `total` entry is the sum of the
 * others, so it counts only when it is alone; an amount of 0 is "not posted yet", not a fee.
 * Currencies are never added together; a fee without a currency is kept under ''.
 */
export function feesByCurrency(value: unknown): Map<string, number> | Unreadable {
  const list = readFees(value);
  if (isUnreadable(list)) return list;
  const parts = list.filter((f) => f.type !== 'total');
  const counted = parts.length > 0 ? parts : list;
  const sums = new Map<string, number>();
  for (const f of counted) {
    if (f.amount === 0) continue;
    const currency = (f.currency_code ?? '').toUpperCase();
    sums.set(currency, roundCents((sums.get(currency) ?? 0) + f.amount));
  }
  return sums;
}

/** `USD 150.00, EUR 80.00`; blank when nothing is posted. */
export function feesMoneyText(sums: ReadonlyMap<string, number>): string {
  return [...sums]
    .filter(([, amount]) => amount !== 0)
    .map(([currency, amount]) => `${currency ? `${currency} ` : ''}${amount.toFixed(2)}`)
    .join(', ');
}

/**
 * Sum of fees for CONTAINER_INFO(…, "fees_total"): a number in the one currency the fees are in
 * (0 when none are posted). Fees in several currencies are never added together: the cell then
 * shows each currency's sum as text (`USD 150.00, EUR 80.00`).
 */
export function feesTotal(value: unknown): number | string | Unreadable {
  const sums = feesByCurrency(value);
  if (isUnreadable(sums)) return sums;
  if (sums.size > 1) return feesMoneyText(sums);
  return [...sums.values()][0] ?? 0;
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
