// What a terminal reports about a container beside its dates: where it sits, its holds, its fees.
import type { ContainerStatus, TerminalFee, TerminalHold } from '../data/records';
import type { ContainerPlan } from './plan-types';

export function locationFor(status: ContainerStatus, row: number): string | null {
  switch (status) {
    case 'available':
      return `Yard - Y${String(row).padStart(2, '0')}0${row % 9}A`;
    case 'not_available':
      return 'Yard';
    case 'grounded':
      return `Grounded - Row ${row}`;
    case 'awaiting_inland_transfer':
      return 'Rail Ramp';
    case 'off_dock':
      return 'Off-dock CY';
    case 'picked_up':
    case 'delivered':
      return 'Community';
    default:
      return null;
  }
}

const HOLD_SETS: readonly TerminalHold[][] = [
  [{ name: 'customs', status: 'hold', description: 'CBP hold' }],
  [
    { name: 'freight', status: 'hold', description: 'Freight not released by line' },
    { name: 'customs', status: 'pending', description: null },
  ],
  [{ name: 'USDA', status: 'hold', description: 'USDA inspection required' }],
  [{ name: 'TMF', status: 'hold', description: null }],
];

/** Holds for a container the plan says nothing about: only `not_available` ones are held. */
export function defaultHolds(status: ContainerStatus, pick: number): TerminalHold[] {
  return status === 'not_available' ? [...(HOLD_SETS[pick] ?? [])] : [];
}

/** The plan's fees in its currency (USD unless stated; null = no currency code), plus a `total`
 * entry equal to their sum, as terminals report it. */
export function feesFor(plan: ContainerPlan): TerminalFee[] {
  if (!plan.fees || plan.fees.length === 0) return [];
  const currency = plan.currency === undefined ? 'USD' : plan.currency;
  const withCurrency = (fee: Omit<TerminalFee, 'currency_code'>): TerminalFee =>
    currency === null ? { ...fee } : { ...fee, currency_code: currency };
  const list = plan.fees.map(withCurrency);
  if (plan.noTotal) return list;
  const total = plan.fees.reduce((sum, fee) => sum + fee.amount, 0);
  return [...list, withCurrency({ type: 'total', amount: Math.round(total * 100) / 100 })];
}
