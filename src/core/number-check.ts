// Whether a Tracking row's Number can be tracked at all, and if not, why and what to do, in the
// words Attention shows (`number not valid: <why>: <what to do>`). A number that fails here costs
// no request and raises no alert: asking the service about `ABC` or a formula's text only spends
// the rate limit and, without a SCAC, ends in a failed carrier detection (and its email).

import {
  CONTAINER_FORMAT_EXAMPLE,
  containerCheckDigit,
  hasValidCheckDigit,
  looksLikeContainerNumber,
} from './container-number';
import type { RequestType } from './model';

/**
 * A BOL or booking number: the service's minimum of 6 characters ("Request number is too short
 * (minimum is 6 characters)"), letters, digits and dashes, as the sidebar and
 * sidebar-api/tracking-requests.ts check before sending.
 */
const SHIPMENT_NUMBER = /^[A-Z0-9-]{6,40}$/;

export interface UntrackableNumber {
  /** Short, for the Tracking column. */
  tracking: string;
  /** Why and what to do, for Attention after `number not valid: `. */
  why: string;
}

/**
 * `typed`: the cell's text, trimmed; `container`: the same normalised as a container number;
 * `requestType`: what the row will be tracked as. Null when the number may be tracked.
 */
export function untrackableNumber(
  requestType: RequestType,
  typed: string,
  container: string,
): UntrackableNumber | null {
  if (typed.startsWith('=')) {
    return {
      tracking: 'not a number: a formula’s text',
      why: 'this is a formula’s text, not a number: type the container, BOL or booking number itself',
    };
  }
  if (requestType === 'container') {
    if (!looksLikeContainerNumber(container)) {
      return {
        tracking: 'invalid container number',
        why: `a container number is 4 letters and 7 digits, like ${CONTAINER_FORMAT_EXAMPLE}: fix the number or the Type`,
      };
    }
    if (!hasValidCheckDigit(container)) {
      const digit = containerCheckDigit(container.slice(0, 10));
      return {
        tracking: 'invalid container number',
        why: `the check digit (last digit) should be ${String(digit)}, not ${container.charAt(10)}: check the number for a typo`,
      };
    }
    return null;
  }
  const compact = typed.toUpperCase().replace(/\s+/g, '');
  // Every carrier's BOL and booking numbers carry digits: words ("hello world") are no number,
  // and sending them only fails the carrier detection (docs/reference.md, "Number").
  if (SHIPMENT_NUMBER.test(compact) && !/\d/.test(compact)) {
    return {
      tracking: 'invalid number',
      why: 'a BOL or booking number has at least one digit: type the number itself',
    };
  }
  if (SHIPMENT_NUMBER.test(compact)) return null;
  if (compact.replace(/[^A-Z0-9]/g, '').length < 6) {
    return {
      tracking: 'invalid number',
      why: 'too short for a container, BOL or booking number: fix the number',
    };
  }
  return {
    tracking: 'invalid number',
    why: 'a BOL or booking number has 6 to 40 letters, digits or dashes: fix the number',
  };
}
