// The Push updates line of Settings: what each state says (the server never sends the token).

import { pushStatusText } from '../../src/sidebar/client/push-block';

const base = {
  enabled: false,
  url: null,
  events: [],
  lastNotificationAt: null,
  applied: 0,
  available: true,
  warning: null,
  problem: null,
};

test('off, unavailable in an add-on, and on with its address and count', () => {
  expect(pushStatusText(base)).toMatch(/^Off\./);
  expect(pushStatusText({ ...base, available: false })).toMatch(
    /bound script deployed as a web app/,
  );
  const on = pushStatusText({
    ...base,
    enabled: true,
    url: 'https://script.google.com/macros/s/x/exec',
    applied: 3,
  });
  expect(on).toContain('https://script.google.com/macros/s/x/exec');
  expect(on).toContain('3 applied; none received yet');
});

test('a delivery that could not be applied and a redirect warning are said, not hidden', () => {
  const on = pushStatusText({
    ...base,
    enabled: true,
    url: 'https://script.google.com/macros/s/x/exec',
    problem: {
      at: '2026-11-20T15:00:00Z',
      message: 'The spreadsheet of push updates cannot be opened.',
    },
    warning: 'The web app answered with status 302 (…)',
  });
  expect(on).toContain('could not be applied: The spreadsheet of push updates cannot be opened.');
  expect(on).toContain('The web app answered with status 302');
});
