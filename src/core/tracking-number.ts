// What a BOL, booking or container number looks like before anything is asked about it: the
// sidebar checks as you type and the server checks again, with the same rule.

/** The service's minimum ("Request number is too short (minimum is 6 characters)") and a cap. */
const PLAUSIBLE = /^[A-Z0-9]{6,40}$/;

/** The number upper-cased without spaces and dashes, or null when it cannot be a tracking number. */
export function plausibleTrackingNumber(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const compact = text.toUpperCase().replace(/[\s-]+/g, '');
  return PLAUSIBLE.test(compact) ? compact : null;
}
