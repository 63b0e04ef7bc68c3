// Property: whatever text carries the key (a service error body, a UrlFetchApp exception, our own
// messages), what reaches a person never contains it, in any of the forms it can take.

import fc from 'fast-check';
import { errorFromResponse } from '../../src/api/errors';
import { AppError, toAppError, userMessage } from '../../src/core/errors';
import { shapeOutput } from '../../src/core/grid';
import { forgetSecrets, redact, rememberSecret } from '../../src/core/redact';

const KEY_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+=~';
const keyArb = fc
  .array(fc.constantFrom(...KEY_CHARS.split('')), { minLength: 8, maxLength: 64 })
  .map((a) => a.join(''));

/** The key as it can appear inside other text. */
const embeddings: ((key: string) => string)[] = [
  (k) => k,
  (k) => `Authorization: Token ${k}`,
  (k) => `Authorization: Bearer ${k}`,
  (k) => `{"Authorization":"Token ${k}"}`,
  (k) => encodeURIComponent(k),
  (k) => JSON.stringify(k),
  (k) => JSON.stringify(JSON.stringify({ key: k })),
  (k) => k.toUpperCase(),
  (k) => k.toLowerCase(),
  (k) => `https://api.example.com/v2/containers?token=${encodeURIComponent(k)}`,
];

const textArb = fc.string({ maxLength: 300 });

function leaks(shown: string, key: string): boolean {
  const lower = shown.toLowerCase();
  return [key, encodeURIComponent(key)].some((form) => lower.includes(form.toLowerCase()));
}

afterEach(() => forgetSecrets());

describe('redaction', () => {
  it('removes a known key from any text, whatever the form', () => {
    fc.assert(
      fc.property(keyArb, textArb, textArb, fc.nat(embeddings.length - 1), (key, a, b, i) => {
        const text = `${a}${embeddings[i]!(key)}${b}`;
        expect(leaks(redact(text, [key]), key)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('removes an unknown credential in header form', () => {
    fc.assert(
      fc.property(
        keyArb,
        textArb,
        fc.constantFrom('Token', 'Bearer', 'token=', 'Authorization: '),
        (key, a, scheme) => {
          const shown = redact(
            `${a} ${scheme}${scheme.endsWith('=') || scheme.endsWith(' ') ? '' : ' '}${key} x`,
            [],
          );
          expect(shown).not.toContain(key);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps ordinary messages readable', () => {
    expect(redact("Scac 'XXXX' is not recognized", ['sekret-key-1234'])).toBe(
      "Scac 'XXXX' is not recognized",
    );
    expect(redact('Token expired; try again', [])).toBe('Token expired; try again');
  });

  it('no service error body or transport exception puts the key in a message, cell or errors[]', () => {
    fc.assert(
      fc.property(
        keyArb,
        textArb,
        fc.nat(embeddings.length - 1),
        fc.constantFrom(400, 401, 403, 404, 409, 422, 429, 500, 502),
        fc.constantFrom<'detail' | 'title'>('detail', 'title'),
        (key, filler, i, status, field) => {
          forgetSecrets();
          rememberSecret(key);
          const text = `${filler}${embeddings[i]!(key)}`;
          const body = JSON.stringify({ errors: [{ status: String(status), [field]: text }] });
          const fromBody = errorFromResponse({ status, headers: {}, body }, 0);
          // UrlFetchApp's own exception text, long enough that a cut at 200 would split the key.
          const fromTransport = toAppError(new Error(`${'x'.repeat(190)}${text}`));
          for (const error of [fromBody, fromTransport]) {
            expect(leaks(error.message, key)).toBe(false);
            expect(leaks(JSON.stringify(error.errors), key)).toBe(false);
            expect(leaks(userMessage(error), key)).toBe(false);
            const cells = shapeOutput([['a']], [[{ error }]]);
            expect(leaks(JSON.stringify(cells), key)).toBe(false);
          }
          expect(leaks(userMessage(new Error(text)), key)).toBe(false);
          expect(leaks(new AppError('upstream', text).message, key)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
