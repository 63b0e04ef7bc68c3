import { createHash } from 'node:crypto';
import { fromBase64, toBase64, utf8Decode } from '../../local/emulator/core/base64';
import {
  containerNumber,
  isoContainerCheckDigit,
  isValidContainerNumber,
  normalizeContainerNumber,
} from '../../local/emulator/core/iso6346';
import { md5, toHex } from '../../local/emulator/core/md5';
import { createRng, hashString, uuidFromName } from '../../local/emulator/core/prng';
import {
  addDays,
  isoSeconds,
  localDay,
  zonedTime,
  zoneOffset,
} from '../../local/emulator/core/time';
import { FLEETS } from '../../local/emulator/data/fleet';
import { isoContainerCheckDigit as exported } from '../../local/emulator';

describe('ISO 6346 check digit', () => {
  it.each([
    ['CSQU305438', 3],
    ['MSKU907032', 3],
    ['TCLU671815', 9],
    ['TCLU222432', 7],
    ['CAIU743298', 6],
    ['KOCU495901', 0],
  ])('%s → %i', (prefix, digit) => {
    expect(isoContainerCheckDigit(prefix)).toBe(digit);
  });

  it('is exported from the package entry', () => {
    expect(exported('CSQU305438')).toBe(3);
  });

  it('rejects malformed prefixes', () => {
    expect(() => isoContainerCheckDigit('CSQ305438')).toThrow(/4 letters and 6 digits/);
    expect(() => isoContainerCheckDigit('CSQU30543X')).toThrow();
  });

  it('validates full numbers, ignoring case, spaces and dashes', () => {
    expect(isValidContainerNumber('CSQU3054383')).toBe(true);
    expect(isValidContainerNumber('csqu 305438-3')).toBe(true);
    expect(isValidContainerNumber('CSQU3054384')).toBe(false);
    expect(isValidContainerNumber('RMCU74210c6')).toBe(false);
    expect(isValidContainerNumber('CSQA3054383')).toBe(false);
    expect(normalizeContainerNumber('mscu 123456-5')).toBe('MSCU1234565');
  });

  it('never builds a number whose remainder is 10', () => {
    let skipped = 0;
    for (let serial = 0; serial < 2000; serial++) {
      const n = containerNumber('MSKU', serial);
      if (n === null) skipped++;
      else expect(isValidContainerNumber(n)).toBe(true);
    }
    expect(skipped).toBeGreaterThan(100); // about 1 in 11
  });
});

describe('md5 and base64 (pure implementations)', () => {
  it.each(['', 'a', 'abc', 'message digest', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(1000)])(
    'md5 of input #%# matches node:crypto',
    (input) => {
      const bytes = new TextEncoder().encode(input);
      expect(toHex(md5(bytes))).toBe(createHash('md5').update(bytes).digest('hex'));
    },
  );

  it('matches node:crypto on random binary data of many lengths', () => {
    const rng = createRng(7);
    for (let length = 0; length < 300; length += 7) {
      const bytes = Uint8Array.from({ length }, () => rng.int(0, 255));
      expect(toBase64(md5(bytes))).toBe(createHash('md5').update(bytes).digest('base64'));
      expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    }
  });

  it('rejects non-canonical base64', () => {
    expect(fromBase64('abc')).toBeNull();
    expect(fromBase64('ab!=')).toBeNull();
    expect(fromBase64('QQ==')).toEqual(new Uint8Array([65]));
    expect(fromBase64('QR==')).toBeNull(); // non-zero padding bits
  });

  it('rejects invalid UTF-8', () => {
    expect(utf8Decode(new Uint8Array([0xff, 0xfe]))).toBeNull();
    expect(utf8Decode(new TextEncoder().encode('Zürich'))).toBe('Zürich');
  });
});

describe('seeded randomness', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('makes version-4 shaped UUIDs, stable by name', () => {
    const shape = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const rng = createRng(1);
    const ids = new Set(Array.from({ length: 1000 }, () => rng.uuid()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(shape);
    expect(uuidFromName('port:USLAX')).toBe(uuidFromName('port:USLAX'));
    expect(uuidFromName('port:USLAX')).not.toBe(uuidFromName('port:USLGB'));
    expect(uuidFromName('x')).toMatch(shape);
    expect(hashString('abc')).not.toBe(hashString('abd'));
  });
});

describe('time zones', () => {
  it('finds local midnight across DST and on both sides of UTC', () => {
    expect(isoSeconds(zonedTime({ year: 2026, month: 11, day: 25 }, 'America/New_York'))).toBe(
      '2026-11-25T05:00:00Z',
    );
    expect(isoSeconds(zonedTime({ year: 2026, month: 7, day: 7 }, 'America/New_York'))).toBe(
      '2026-07-07T04:00:00Z',
    );
    expect(isoSeconds(zonedTime({ year: 2026, month: 11, day: 25 }, 'Asia/Shanghai'))).toBe(
      '2026-11-24T16:00:00Z',
    );
    // The day DST ends in New York (1 Nov 2026): midnight is still EDT.
    expect(isoSeconds(zonedTime({ year: 2026, month: 11, day: 1 }, 'America/New_York'))).toBe(
      '2026-11-01T04:00:00Z',
    );
    expect(isoSeconds(zonedTime({ year: 2026, month: 11, day: 2 }, 'America/New_York'))).toBe(
      '2026-11-02T05:00:00Z',
    );
  });

  it('reads calendar days and offsets', () => {
    const instant = Date.parse('2026-11-25T05:00:00Z');
    expect(localDay(instant, 'America/New_York')).toEqual({ year: 2026, month: 11, day: 25 });
    expect(localDay(instant, 'America/Los_Angeles')).toEqual({ year: 2026, month: 11, day: 24 });
    expect(zoneOffset(instant, 'Asia/Tokyo')).toBe(9 * 3600_000);
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({
      year: 2027,
      month: 1,
      day: 1,
    });
  });
});

describe('reference data', () => {
  it('vessel IMO numbers carry valid check digits', () => {
    for (const fleet of FLEETS) {
      for (const vessel of fleet.vessels) {
        const digits = vessel.imo.split('').map(Number);
        const sum = digits.slice(0, 6).reduce((s, d, i) => s + d * (7 - i), 0);
        expect(`${vessel.name} ${sum % 10}`).toBe(`${vessel.name} ${digits[6]}`);
      }
    }
  });
});
