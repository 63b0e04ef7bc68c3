// A Tracking row's inputs: what the number is, how to track it, and what is missing.

import { cellErrorValue, identifierText, isBlank } from './cell-input';
import { looksLikeContainerNumber, normalizeContainerNumber } from './container-number';
import { REQUEST_TYPES, type RequestType } from './model';
import { untrackableNumber } from './number-check';

export interface RowInput {
  /** 0-based index in the sheet's values (row 1 is the header). */
  index: number;
  /** Container number (normalised) or shipment identifier (trimmed, upper-case). */
  number: string;
  kind: 'container' | 'shipment';
  requestType: RequestType;
  scac: string;
  refNumbers: string[];
  /** The optional `Contract` cell, trimmed (blank or absent when the sheet has no such column). */
  contract?: string;
  /** Why this row cannot be tracked as it is (shown in the Tracking column). */
  problem?: string;
  /** The Number cell holds no usable identifier (an error value, a date, …): never looked up. */
  unusable?: boolean;
  /**
   * The Number cannot be tracked (a wrong check digit, `ABC`, a formula's text): why and what to
   * do, for Attention. Never looked up or requested.
   */
  invalid?: string;
}

const TYPE_ALIASES = new Map<string, RequestType>([
  ['container', 'container'],
  ['bill_of_lading', 'bill_of_lading'],
  ['bol', 'bill_of_lading'],
  ['bill of lading', 'bill_of_lading'],
  ['booking_number', 'booking_number'],
  ['booking', 'booking_number'],
]);

/** What the Tracking column says about a Number cell that holds no identifier. */
function numberProblem(number: unknown, problem: string): string {
  const error = cellErrorValue(number);
  return error
    ? `Number has an error: ${error} — fix the cell`
    : `Number is not usable: ${problem}`;
}

export function splitRefNumbers(value: unknown): string[] {
  return String(value ?? '')
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function parseRow(
  index: number,
  number: unknown,
  type: unknown,
  scac: unknown,
  refs: unknown,
  contract: unknown = '',
): RowInput | null {
  if (isBlank(number)) return null;
  const text = identifierText(number);
  if (!text.ok) {
    return {
      index,
      number: '',
      kind: 'shipment',
      requestType: 'bill_of_lading',
      scac: '',
      refNumbers: [],
      problem: numberProblem(number, text.problem),
      unusable: true,
    };
  }
  const typeText = String(type ?? '')
    .trim()
    .toLowerCase();
  const explicit = typeText === '' ? null : (TYPE_ALIASES.get(typeText) ?? null);
  const asContainer = normalizeContainerNumber(text.text);
  const containerLike = looksLikeContainerNumber(asContainer);
  const requestType: RequestType = explicit ?? (containerLike ? 'container' : 'bill_of_lading');
  const row: RowInput = {
    index,
    number: requestType === 'container' ? asContainer : text.text.toUpperCase().replace(/\s+/g, ''),
    kind: requestType === 'container' ? 'container' : 'shipment',
    requestType,
    scac: String(scac ?? '')
      .trim()
      .toUpperCase(),
    refNumbers: splitRefNumbers(refs),
    contract: contract instanceof Date ? '' : String(contract ?? '').trim(),
  };
  if (typeText !== '' && !explicit) {
    row.problem = `unknown Type "${String(type).slice(0, 20)}" (use ${REQUEST_TYPES.join(', ')})`;
    return row;
  }
  const invalid = untrackableNumber(requestType, text.text, asContainer);
  if (invalid) {
    row.problem = invalid.tracking;
    row.invalid = invalid.why;
  }
  return row;
}
