// The API key as pasted in Settings: cleaned of what people paste around it, and refused when it
// cannot be a key (docs/reference.md#api-key: the key never reaches a cell, a log, an error text; redaction,
// core/redact.ts, hides keys of MIN_KEY_LENGTH characters or more, so no shorter one is held).

import { AppError } from './errors';

/** Keys are pasted from web pages: stray spaces, line breaks, quotes or a "Token " prefix. */
export function cleanApiKey(raw: unknown): string {
  if (typeof raw !== 'string') {
    throw new AppError(
      'config',
      "The API key must be text: paste the key from your account's developer page.",
    );
  }
  const key = raw
    .trim()
    .replace(/^["']|["']$/g, '')
    .replace(/^(Token|Bearer)\s+/i, '')
    .trim();
  if (/\s/.test(key) || key.length > 200) {
    throw new AppError(
      'config',
      "The API key contains spaces or is too long. Paste only the key from your account's developer page.",
    );
  }
  if (/[\p{Cc}\p{Cf}"'<>\\]/u.test(key)) {
    throw new AppError(
      'config',
      "The API key contains quotes or invisible characters. Paste only the key from your account's developer page.",
    );
  }
  return checkKeyShape(key);
}

/** No real key is shorter; redaction (core/redact.ts) hides every key of this length or more. */
export const MIN_KEY_LENGTH = 4;

/**
 * A key the add-in may hold: at least MIN_KEY_LENGTH characters, printable ASCII only (an HTTP
 * header carries ASCII; a look-alike character would be a different, wrong key). Also checked
 * when a stored key is used, so one saved by an earlier version is never sent nor shown.
 */
export function checkKeyShape(key: string): string {
  if (key.length < MIN_KEY_LENGTH)
    throw new AppError(
      'config',
      `The API key is too short: a key has at least ${MIN_KEY_LENGTH} characters. Paste the whole key from your account's developer page.`,
    );
  if (!/^[\x21-\x7e]+$/.test(key))
    throw new AppError(
      'config',
      "The API key has characters a key never has: only letters, digits and ASCII punctuation. Paste the key from your account's developer page (not a copy retyped or translated).",
    );
  return key;
}
