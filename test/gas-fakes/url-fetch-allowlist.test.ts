// UrlFetchApp under a manifest's urlFetchWhitelist, with the rules and examples of Apps Script's
// "Allowlist URLs" guide (developers.google.com/apps-script/manifest/allowlist-url).

import { UrlFetchAllowlist } from '../../local/gas/url-fetch-allowlist';
import { makeRuntime, thrown } from './harness';

describe('UrlFetchAllowlist', () => {
  it('matches a prefix and its children, case-sensitively', () => {
    const list = new UrlFetchAllowlist(['https://example.com/foo']);
    for (const url of [
      'https://example.com/foo',
      'https://example.com/foo/',
      'https://example.com/foo/bar',
      'https://example.com/foo?bar',
      'https://example.com/foo#bar',
      'https://EXAMPLE.com/foo',
    ]) {
      expect([url, list.allows(url)]).toEqual([url, true]);
    }
    for (const url of [
      'https://example.com/foobar',
      'https://example.com/Foo',
      'https://example.com/',
      'http://example.com/foo',
      'https://example.com:8443/foo',
      'https://sub.example.com/foo',
      'https://example.com.evil.test/foo',
      'not a url',
    ]) {
      expect([url, list.allows(url)]).toEqual([url, false]);
    }
  });

  it('a leading wildcard matches any number of subdomains, not the domain itself', () => {
    const list = new UrlFetchAllowlist(['https://*.example.com/foo']);
    expect(list.allows('https://subdomain.example.com/foo')).toBe(true);
    expect(list.allows('https://any.number.of.subdomains.example.com/foo')).toBe(true);
    expect(list.allows('https://example.com/foo')).toBe(false);
    expect(list.allows('https://subdomain.otherexample.com/foo')).toBe(false);
  });

  it('refuses prefixes Apps Script would not accept', () => {
    for (const prefix of [
      'http://example.com/',
      'https://example.com',
      'https://localhost/',
      'https://a.*.example.com/',
      'https://*/',
      'example.com/',
    ]) {
      expect(() => new UrlFetchAllowlist([prefix])).toThrow(
        `urlFetchWhitelist entry "${prefix}" is not valid`,
      );
    }
  });

  it('a stand-in origin is allowed as a whole, and nothing else on its host', () => {
    const list = new UrlFetchAllowlist(['https://api.example.com/'], ['http://127.0.0.1:4949']);
    expect(list.allows('http://127.0.0.1:4949/v2/containers?page[size]=5')).toBe(true);
    expect(list.allows('http://127.0.0.1:4950/v2/containers')).toBe(false);
    expect(list.allows('https://127.0.0.1:4949/v2/containers')).toBe(false);
  });
});

describe("UrlFetchApp enforces the manifest's urlFetchWhitelist", () => {
  const CODE = `
    function get(url) { return UrlFetchApp.fetch(url).getResponseCode(); }
    function getAll(urls) { return UrlFetchApp.fetchAll(urls).map(function (r) { return r.getResponseCode(); }); }
    function caught(url) { try { UrlFetchApp.fetch(url); return 'sent'; } catch (e) { return e.name + ': ' + e.message; } }
  `;
  const manifest = { urlFetchWhitelist: ['https://api.example.com/v2/'] };

  it('refuses a URL outside the list with Apps Script message, sending nothing', () => {
    const { rt, requests } = makeRuntime(CODE, { manifest });
    expect(rt.run('caught', ['https://storage.example.net/key?sig=1'])).toBe(
      'Exception: Request to https://storage.example.net/key?sig=1 failed because the URL has not been whitelisted in the script manifest.',
    );
    expect(requests).toEqual([]);
    expect(rt.urlFetchLog).toEqual([]);
    expect(rt.counters.snapshot().urlFetchRequests).toBe(0);
  });

  it('sends what the list allows', () => {
    const { rt, requests } = makeRuntime(CODE, { manifest });
    expect(rt.run('get', ['https://api.example.com/v2/containers'])).toBe(200);
    expect(requests.map((r) => r.url)).toEqual(['https://api.example.com/v2/containers']);
  });

  it('fetchAll refuses the whole batch when one URL is outside the list', () => {
    const { rt, requests } = makeRuntime(CODE, { manifest });
    expect(
      thrown(() => rt.run('getAll', [['https://api.example.com/v2/a', 'https://other.test/b']])),
    ).toBe(
      'Request to https://other.test/b failed because the URL has not been whitelisted in the script manifest.',
    );
    expect(requests).toEqual([]);
  });

  it('allows every URL when the manifest has no list (a bound script may omit it)', () => {
    const { rt } = makeRuntime(CODE, { manifest: {} });
    expect(rt.run('get', ['http://anything.test/'])).toBe(200);
  });
});
