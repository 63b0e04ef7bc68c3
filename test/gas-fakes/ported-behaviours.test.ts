// Behaviours of real Apps Script pinned by other people's tests and reports, ported to local/gas.
// Each test names its source; most come from brucemcpherson/gas-fakes, whose test suite is
// written to pass on Apps Script itself (test/testutilities.js, testlock.js, teststores.js,
// testsheets.js). notes/gas-fidelity.md lists each behaviour with what the fake did before.

import { makeRuntime, thrown } from './harness';

const CODE = `
function digest(alg, value, charset) {
  return charset === undefined
    ? Utilities.computeDigest(Utilities.DigestAlgorithm[alg], value)
    : Utilities.computeDigest(Utilities.DigestAlgorithm[alg], value, Utilities.Charset[charset]);
}
function hmac(value, key, charset) {
  return charset === undefined
    ? Utilities.computeHmacSha256Signature(value, key)
    : Utilities.computeHmacSha256Signature(value, key, Utilities.Charset[charset]);
}
function b64(value, charset) {
  return charset === undefined
    ? [Utilities.base64Encode(value), Utilities.base64EncodeWebSafe(value)]
    : [Utilities.base64Encode(value, Utilities.Charset[charset]),
       Utilities.base64EncodeWebSafe(value, Utilities.Charset[charset])];
}
function blobBytes(text) { return Utilities.newBlob(text).getBytes(); }
function call(name, args) { return Utilities[name].apply(Utilities, args); }
function blobTypes() {
  return [Utilities.newBlob('x').getContentType(), Utilities.newBlob([120]).getContentType(),
    Utilities.newBlob('x', 'application/json').getContentType()];
}
function fmt(ms, zone, pattern) { return Utilities.formatDate(new Date(ms), zone, pattern); }
function parse(text, zone, pattern) { return Utilities.parseDate(text, zone, pattern).getTime(); }
function lockNegative() {
  var lock = LockService.getScriptLock();
  var tried = lock.tryLock(-100);
  var held = lock.hasLock();
  var zero = lock.tryLock(0);
  lock.releaseLock();
  var message = null;
  try { lock.waitLock(-100); } catch (e) { message = e.message; }
  return [tried, held, zero, message, lock.hasLock()];
}
function cachePut(key, value, ttl) {
  var cache = CacheService.getScriptCache();
  if (ttl === undefined) cache.put(key, value); else cache.put(key, value, ttl);
  return cache.get(key);
}
function cacheGet(key) { return CacheService.getScriptCache().get(key); }
function setProp(key, value) { PropertiesService.getScriptProperties().setProperty(key, value); }
function getProp(key) { return PropertiesService.getScriptProperties().getProperty(key); }
function fetch(url) { return UrlFetchApp.fetch(url).getResponseCode(); }
function describeRequests(url) {
  var post = UrlFetchApp.getRequest(url, { method: 'POST', contentType: 'application/json',
    payload: JSON.stringify({ hello: 'world' }), headers: { 'X-Custom': 'test' } });
  var bare = UrlFetchApp.getRequest(url, { method: 'post' });
  var get = UrlFetchApp.getRequest(url);
  return [post.method, post.headers, post.contentType, post.payload, bare.contentType, get.method,
    get.headers];
}
function writeOne(value) {
  var range = SpreadsheetApp.getActiveSheet().getRange('A1');
  range.setValue(value);
  var v = range.getValue();
  return [v instanceof Date ? 'date:' + Utilities.formatDate(v, SpreadsheetApp.getActive()
    .getSpreadsheetTimeZone(), 'yyyy-MM-dd') : v, range.getFormula()];
}
function notes() {
  var range = SpreadsheetApp.getActiveSheet().getRange('A1');
  var out = [];
  [5, 2.5, 'foo'].forEach(function (n) { range.setNote(n); out.push(range.getNote()); });
  return out;
}
function untrusted() {
  return HtmlService.createHtmlOutput('<h1>Title</h1>').appendUntrusted('<script>alert(1)</script>')
    .getContent();
}
function timeCell(value) {
  var range = SpreadsheetApp.getActiveSheet().getRange('B1');
  range.setValue(value);
  var v = range.getValue();
  return v instanceof Date
    ? [Utilities.formatDate(v, SpreadsheetApp.getActive().getSpreadsheetTimeZone(),
        'yyyy-MM-dd HH:mm:ss'), range.getDisplayValue()]
    : [v, range.getDisplayValue()];
}
function generalFormat() {
  var range = SpreadsheetApp.getActiveSheet().getRange('A1:B1');
  range.setNumberFormat('0.00');
  range.setNumberFormats([['general', '0.0']]);
  var first = range.getNumberFormats()[0];
  range.setNumberFormat('General');
  return [first, range.getNumberFormat()];
}
`;

/** Apps Script's signed bytes of a hex digest. */
const signed = (hex: string) => Array.from(Buffer.from(hex, 'hex'), (b) => (b > 127 ? b - 256 : b));

describe('Utilities: a String without a Charset is US-ASCII', () => {
  // gas-fakes test/testutilities.js "utilities digest": expected digests recorded on Apps Script.
  const ASCII_MD5 = [-22, 3, -4, -72, -60, 120, 34, -68, -25, 114, -49, 108, 7, -48, -21, -69];
  const UTF8_MD5 = [-71, 89, 42, -99, 35, -63, -51, -82, 83, 46, 87, -53, -35, -67, 116, -6];

  it('computeDigest: each non-ASCII character (an emoji too) becomes one "?"; UTF_8 only when asked', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('digest', ['MD5', '€🙂'])).toEqual(ASCII_MD5);
    expect(rt.run('digest', ['MD5', '€🙂', 'US_ASCII'])).toEqual(ASCII_MD5);
    expect(rt.run('digest', ['MD5', '€🙂', 'UTF_8'])).toEqual(UTF8_MD5);
    // A Byte[] is hashed as it is; newBlob(String) is UTF-8.
    expect(rt.run('digest', ['MD5', rt.run('blobBytes', ['€🙂'])])).toEqual(UTF8_MD5);
  });

  it('computeHmacSha256Signature: key and value default to US-ASCII too', () => {
    const { rt } = makeRuntime(CODE);
    // gas-fakes "utilities hmac": 'café' keyed with '€🙂'.
    const ascii = [
      -125, 73, -127, -128, -43, -39, 99, -10, 39, -49, -128, 27, 8, -117, 4, -120, -26, -111, 16,
      114, -115, 1, -1, -68, -27, 88, 7, 117, 55, -87, -123, -52,
    ];
    const utf8 = [
      76, -16, 35, 99, -128, 106, -22, -17, -102, -19, 4, 97, -75, 64, 107, 79, 99, 19, -54, -6, 90,
      54, 121, -39, -126, 13, 2, -40, -84, 109, -2, 115,
    ];
    expect(rt.run('hmac', ['café', '€🙂'])).toEqual(ascii);
    expect(rt.run('hmac', ['café', '€🙂', 'US_ASCII'])).toEqual(ascii);
    expect(rt.run('hmac', ['café', '€🙂', 'UTF_8'])).toEqual(utf8);
  });

  it('base64Encode(String) is US-ASCII (github.com/thiscouldbejd/Gabriel/issues/5)', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('b64', ['héllo'])).toEqual(['aD9sbG8=', 'aD9sbG8=']);
    expect(rt.run('b64', ['héllo', 'UTF_8'])).toEqual(['aMOpbGxv', 'aMOpbGxv']);
  });

  it('refuses arguments that match no signature, as gas-fakes pins', () => {
    const { rt } = makeRuntime(CODE);
    const mismatch = /^The parameters \(.*\) don't match the method signature for Utilities\./;
    const md5 = 'MD5';
    expect(thrown(() => rt.run('call', ['computeDigest', ['nope', 'abc']]))).toMatch(mismatch);
    expect(thrown(() => rt.run('call', ['computeDigest', [md5, [0, 1], 'UTF_8']]))).toMatch(
      mismatch,
    );
    expect(thrown(() => rt.run('call', ['computeDigest', [md5, 'abc', 'fake']]))).toMatch(mismatch);
    expect(thrown(() => rt.run('call', ['computeDigest', [md5, 'abc', 'US_ASCII', 4]]))).toMatch(
      mismatch,
    );
    expect(thrown(() => rt.run('call', ['computeHmacSha256Signature', ['abc']]))).toMatch(mismatch);
    expect(thrown(() => rt.run('call', ['computeHmacSha256Signature', [[1, 2], 'key']]))).toMatch(
      mismatch,
    );
    expect(
      thrown(() => rt.run('call', ['computeHmacSha256Signature', [[1], [2], 'UTF_8']])),
    ).toMatch(mismatch);
    expect(thrown(() => rt.run('call', ['computeDigest', [md5, ['1woah']]]))).toMatch(
      /^Cannot convert /,
    );
    expect(rt.run('call', ['computeDigest', [md5, 'abc']])).toEqual(
      signed('900150983cd24fb0d6963f7d28e17f72'),
    );
  });
});

describe('Utilities: blobs, formatDate, formatString, parseDate', () => {
  it('newBlob(String) is text/plain; a Byte[] blob has no type (gas-fakes "utilities blob manipulation")', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('blobTypes')).toEqual(['text/plain', null, 'application/json']);
  });

  it('formatDate knows zzzz, G, Y, w and D (java.text.SimpleDateFormat, Locale.US weeks)', () => {
    const { rt } = makeRuntime(CODE);
    const jan15 = Date.UTC(2026, 0, 15, 20, 0, 0);
    expect(rt.run('fmt', [jan15, 'America/Los_Angeles', 'zzzz G'])).toBe(
      'Pacific Standard Time AD',
    );
    expect(rt.run('fmt', [jan15, 'UTC', 'D w YYYY'])).toBe('15 3 2026');
    // 2026-12-31 is a Thursday: its Sunday-first week holds 2027-01-01, so it is week 1 of 2027.
    expect(rt.run('fmt', [Date.UTC(2026, 11, 31, 12), 'UTC', 'yyyy w YYYY D'])).toBe(
      '2026 1 2027 365',
    );
  });

  it('formatString is sprintf-like (gas-fakes "utilities extra"; the Utilities reference examples)', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('call', ['formatString', ['hello %s', 'world']])).toBe('hello world');
    expect(rt.run('call', ['formatString', ['%d + %d = %d', 1, 2, 3]])).toBe('1 + 2 = 3');
    expect(rt.run('call', ['formatString', ['%11.6f', 123.456]])).toBe(' 123.456000');
    expect(rt.run('call', ['formatString', ['%6s|%-3d|%05.1f|100%%', 'abc', 7, 3.14159]])).toBe(
      '   abc|7  |003.1|100%',
    );
  });

  it('parseDate follows SimpleDateFormat in the given zone and throws on text that does not fit', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('parse', ['2023-01-01T12:00:00Z', 'GMT', "yyyy-MM-dd'T'HH:mm:ss'Z'"])).toBe(
      Date.UTC(2023, 0, 1, 12),
    );
    expect(rt.run('parse', ['Mar 1, 2016 3:05 PM', 'America/New_York', 'MMM d, yyyy h:mm a'])).toBe(
      Date.UTC(2016, 2, 1, 20, 5),
    );
    expect(rt.run('parse', ['20160301', 'UTC', 'yyyyMMdd'])).toBe(Date.UTC(2016, 2, 1));
    expect(rt.run('parse', ['2016-03-01 10:00 +0200', 'UTC', 'yyyy-MM-dd HH:mm Z'])).toBe(
      Date.UTC(2016, 2, 1, 8),
    );
    expect(thrown(() => rt.run('parse', ['invalid date', 'GMT', 'yyyy']))).toBe(
      'Unparseable date: "invalid date"',
    );
  });
});

describe('LockService: negative timeouts (gas-fakes test/testlock.js "Lock timeout failures")', () => {
  it('tryLock(-100) is false and waitLock(-100) throws, even on a free lock', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('lockNegative')).toEqual([
      false,
      false,
      true,
      'Lock timeout: another process was holding the lock for too long.',
      false,
    ]);
  });
});

describe('CacheService', () => {
  it('put(key, null) stores nothing (not the text "null")', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('cachePut', ['k', null])).toBeNull();
    expect(rt.caches.script.entries.size).toBe(0);
  });

  it('caps a life over 21,600 s instead of refusing it (gas-fakes fakestores.js normExpiry)', () => {
    const { rt, clock } = makeRuntime(CODE);
    expect(rt.run('cachePut', ['k', 'v', 86_400])).toBe('v');
    clock.advance(21_599 * 1000);
    expect(rt.run('cacheGet', ['k'])).toBe('v');
    clock.advance(2 * 1000);
    expect(rt.run('cacheGet', ['k'])).toBeNull();
  });
});

describe('PropertiesService failures (tanaikech.github.io 2023/05/22, measured on Apps Script)', () => {
  const QUOTA =
    'You have exceeded the property storage quota. Please remove some properties and try again.';

  it('one value over the limit fails with the storage-quota message and stores nothing', () => {
    const { rt } = makeRuntime(CODE);
    expect(thrown(() => rt.run('setProp', ['big', 'x'.repeat(9 * 1024 + 1)]))).toBe(QUOTA);
    expect(rt.run('getProp', ['big'])).toBeNull();
  });

  it('a key over 8,066 bytes is a "Data storage error"; an empty key is refused by name', () => {
    const { rt } = makeRuntime(CODE);
    rt.run('setProp', ['k'.repeat(8066), '1']);
    expect(thrown(() => rt.run('setProp', ['k'.repeat(8067), '1']))).toBe('Data storage error');
    expect(thrown(() => rt.run('setProp', ['', '1']))).toBe(
      'When setting or getting a property value, the property name must not be null or empty',
    );
  });
});

describe('UrlFetchApp: a failed request with an empty body', () => {
  it('says only "Request failed for <origin> returned code N" (github.com/bradjasper/ImportJSON/issues/242)', () => {
    const { rt } = makeRuntime(CODE, { respond: () => ({ status: 404, headers: {}, body: '' }) });
    expect(thrown(() => rt.run('fetch', ['https://api.example.com/stocks/BDO.json']))).toBe(
      'Request failed for https://api.example.com returned code 404',
    );
  });
});

describe('UrlFetchApp.getRequest (gas-fakes test/testfetch.js "urlfetchapp getRequest")', () => {
  it("shows the script's own headers and the default form type of a POST", () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('describeRequests', ['https://api.github.com/users/x'])).toEqual([
      'post',
      { 'X-Custom': 'test' },
      'application/json',
      '{"hello":"world"}',
      'application/x-www-form-urlencoded',
      'get',
      {},
    ]);
  });
});

describe('Range values typed as a person would (issue 17 probes; Sheets USER_ENTERED)', () => {
  const sheets = { sheets: [{ name: 'T' }] };

  it('a text starting with + or - that is no number is a formula parse error', () => {
    const { rt } = makeRuntime(CODE, { spreadsheet: sheets });
    expect(rt.run('writeOne', ['+abc'])).toEqual(['#ERROR!', '=+abc']);
    expect(rt.run('writeOne', ['+1 555 0100'])).toEqual(['#ERROR!', '=+1 555 0100']);
    expect(rt.run('writeOne', ['- delayed'])).toEqual(['#ERROR!', '=- delayed']);
    // Numbers keep their sign; a lone sign and an apostrophe-led text stay text.
    expect(rt.run('writeOne', ['-12.5'])).toEqual([-12.5, '']);
    expect(rt.run('writeOne', ['-'])).toEqual(['-', '']);
    expect(rt.run('writeOne', ["'+abc"])).toEqual(['+abc', '']);
  });

  it('a date written with a month name becomes a date', () => {
    const { rt } = makeRuntime(CODE, { spreadsheet: sheets });
    expect(rt.run('writeOne', ['Mar 1 2016'])).toEqual(['date:2016-03-01', '']);
    expect(rt.run('writeOne', ['March 1, 2016'])).toEqual(['date:2016-03-01', '']);
    expect(rt.run('writeOne', ['1-Mar-2016'])).toEqual(['date:2016-03-01', '']);
    expect(rt.run('writeOne', ['Feb 30 2016'])).toEqual(['Feb 30 2016', '']);
    expect(rt.run('writeOne', ["'Mar 1 2016"])).toEqual(['Mar 1 2016', '']);
  });

  it("a time of day becomes a time on Sheets' day zero (Sheets UI typing; the display format is assumed)", () => {
    const { rt } = makeRuntime(CODE, { spreadsheet: sheets });
    expect(rt.run('timeCell', ['10:30'])).toEqual(['1899-12-30 10:30:00', '10:30:00 AM']);
    expect(rt.run('timeCell', ['3:05 PM'])).toEqual(['1899-12-30 15:05:00', '3:05:00 PM']);
    expect(rt.run('timeCell', ['12 am'])).toEqual(['1899-12-30 00:00:00', '12:00:00 AM']);
    expect(rt.run('timeCell', ['25:00'])).toEqual(['25:00', '25:00']);
    expect(rt.run('timeCell', ["'10:30"])).toEqual(['10:30', '10:30']);
  });

  it("'general' is no format: getNumberFormat answers 0.############### (gas-fakes test/testsheets.js)", () => {
    const { rt } = makeRuntime(CODE, { spreadsheet: sheets });
    expect(rt.run('generalFormat')).toEqual([['0.###############', '0.0'], '0.###############']);
  });

  it('setNote(5) keeps "5.0", as Java prints a double (gas-fakes test/testsheets.js "notes")', () => {
    const { rt } = makeRuntime(CODE, { spreadsheet: sheets });
    expect(rt.run('notes')).toEqual(['5.0', '2.5', 'foo']);
  });
});

describe('HtmlService', () => {
  it('appendUntrusted escapes with named entities (gas-fakes test/testhtmlservice.js)', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('untrusted')).toBe('<h1>Title</h1>&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
