// The alert email: API text arrives as text, the spreadsheet and each container are linked, the
// most urgent come first, the subject counts.

import type { Alert } from '../../src/core/alert-rules';
import { renderAlertEmail } from '../../src/core/alert-email';

const a = (
  number: string,
  kind: Alert['kind'],
  value: string,
  extra: Partial<Alert> = {},
): Alert => ({
  number,
  kind,
  value,
  at: 0,
  ...extra,
});
const input = {
  spreadsheetName: 'Imports <2026>',
  spreadsheetUrl: 'https://docs.google.com/spreadsheets/d/abc/edit',
  appUrl: 'https://app.example.com',
};

it('escapes every API text in the HTML and groups by urgency', () => {
  const email = renderAlertEmail({
    ...input,
    kind: 'immediate',
    alerts: [
      a('MSCU1234566', 'hold-placed', '<script>alert(1)</script>', {
        detail: '<img src=x onerror=alert(1)>',
      }),
      a('=HYPERLINK("http://evil","x")', 'lfd-due', '2026-11-24', { detail: 'today' }),
    ],
  });
  expect(email.htmlBody).not.toMatch(/<script|<img/i);
  expect(email.htmlBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(email.htmlBody).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(email.htmlBody).toContain('=HYPERLINK(&quot;http://evil&quot;,&quot;x&quot;)');
  expect(email.body).toContain('<script>alert(1)</script>'); // plain text is shown as text
  expect(email.htmlBody.indexOf('LFD today or passed')).toBeLessThan(
    email.htmlBody.indexOf('Holds placed'),
  );
  expect(email.htmlBody).toContain(
    '<a href="https://docs.google.com/spreadsheets/d/abc/edit">Imports &lt;2026&gt;</a>',
  );
  expect(email.htmlBody).toContain('href="https://app.example.com/shipments/find?q=MSCU1234566"');
  expect(email.body).toContain('https://app.example.com/shipments/find?q=MSCU1234566');
  expect(email.subject).toBe('Container alert: 1 LFD due, 1 hold placed – Imports <2026>');
});

it('lists in the digest what was sent at once, and says how many did not fit', () => {
  const email = renderAlertEmail({
    ...input,
    kind: 'digest',
    alerts: Array.from({ length: 301 }, (_, i) => a(`N${i}`, 'eta-moved', 'b', { old: 'a' })),
    sentEarlier: [a('MSCU1234566', 'ready', 'ready for pickup')],
  });
  expect(email.subject).toBe('Container digest: 302 alerts – Imports <2026>');
  expect(email.body).toContain('ETA moved: a → b');
  expect(email.body).toContain('2 more alerts not listed here');
  expect(email.body).not.toContain('Sent at once since the last digest');
});
