import { AppError } from '../../src/core/errors';
import { asGrid, shapeOutput } from '../../src/core/grid';
import {
  cleanApiKey,
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
