// ISO 6346 container numbers: 3-letter owner code, category letter, 6-digit serial, check digit.

const LETTER_VALUES: Record<string, number> = {};
{
  // Letters count from 10 upwards, skipping multiples of 11 (11, 22, 33) as ISO 6346 prescribes.
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value++;
    LETTER_VALUES[letter] = value++;
  }
}

/** What users paste: spaces, dashes (any kind), zero-width characters and full-width letters. */
const STRIP = /[\s\-\u2010-\u2015\u2212\u200B-\u200D\u2060\uFEFF./]/g;

export const CONTAINER_FORMAT_EXAMPLE = 'AAAU1234567';
const CONTAINER_PATTERN = /^[A-Z]{4}\d{7}$/;

/** `mscu 123456-6` → `MSCU1234566`. Leaves anything else recognisable for the error message. */
export function normalizeContainerNumber(raw: string): string {
  return raw.normalize('NFKC').replace(STRIP, '').toUpperCase();
}

export function looksLikeContainerNumber(normalized: string): boolean {
  return CONTAINER_PATTERN.test(normalized);
}

/** The check digit for the first 10 characters, or null when they are not letters + digits. */
export function containerCheckDigit(first10: string): number | null {
  if (!/^[A-Z]{4}\d{6}$/.test(first10)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = first10.charAt(i);
    const value = i < 4 ? (LETTER_VALUES[ch] ?? 0) : Number(ch);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** True when the 11th digit matches; anonymised or legacy numbers may fail and still be tracked. */
export function hasValidCheckDigit(normalized: string): boolean {
  if (!looksLikeContainerNumber(normalized)) return false;
  return containerCheckDigit(normalized.slice(0, 10)) === Number(normalized.charAt(10));
}

/**
 * What is wrong with a container number typed to be tracked (already normalised), in the words
 * the Track form and the server both give; null when it can be sent.
 */
export function trackedContainerProblem(normalized: string): string | null {
  if (!looksLikeContainerNumber(normalized)) {
    return `"${normalized.slice(0, 20)}" is not a container number: use 4 letters and 7 digits, like MSCU1234566.`;
  }
  if (!hasValidCheckDigit(normalized)) {
    return `${normalized} has a wrong check digit (it should end in ${containerCheckDigit(normalized.slice(0, 10))}). Check the number.`;
  }
  return null;
}
