// ISO 6346 container numbers: 4-letter owner code + category, 6-digit serial, 1 check digit.
// The demo data must carry real-looking numbers so the add-in's check-digit hint is exercised.

const LETTER_VALUES: Record<string, number> = (() => {
  const values: Record<string, number> = {};
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value++; // 11, 22 and 33 are skipped by the standard
    values[letter] = value++;
  }
  return values;
})();

function remainder(prefix10: string): number {
  const text = prefix10.toUpperCase();
  if (!/^[A-Z]{4}\d{6}$/.test(text)) {
    throw new Error(`expected 4 letters and 6 digits, got "${prefix10}"`);
  }
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = text.charAt(i);
    sum += (i < 4 ? (LETTER_VALUES[ch] ?? 0) : Number(ch)) * 2 ** i;
  }
  return sum % 11;
}

/**
 * Check digit for the first 10 characters of a container number (e.g. `CSQU305438` → 3).
 * A remainder of 10 maps to 0, as the standard allows (owners avoid such serials).
 */
export function isoContainerCheckDigit(prefix10: string): number {
  return remainder(prefix10) % 10;
}

/** Upper-cases and strips spaces and dashes, as the deep link and the add-in do. */
export function normalizeContainerNumber(text: string): string {
  return text.toUpperCase().replace(/[\s-]+/g, '');
}

/** True for a well-formed number (owner code ending U, J or Z) whose check digit matches. */
export function isValidContainerNumber(text: string): boolean {
  const number = normalizeContainerNumber(text);
  if (!/^[A-Z]{3}[UJZ]\d{7}$/.test(number)) return false;
  return isoContainerCheckDigit(number.slice(0, 10)) === Number(number.charAt(10));
}

/** A full number from an owner code (`MSKU`) and a serial, or null for a serial whose remainder
 * is 10: real owners never issue those, so the demo data does not either. */
export function containerNumber(ownerCode: string, serial: number): string | null {
  const prefix = `${ownerCode}${String(serial).padStart(6, '0')}`;
  const rest = remainder(prefix);
  return rest === 10 ? null : `${prefix}${rest}`;
}
