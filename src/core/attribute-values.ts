// The service's attributes read defensively: each is checked for the type the spec gives it where
// it is read. A value of the wrong shape (holds that are not a list of holds, a status that is an
// object, …) makes that one field "unreadable"; its row, the refresh and every other cell go on.

import type { TerminalFee, TerminalHold } from './model';

export const UNREADABLE = Object.freeze({ unreadable: true as const });
export type Unreadable = typeof UNREADABLE;

export function isUnreadable(value: unknown): value is Unreadable {
  return value === UNREADABLE;
}

/** What a cell of the Tracking sheet shows for a field it could not read. */
export function unreadableCell(label: string): string {
  return `#unreadable ${label}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether the service sent this attribute at all (absent is "unknown", null is "empty"). */
export function sent(attributes: object, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(attributes, name);
}

/** Text attributes; a number is accepted as its digits. */
export function readText(value: unknown): string | null | Unreadable {
  if (value == null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return UNREADABLE;
}

export function readFlag(value: unknown): boolean | null | Unreadable {
  if (value == null) return null;
  return typeof value === 'boolean' ? value : UNREADABLE;
}

/** ISO 8601 instants; anything else (an object, a number, text that is no date) is unreadable. */
export function readInstant(value: unknown): Date | null | Unreadable {
  if (value == null || value === '') return null;
  if (typeof value !== 'string') return UNREADABLE;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? UNREADABLE : new Date(ms);
}

/**
 * Beyond this a fee is no fee (a trillion and more would print in exponent form, "1e+21"): the
 * field is unreadable rather than a figure nobody can act on.
 */
const MAX_AMOUNT = 1e12;

/** An amount of money, to the cent (so a fee of 1e-7 is 0, never "1e-7" in a cell). */
function readAmount(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > MAX_AMOUNT) return null;
  return Math.round(n * 100) / 100 || 0;
}

/** `holds_at_pod_terminal`: absent or null is "no holds"; a list with any odd entry is unreadable. */
export function readHolds(value: unknown): TerminalHold[] | Unreadable {
  if (value == null) return [];
  if (!Array.isArray(value)) return UNREADABLE;
  const holds: TerminalHold[] = [];
  for (const h of value) {
    if (!isRecord(h) || typeof h.name !== 'string' || typeof h.status !== 'string')
      return UNREADABLE;
    holds.push({
      name: h.name,
      status: h.status,
      description: typeof h.description === 'string' ? h.description : null,
    });
  }
  return holds;
}

/** `fees_at_pod_terminal`: amounts must be numbers (or numeric text). */
export function readFees(value: unknown): TerminalFee[] | Unreadable {
  if (value == null) return [];
  if (!Array.isArray(value)) return UNREADABLE;
  const fees: TerminalFee[] = [];
  for (const f of value) {
    const amount = isRecord(f) ? readAmount(f.amount) : null;
    if (!isRecord(f) || typeof f.type !== 'string' || amount == null) return UNREADABLE;
    fees.push({
      type: f.type,
      amount,
      currency_code: typeof f.currency_code === 'string' ? f.currency_code : null,
    });
  }
  return fees;
}
