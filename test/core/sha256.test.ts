// The plain-code SHA-256 the add-on names a key's window by (src/core/sha256.ts), against Node's.

import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sha256Hex } from '../../src/core/sha256';

const node = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it('matches the published vectors and block boundaries', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    for (const n of [55, 56, 63, 64, 65, 119, 120, 1000])
      expect(sha256Hex('a'.repeat(n))).toBe(node('a'.repeat(n)));
  });

  it('matches Node’s crypto on any text, in UTF-8', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (t) => sha256Hex(t) === node(t)),
    );
    expect(sha256Hex('https://api.example\nkey-ünïcode-😀')).toBe(
      node('https://api.example\nkey-ünïcode-😀'),
    );
  });
});
