import {
  containerCheckDigit,
  hasValidCheckDigit,
  looksLikeContainerNumber,
  normalizeContainerNumber,
} from '../../src/core/container-number';

describe('container numbers', () => {
  it('normalises spaces, dashes, case and full-width characters', () => {
    expect(normalizeContainerNumber('mscu 123456-5')).toBe('MSCU1234565');
    expect(normalizeContainerNumber('  CSQU\u00a0305438\u20133 ')).toBe('CSQU3054383');
    expect(normalizeContainerNumber('ＭＳＣＵ１２３４５６５')).toBe('MSCU1234565');
    expect(normalizeContainerNumber('MSCU\u200b1234565')).toBe('MSCU1234565');
  });

  it('computes ISO 6346 check digits (published examples)', () => {
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    expect(containerCheckDigit('MSKU907032')).toBe(3);
    // T31·1 + G17·2 + H18·4 + U32·8 + 1·16 + 2·32 + 3·64 + 4·128 + 5·256 + 6·512 = 5529 ≡ 7 (mod 11)
    expect(containerCheckDigit('TGHU123456')).toBe(7);
    expect(containerCheckDigit('ABC1234567')).toBeNull();
  });

  it('maps a remainder of 10 to check digit 0', () => {
    // Search for a serial whose weighted sum is 10 mod 11 and confirm it maps to 0.
    let found = false;
    for (let serial = 0; serial < 200 && !found; serial++) {
      const first10 = `ABCU${String(serial).padStart(6, '0')}`;
      const digit = containerCheckDigit(first10);
      expect(digit).toBeGreaterThanOrEqual(0);
      expect(digit).toBeLessThanOrEqual(9);
      found = digit === 0;
    }
    expect(found).toBe(true);
  });

  it('tells format and check digit apart', () => {
    expect(looksLikeContainerNumber('CSQU3054383')).toBe(true);
    expect(looksLikeContainerNumber('CSQU305438')).toBe(false);
    expect(looksLikeContainerNumber('MEDUFR030802')).toBe(false);
    expect(hasValidCheckDigit('CSQU3054383')).toBe(true);
    expect(hasValidCheckDigit('CSQU3054384')).toBe(false);
  });
});
