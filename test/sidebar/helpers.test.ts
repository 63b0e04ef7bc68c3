// The sidebar's pure helpers, in Node: the Track form's checks (which must agree with the
// server's), carrier matching, and the texts shown.

import fc from 'fast-check';
import { validateTrackingRequest } from '../../src/addon/sidebar-api/tracking-requests';
import { containerCheckDigit } from '../../src/core/container-number';
import { matchCarriers } from '../../src/sidebar/client/carriers';
import {
  alertStateText,
  fileKind,
  formatBytes,
  formatDateTime,
  formatInZone,
  intervalText,
  isWebLink,
  keyStateText,
  requestStatusText,
  scheduleText,
  tooLargeMessage,
} from '../../src/sidebar/client/format';
import { splitRefNumbers, validateTrackForm } from '../../src/sidebar/client/validate';

/** The server's normalised request, or null when it refuses the form. */
function serverVerdict(form: Parameters<typeof validateTrackingRequest>[0]) {
  try {
    return validateTrackingRequest(form);
  } catch {
    return null;
  }
}

const withDigit = (first10: string) => `${first10}${containerCheckDigit(first10)}`;

describe('validateTrackForm', () => {
  const form = { requestType: 'container', requestNumber: '', scac: 'MAEU', refNumbers: '' };

  it('normalises a container number and checks its ISO 6346 check digit', () => {
    expect(validateTrackForm({ ...form, requestNumber: ' mscu 123456-6 ' })).toEqual({
      ok: true,
      value: {
        requestType: 'container',
        requestNumber: 'MSCU1234566',
        scac: 'MAEU',
        refNumbers: [],
      },
    });
    expect(validateTrackForm({ ...form, requestNumber: 'MSCU1234565' })).toEqual({
      ok: false,
      field: 'requestNumber',
      message: 'MSCU1234565 has a wrong check digit (it should end in 6). Check the number.',
    });
    expect(validateTrackForm({ ...form, requestNumber: 'MSCU12345' })).toMatchObject({
      ok: false,
      field: 'requestNumber',
    });
  });

  it('wants a 4-letter SCAC or none (the service detects it) and splits ref numbers like the Tracking sheet', () => {
    const bol = { ...form, requestType: 'bill_of_lading', requestNumber: 'maeu 2405-12345' };
    expect(validateTrackForm({ ...bol, scac: 'MAE' })).toMatchObject({ ok: false, field: 'scac' });
    expect(validateTrackForm({ ...bol, scac: 'MA3U' })).toMatchObject({ ok: false, field: 'scac' });
    expect(validateTrackForm({ ...bol, scac: '  ' })).toMatchObject({
      ok: true,
      value: { scac: '' },
    });
    expect(
      validateTrackForm({ ...bol, scac: ' maeu ', refNumbers: 'PO-1, PO-2;PO-3\nPO-4' }),
    ).toEqual({
      ok: true,
      value: {
        requestType: 'bill_of_lading',
        requestNumber: 'MAEU2405-12345',
        scac: 'MAEU',
        refNumbers: ['PO-1', 'PO-2', 'PO-3', 'PO-4'],
      },
    });
    expect(validateTrackForm({ ...bol, requestType: 'parcel' })).toMatchObject({
      ok: false,
      field: 'requestType',
    });
    expect(
      validateTrackForm({
        ...bol,
        refNumbers: Array.from({ length: 51 }, (_, i) => `R${i}`).join(','),
      }),
    ).toMatchObject({ ok: false, field: 'refNumbers' });
  });

  it('accepts exactly what the server accepts, with the same normalised request', () => {
    const number = fc.oneof(
      fc.stringMatching(/^[A-Z]{4}\d{6}$/).map(withDigit),
      fc.stringMatching(/^[A-Za-z]{4} ?\d{3}-?\d{4}$/),
      fc.stringMatching(/^[A-Za-z0-9 -]{0,14}$/),
    );
    const input = fc.record({
      requestType: fc.constantFrom('container', 'bill_of_lading', 'booking_number', 'bol'),
      requestNumber: number,
      scac: fc.oneof(
        fc.constantFrom('MAEU', 'hlcu', ' ZIMU ', '', '  '),
        fc.stringMatching(/^[A-Za-z1]{3,5}$/),
      ),
      refNumbers: fc.constantFrom('', 'PO-1', 'PO-1, PO-2', ' ;PO-9\n'),
    });
    fc.assert(
      fc.property(input, (form) => {
        const client = validateTrackForm(form);
        expect(client.ok ? client.value : null).toEqual(serverVerdict(form));
      }),
      { numRuns: 500 },
    );
  });
});

describe('splitRefNumbers', () => {
  it('keeps any characters inside a ref number, HTML included', () => {
    expect(splitRefNumbers('<img src=x onerror=alert(1)>\n  \nPO 7 ')).toEqual([
      '<img src=x onerror=alert(1)>',
      'PO 7',
    ]);
  });
});

describe('matchCarriers', () => {
  const lines = [
    { scac: 'MAEU', name: 'Maersk', shortName: 'Maersk' },
    { scac: 'HLCU', name: 'Hapag-Lloyd', shortName: 'Hapag-Lloyd' },
    { scac: 'ZIMU', name: 'Zim American Integrated Shipping Services', shortName: 'Zim Line' },
    { scac: 'SMLM', name: 'SM Line', shortName: 'SM Line' },
  ];

  it('finds by SCAC prefix first, then by name or short name', () => {
    expect(matchCarriers(lines, 'm').map((c) => c.scac)).toEqual(['MAEU', 'ZIMU', 'SMLM']);
    expect(matchCarriers(lines, 'hapag').map((c) => c.scac)).toEqual(['HLCU']);
    expect(matchCarriers(lines, 'zim line').map((c) => c.scac)).toEqual(['ZIMU']);
    expect(matchCarriers(lines, '  ')).toEqual([]);
    expect(matchCarriers(lines, 'line', 1)).toHaveLength(1);
  });
});

describe('texts', () => {
  it('sizes, kinds, statuses and intervals', () => {
    expect([formatBytes(911), formatBytes(2048), formatBytes(50 * 1024 * 1024 + 1)]).toEqual([
      '911 B',
      '2.0 KB',
      '50.0 MB',
    ]);
    expect(['application/pdf', 'image/png', 'image/heic', 'text/csv'].map(fileKind)).toEqual([
      'PDF',
      'PNG image',
      'Image',
      'File',
    ]);
    expect(requestStatusText('failed', 'not_found')).toBe('failed: not_found');
    expect(requestStatusText('pending', null)).toMatch(/^pending \(/);
    expect(requestStatusText('something_new', null)).toBe('something_new');
    expect([intervalText(15), intervalText(60), intervalText(360), intervalText(1)]).toEqual([
      '15 minutes',
      'hour',
      '6 hours',
      'minute',
    ]);
    expect(tooLargeMessage('scan.pdf', 60 * 1024 * 1024)).toMatch(
      /^"scan\.pdf" is 60\.0 MB; files over 45 MB cannot be attached\./,
    );
  });

  it('says of the key only whether it is set and its last 4', () => {
    const base = {
      apiBaseUrl: 'https://api.example.com/v2',
      appUrl: 'https://app.example.com',
      refreshRequestsPerMinute: 80,
      autoImport: false,
      alertRecipients: '',
      alertLfdDays: 2,
      alertDigestHour: 7,
    };
    expect(keyStateText({ ...base, apiKeySet: false, apiKeyLast4: null })).toBe('Not set yet.');
    expect(keyStateText({ ...base, apiKeySet: true, apiKeyLast4: '1234' })).toBe(
      'Set, ends in 1234.',
    );
    expect(keyStateText({ ...base, apiKeySet: true, apiKeyLast4: null })).toBe('Set.');
  });

  it('follows only web links', () => {
    expect(isWebLink('https://app.terminal49.com/shipments/find?q=X')).toBe(true);
    expect(isWebLink('http://127.0.0.1:4949/shipments/find?q=X')).toBe(true);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
    expect(isWebLink('data:text/html,<b>x</b>')).toBe(false);
    expect(isWebLink('not a link')).toBe(false);
  });
});

describe('sidebar times carry their zone', () => {
  it("names the spreadsheet's zone after a time on its clock", () => {
    expect(formatInZone('2026-11-23T12:00:00.000Z', 'America/Los_Angeles')).toBe(
      '23 Nov, 04:00 PST',
    );
    expect(formatInZone('2026-11-23T12:00:00.000Z', 'Etc/UTC')).toBe('23 Nov, 12:00 UTC');
  });

  it("names the browser's zone after a time on the browser's clock", () => {
    // Jest runs with the machine's zone: whatever it is, its name (or offset) ends the text.
    expect(formatDateTime('2026-11-23T12:00:00.000Z')).toMatch(
      /2026.*\d{2}:\d{2}.*\s(UTC|GMT([+-]\d{1,2}(:\d{2})?)?|(?!AM$|PM$)[A-Z]{2,5})$/,
    );
    expect(formatDateTime('not a time')).toBe('not a time');
  });
});

describe('alertStateText', () => {
  const base = {
    enabled: true,
    lastDigestAt: '2026-11-23T12:00:00.000Z',
    nextDigestAt: '2026-11-24T12:00:00.000Z',
    pending: 1,
    quotaLeft: 97,
    lastError: null,
    timeZone: 'America/New_York',
  };

  it("shows the digest times on the spreadsheet's clock, waiting alerts and the quota", () => {
    expect(alertStateText(base)).toBe(
      'Last digest 23 Nov, 07:00 EST · next 24 Nov, 07:00 EST · 1 alert waiting · 97 email recipients left today.',
    );
    expect(alertStateText({ ...base, timeZone: 'Asia/Tokyo', pending: 0 })).toMatch(
      /^Last digest 23 Nov, 21:00 GMT\+9 · next 24 Nov, 21:00 GMT\+9 · 0 alerts waiting/,
    );
  });

  it('says when alerts are off, when no digest went yet, and the last problem', () => {
    expect(alertStateText({ ...base, enabled: false })).toBe('Alerts are off.');
    expect(
      alertStateText({ ...base, lastDigestAt: null, quotaLeft: null, lastError: 'quota used up' }),
    ).toBe(
      'No digest sent yet · next 24 Nov, 07:00 EST · 1 alert waiting. Last problem: quota used up',
    );
  });
});

describe('scheduleText', () => {
  const base = {
    minutes: 60,
    lastRun: null,
    nextRun: null,
    state: 'waiting' as const,
    note: null,
    current: false,
  };

  it('says the interval, the runs and the state; a note follows', () => {
    expect(scheduleText(base)).toBe('every hour · no run yet · set, not run yet.');
    expect(scheduleText({ ...base, current: true, minutes: 15 })).toBe(
      'every 15 minutes · no run yet · set, not run yet (this spreadsheet).',
    );
    const failing = scheduleText({
      ...base,
      state: 'failing',
      lastRun: '2026-11-20T15:00:00Z',
      nextRun: '2026-11-20T16:00:00Z',
      note: 'The last 3 scheduled runs failed.',
    });
    expect(failing).toMatch(/^every hour · last run .+ · next about .+ · failing\. The last 3/);
  });

  it('gives no next run for a schedule that is not running', () => {
    const late = scheduleText({ ...base, state: 'late', nextRun: '2026-11-20T16:00:00Z' });
    expect(late).toBe('every hour · no run yet · not running.');
  });
});
