import {
  mergeSettings,
  parseAlertDigestHour,
  parseAlertLfdDays,
  parseAlertRecipients,
  type Settings,
} from '../../src/core/settings';

const current: Settings = {
  apiKey: 'secretkey1234',
  apiBaseUrl: 'https://api.example.com/v2',
  appUrl: 'https://app.example.com',
  refreshRequestsPerMinute: 80,
  autoImport: false,
  alertRecipients: 'ops@example.com',
  alertLfdDays: 2,
  alertDigestHour: 7,
};

describe('alert settings', () => {
  it('normalises recipients: separators, spaces, case and repeats', () => {
    expect(parseAlertRecipients(' Ops@Example.com; desk@example.co.uk,\nops@example.com ,')).toBe(
      'ops@example.com, desk@example.co.uk',
    );
    expect(parseAlertRecipients('')).toBe('');
    expect(parseAlertRecipients('  ')).toBe('');
  });

  it.each([
    ['Dispatch <ops@example.com>', /is not an email address/],
    ['ops@example', /is not an email address/],
    ['ops example@x.com', /is not an email address/],
    ['=HYPERLINK("x")@x.com', /is not an email address/],
  ])('refuses %p and says how to write it', (raw, message) => {
    expect(() => parseAlertRecipients(raw)).toThrow(message);
    expect(() => parseAlertRecipients(raw)).toThrow(/separated by commas/);
  });

  it('caps recipients, since each one counts against the daily quota', () => {
    const many = Array.from({ length: 11 }, (_, i) => `p${i}@example.com`).join(',');
    expect(() => parseAlertRecipients(many)).toThrow(/At most 10/);
  });

  it('takes LFD days 0–30 and digest hours 0–23 as whole numbers', () => {
    expect(parseAlertLfdDays('3')).toBe(3);
    expect(parseAlertDigestHour(0)).toBe(0);
    expect(parseAlertDigestHour(23)).toBe(23);
    expect(() => parseAlertDigestHour(24)).toThrow(/0 to 23/);
    expect(() => parseAlertDigestHour(7.5)).toThrow(/whole number/);
    expect(() => parseAlertLfdDays(-1)).toThrow(/0 to 30/);
    expect(() => parseAlertLfdDays(true)).toThrow(/whole number/);
  });

  it('an empty recipients text turns alerts off; an omitted one keeps them', () => {
    expect(mergeSettings(current, {}).settings.alertRecipients).toBe('ops@example.com');
    expect(mergeSettings(current, { alertRecipients: '' }).settings.alertRecipients).toBe('');
    const next = mergeSettings(current, { alertLfdDays: '5', alertDigestHour: '' }).settings;
    expect(next.alertLfdDays).toBe(5);
    expect(next.alertDigestHour).toBe(7);
  });
});
