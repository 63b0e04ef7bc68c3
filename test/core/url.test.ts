// The settings URL parser: real RFC 3986 splitting (a user name before @ is not the host), hosts
// IDNA-encoded like Node's WHATWG implementation does, and every hostile string refused with a
// message rather than accepted or crashing.

import { domainToASCII } from 'node:url';
import fc from 'fast-check';
import { punycodeEncode } from '../../src/core/punycode';
import { normalizeServiceUrl } from '../../src/core/settings';
import { parseHttpUrl, resolveReference, toAsciiHost } from '../../src/core/url';

const LETTERS = [
  ...'abcdefghijklmnopqrstuvwxyz0123456789-',
  ...'ABCXYZ',
  ...'äöüßéèçñøåæœ',
  ...'аеорсухАЕОРСΣσςαβγδ',
  ...'日本語中文한국어',
  ...'ｆｕｌｌ',
  '\u0301',
];
const labelArb = fc
  .array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 12 })
  .map((a) => a.join(''));
const hostArb = fc.array(labelArb, { minLength: 1, maxLength: 4 }).map((l) => `${l.join('.')}.com`);

describe('punycode', () => {
  it.each([
    ['bücher', 'bcher-kva'],
    ['münchen', 'mnchen-3ya'],
    ['日本語', 'wgv71a119e'],
    ['аpi', 'pi-6kc'],
  ])('encodes %s as %s (RFC 3492)', (label, expected) => {
    expect(punycodeEncode(label)).toBe(expected);
  });
});

describe('hosts', () => {
  it('agree with WHATWG IDNA whenever accepted', () => {
    fc.assert(
      fc.property(hostArb, (host) => {
        const ours = toAsciiHost(host);
        if (ours !== null) expect(ours).toBe(domainToASCII(host));
      }),
      { numRuns: 1_000 },
    );
  });

  it('accept ordinary and international names, refuse broken ones', () => {
    expect(toAsciiHost('API.Terminal49.com')).toBe('api.terminal49.com');
    expect(toAsciiHost('bücher.example')).toBe('xn--bcher-kva.example');
    expect(toAsciiHost('127.0.0.1')).toBe('127.0.0.1');
    for (const bad of [
      '',
      'a..b',
      '-a.com',
      'a_b.com',
      'x.0x7f',
      '0177.0.0.1',
      'a.com.',
      '%65vil.com',
    ]) {
      expect(toAsciiHost(bad)).toBeNull();
    }
  });
});

describe('service URLs', () => {
  it('finds the real host behind a user name and refuses it', () => {
    const parsed = parseHttpUrl('https://api.terminal49.com@evil.example/v2');
    expect(parsed.problem).toMatch(/user name before "@".*evil\.example/);
    expect(() =>
      normalizeServiceUrl('https://api.terminal49.com:443@evil.example/v2', 'API base URL'),
    ).toThrow(/API base URL has a user name/);
  });

  it('normalises scheme, host, default port and trailing slashes', () => {
    expect(normalizeServiceUrl('HTTPS://API.Terminal49.com:443/v2//', 'x')).toBe(
      'https://api.terminal49.com/v2',
    );
    expect(normalizeServiceUrl('https://bücher.example:8443/v2', 'x')).toBe(
      'https://xn--bcher-kva.example:8443/v2',
    );
    expect(normalizeServiceUrl('http://localhost:4949/v2', 'x')).toBe('http://localhost:4949/v2');
  });

  it.each([
    ['https://api.terminal49.com/v2#x', /# part/],
    ['https://api.terminal49.com/v2?a=1', /\? part/],
    ['https://api.terminal49.com:0/v2', /port/],
    ['https://api.terminal49.com:99999/v2', /port/],
    ['https://[::1]/v2', /IPv6/],
    ['https://api.terminal49.com/../v2', /\.\.\//],
    ['https://api.terminal49.com/v2/ü', /percent-encoded/],
    ['https://api.terminal49.com\\@evil.example/v2', /space, line break, quote/],
    ['https://api.terminal49.com/v2\u200b', /space, line break, quote/],
    ['javascript:alert(1)', /not a full address/],
    ['//api.terminal49.com/v2', /not a full address/],
    ['ftp://api.terminal49.com/v2', /must start with https/],
    [null, /must be text/],
  ])('refuses %j: %s', (text, expected) => {
    expect(parseHttpUrl(text).problem).toMatch(expected);
  });

  it('refuses an "@" anywhere in a settings address (found by the property below)', () => {
    expect(() => normalizeServiceUrl('https://a.com/@', 'API base URL')).toThrow(
      /^API base URL must not contain "@"/,
    );
    expect(() =>
      normalizeServiceUrl('https://api.terminal49.com/v2@evil.example', 'API base URL'),
    ).toThrow(/must not contain "@"/);
  });

  it('never accepts a hostile string silently, and never crashes', () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc
        .tuple(
          fc.constantFrom('https://', 'http://', 'HTTPS://', ''),
          fc.string(),
          hostArb,
          fc.string(),
        )
        .map(([s, a, h, b]) => `${s}${a}${h}${b}`),
      fc.anything(),
    );
    fc.assert(
      fc.property(hostile, (text) => {
        let result: string | undefined;
        try {
          result = normalizeServiceUrl(text, 'API base URL');
        } catch (e) {
          expect((e as Error).message).toMatch(/^API base URL /);
          expect((e as Error).message).not.toMatch(/is not a function|undefined/);
          return;
        }
        // Accepted: a clean https (or local http) URL with no user name, space or fragment, and
        // parsing it again gives the same thing.
        expect(result).toMatch(/^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$))/);
        expect(result).not.toMatch(/[@\s#"'?]/);
        expect(normalizeServiceUrl(result, 'x')).toBe(result);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('links and redirects', () => {
  const base = parseHttpUrl('https://api.example.com/v2/containers?page[number]=1', {
    allowQuery: true,
  }).url!;
  it.each([
    ['/v2/containers?page[number]=2', 'https://api.example.com'],
    ['https://API.example.com:443/v2/x', 'https://api.example.com'],
    ['//evil.example/v2', 'https://evil.example'],
    ['http://api.example.com/v2', 'http://api.example.com'],
    ['page2', 'https://api.example.com'],
  ])('resolves %s to origin %s', (ref, origin) => {
    expect(resolveReference(base, ref, { allowQuery: true }).url?.origin).toBe(origin);
  });
});
