// "An alert is sent once, and at least once" (issue 27): MailApp failing several times in a row
// loses nothing, the digest's "sent at once" lists only alerts that went out, and what the sidebar
// promises ("retried at the next run") happens. Through the built add-in in the local runtime.

import { serveLocalWebApp } from '../../../local/emulator/webhooks/local-web-app';
import { withRows, type HarnessOptions } from '../../helpers/addon-harness';

const HOUR = 3_600_000;
const WEB_APP = 'https://script.google.com/macros/s/AKfy-test/exec';

function boxAtTerminal(options: HarnessOptions = {}) {
  const seed = withRows([]);
  const pick = seed.emulator
    .account()!
    .containers()
    .find((c) => c.attributes.current_status === 'not_available')!;
  const h = withRows([[pick.attributes.number]], options);
  h.gas.spreadsheet.sheetByName('Free Time')!.rows.splice(1);
  const box = h.emulator
    .account()!
    .containers()
    .find((c) => c.attributes.number === pick.attributes.number)!;
  Object.assign(box.attributes, {
    holds_at_pod_terminal: [],
    pickup_lfd: null,
    import_deadlines: { pickup_lfd_terminal: null, pickup_lfd_line: null, pickup_lfd_rail: null },
    pod_full_out_at: null,
    empty_terminated_at: null,
    pod_timezone: 'America/New_York',
  });
  h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }]);
  h.gas.run('refreshTrackingSheet'); // the baseline
  return { h, box, number: box.attributes.number };
}

type Harness = ReturnType<typeof boxAtTerminal>['h'];
const subjects = (h: Harness) => h.gas.project.mail.outbox.map((e) => e.subject);
const status = (h: Harness) =>
  h.gas.run<{ pending: number; lastError: string | null }>('getAlertStatus');

function refreshAfter(h: Harness, ms: number) {
  h.clock.advance(ms);
  h.gas.run('refreshTrackingSheet');
}

it('sends a hold alert after MailApp failed twice, and the digest tells the truth', () => {
  const { h, box, number } = boxAtTerminal();
  box.attributes.holds_at_pod_terminal = [{ name: 'customs', status: 'hold', description: null }];
  h.gas.project.mail.failNext = { count: 2, message: 'Gmail is unavailable' };
  refreshAfter(h, HOUR);
  refreshAfter(h, HOUR);
  expect(subjects(h)).toEqual([]);
  // The sidebar's promise: still waiting, to be retried.
  expect(status(h)).toMatchObject({ pending: 1, lastError: expect.stringMatching(/retried/) });

  // Before the fix the third run took the alert for sent and never sent it.
  refreshAfter(h, HOUR);
  expect(subjects(h)).toEqual([expect.stringMatching(/^Container alert: 1 hold placed/)]);
  expect(h.gas.project.mail.outbox[0]!.body).toContain(`${number}: hold placed: customs`);
  expect(status(h)).toMatchObject({ pending: 0, lastError: null });

  // Once sent, never again at once; the digest lists it as sent at once.
  refreshAfter(h, HOUR);
  expect(subjects(h)).toHaveLength(1);
  const digest = h.gas.run<{ ok: boolean }>('sendAlertDigestNow');
  expect(digest.ok).toBe(true);
  const body = h.gas.project.mail.outbox[1]!.body;
  expect(body).toMatch(/Sent at once since the last digest:\n- .*hold placed: customs/);
});

it('the digest sent by hand lists under "sent at once" only what an email carried', () => {
  const { h, box, number } = boxAtTerminal();
  box.attributes.holds_at_pod_terminal = [{ name: 'customs', status: 'hold', description: null }];
  h.gas.project.mail.failNext = { count: 2, message: 'Gmail is unavailable' };
  refreshAfter(h, HOUR);
  refreshAfter(h, HOUR);
  // Send digest now: the waiting hold goes first, in its own email, then the digest says so.
  const answer = h.gas.run<{ ok: boolean; message: string }>('sendAlertDigestNow');
  expect(answer.ok).toBe(true);
  expect(subjects(h)).toEqual([
    expect.stringMatching(/^Container alert: 1 hold placed/),
    expect.stringMatching(/^Container digest: 1 alert/),
  ]);
  expect(h.gas.project.mail.outbox[0]!.body).toContain(`${number}: hold placed: customs`);
  refreshAfter(h, HOUR);
  expect(subjects(h)).toHaveLength(2);
});

it('push shares the path: a hold pushed while MailApp fails twice is sent by a later push', () => {
  // Push is the bound build's (a web app).
  const { h, box, number } = boxAtTerminal({ addOn: false });
  h.gas.deployWebApp();
  const web = serveLocalWebApp(h.emulator, h.gas, WEB_APP);
  h.gas.run('enablePush', [WEB_APP]);
  const change = (body: unknown) =>
    h.emulator.handle({
      method: 'POST',
      url: `${h.emulator.origin}/__emulator/containers/${number}/changes`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  h.gas.project.mail.failNext = { count: 2, message: 'Gmail is unavailable' };
  change({ hold: { name: 'customs', status: 'hold' } });
  web.deliverDue();
  expect(box.attributes.holds_at_pod_terminal.some((x) => x.name === 'customs')).toBe(true);
  // Past the 15-minute gap between push emails: the next push tries again (and fails again).
  h.clock.advance(16 * 60_000);
  // An LFD far off raises no alert of its own: this run's state is the one it loaded.
  change({ lfd: { line: '2026-12-10T05:00:00Z', terminal: '2026-12-10T05:00:00Z' } });
  web.deliverDue();
  h.clock.advance(16 * 60_000);
  change({ lfd: { line: '2026-12-11T05:00:00Z', terminal: '2026-12-11T05:00:00Z' } });
  web.deliverDue();
  expect(subjects(h)).toEqual([expect.stringMatching(/^Container alert: 1 hold placed/)]);
});
