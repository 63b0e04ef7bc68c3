import { AppError } from '../../src/core/errors';
import { asGrid, shapeOutput } from '../../src/core/grid';
import { redact, rememberSecret } from '../../src/core/redact';
import { requireKey } from '../../src/engine/settings-store';
import { DEFAULT_API_BASE_URL, type Settings } from '../../src/core/settings';
import { cleanApiKey } from '../../src/core/api-key';
import {
  mergeSettings,
  normalizeServiceUrl,
  publicSettings,
  trackingLink,
  apiOrigin,
} from '../../src/core/settings';

describe('grid shaping', () => {
  it('keeps the shape of a range and writes per-cell errors', () => {
    const input = [
      ['a', ''],
      ['b', 'c'],
    ];
    const out = shapeOutput(input, [
      [{ value: 1 }, null],
      [{ error: new AppError('input', 'bad') }, { value: true }],
    ]);
    expect(out).toEqual([
      [1, ''],
      ['#bad', true],
    ]);
  });

  it('throws for a single bad value', () => {
    expect(() => shapeOutput('x', [[{ error: new AppError('input', 'not a container') }]])).toThrow(
      'not a container',
    );
    expect(shapeOutput('x', [[{ value: 'ok' }]])).toBe('ok');
    expect(asGrid('x')).toEqual([['x']]);
  });
});

describe('settings', () => {
  it('accepts https and local http only, dropping a trailing slash', () => {
    expect(normalizeServiceUrl('https://api.terminal49.com/v2/', 'x')).toBe(
      'https://api.terminal49.com/v2',
    );
    expect(normalizeServiceUrl('http://localhost:4949/v2', 'x')).toBe('http://localhost:4949/v2');
    expect(normalizeServiceUrl(' http://127.0.0.1:4949 ', 'x')).toBe('http://127.0.0.1:4949');
    expect(() => normalizeServiceUrl('http://api.terminal49.com/v2', 'API base URL')).toThrow(
      /must use https/,
    );
    expect(() => normalizeServiceUrl('http://localhost.evil.com/v2', 'x')).toThrow(
      /must use https/,
    );
    expect(() => normalizeServiceUrl('ftp://x', 'x')).toThrow(/must start with https/);
  });

  it('refuses keys of 1–3 characters and keys with characters outside printable ASCII', () => {
    for (const short of ['k', 'ab', 'Token xyz'])
      expect(() => cleanApiKey(short)).toThrow(/too short.*at least 4/);
    for (const odd of ['clé-1234-abcd', 'key-１２３４', 'key—1234'])
      expect(() => cleanApiKey(odd)).toThrow(/letters, digits and ASCII punctuation/);
    expect(cleanApiKey('abcd')).toBe('abcd');
  });

  it('a key is redacted from any text once it can be saved (the shortest included)', () => {
    const key = cleanApiKey('a1b2');
    rememberSecret(key);
    expect(redact(`failed with key a1b2 in the URL`)).not.toContain(key);
  });

  it('cleans pasted keys and keeps the stored one when none is given', () => {
    expect(cleanApiKey('  "Token abcd1234efgh"\n')).toBe('abcd1234efgh');
    expect(() => cleanApiKey('two words')).toThrow(/spaces/);
    const current = {
      apiKey: 'secretkey1234',
      apiBaseUrl: 'https://a/v2',
      appUrl: 'https://b',
      refreshRequestsPerMinute: 80,
      autoImport: false,
      alertRecipients: '',
      alertLfdDays: 2,
      alertDigestHour: 7,
    };
    expect(mergeSettings(current, { apiKey: '' }).settings.apiKey).toBe('secretkey1234');
    expect(mergeSettings(current, { apiKey: 'newkey99999' }).settings.apiKey).toBe('newkey99999');
  });

  it('never returns the key, only its last 4 characters', () => {
    const shown = publicSettings({
      apiKey: 'secretkey1234',
      apiBaseUrl: 'https://a/v2',
      appUrl: 'https://b',
      refreshRequestsPerMinute: 80,
      autoImport: false,
      alertRecipients: 'ops@example.com',
      alertLfdDays: 2,
      alertDigestHour: 7,
    });
    expect(JSON.stringify(shown)).not.toContain('secretkey');
    expect(shown).toEqual({
      apiKeySet: true,
      apiKeyLast4: '1234',
      apiBaseUrl: 'https://a/v2',
      appUrl: 'https://b',
      refreshRequestsPerMinute: 80,
      autoImport: false,
      alertRecipients: 'ops@example.com',
      alertLfdDays: 2,
      alertDigestHour: 7,
    });
  });

  it('builds deep links and the upload origin', () => {
    expect(trackingLink('https://app.terminal49.com', 'MSCU 123/4&x')).toBe(
      'https://app.terminal49.com/shipments/find?q=MSCU%20123%2F4%26x',
    );
    expect(apiOrigin('https://api.terminal49.com/v2')).toBe('https://api.terminal49.com');
  });
});

const publicSettingsBase: Settings = {
  apiKey: null,
  apiBaseUrl: DEFAULT_API_BASE_URL,
  appUrl: 'https://app.example.com',
  refreshRequestsPerMinute: 80,
  autoImport: false,
  alertRecipients: '',
  alertLfdDays: 2,
  alertDigestHour: 7,
};

it('a key stored by an earlier version that is too short is never used', () => {
  expect(() => requireKey({ ...publicSettingsBase, apiKey: 'ab' })).toThrow(/too short/);
});
