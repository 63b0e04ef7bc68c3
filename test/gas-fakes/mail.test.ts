import { makeRuntime, thrown } from './harness';

const CODE = `
function send(to, subject) {
  MailApp.sendEmail({ to: to, subject: subject || 'Hi', body: 'text', htmlBody: '<b>html</b>' });
  return MailApp.getRemainingDailyQuota();
}
function sendPositional() { MailApp.sendEmail('a@example.com', 'S', 'B', { name: 'CT' }); }
function quota() { return MailApp.getRemainingDailyQuota(); }
function sendMany(n) {
  for (var i = 0; i < n; i++) MailApp.sendEmail('a@example.com', 'S' + i, 'B');
}
`;

describe('MailApp', () => {
  it('records what was sent and counts recipients, not emails, against the quota', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('quota')).toBe(100);
    expect(rt.run('send', ['a@example.com, b@example.com'])).toBe(98);
    rt.run('sendPositional');
    expect(rt.project.mail.outbox.map((m) => [m.to, m.subject, m.name])).toEqual([
      [['a@example.com', 'b@example.com'], 'Hi', null],
      [['a@example.com'], 'S', 'CT'],
    ]);
    expect(rt.project.mail.outbox[0]!.htmlBody).toBe('<b>html</b>');
  });

  it('keeps the newest 200 emails of a long session, counting the ones dropped', () => {
    const { rt } = makeRuntime(CODE, { quotas: { mailRecipientsPerDay: 1_000 } });
    rt.run('sendMany', [250]);
    const outbox = rt.project.mail.outbox;
    expect(outbox).toHaveLength(200);
    expect([outbox[0]!.subject, outbox.at(-1)!.subject]).toEqual(['S50', 'S249']);
    expect(rt.project.mail.dropped).toBe(50);
    // The quota still counts every email sent.
    expect(rt.run('quota')).toBe(750);
  });

  it('refuses a send past the quota, sends nothing, then answers -1 until the day rolls', () => {
    const { rt, clock } = makeRuntime(CODE, { quotas: { mailRecipientsPerDay: 3 } });
    rt.run('send', ['a@example.com, b@example.com']);
    expect(thrown(() => rt.run('send', ['a@example.com, b@example.com']))).toBe(
      'Service invoked too many times for one day: email.',
    );
    expect(rt.project.mail.outbox).toHaveLength(1);
    expect(rt.run('quota')).toBe(1);
    expect(thrown(() => rt.run('send', ['a@example.com, b@example.com']))).toMatch(/too many/);
    rt.run('send', ['a@example.com']);
    expect(thrown(() => rt.run('send', ['a@example.com']))).toMatch(/too many/);
    expect(rt.run('quota')).toBe(-1);
    clock.advance(24 * 3600_000 + 1);
    expect(rt.run('quota')).toBe(3);
  });

  // "Email recipients per day" is a per-user quota (quotas page): each account spends its own.
  it('counts each account against its own recipients a day', () => {
    const { rt } = makeRuntime(CODE, { quotas: { mailRecipientsPerDay: 3 } });
    rt.run('send', ['a@example.com, b@example.com, c@example.com']);
    expect(rt.run('quota')).toBe(0);
    const editor = { user: 'editor@example.com' };
    expect(rt.run('quota', [], editor)).toBe(3);
    expect(rt.run('send', ['a@example.com'], editor)).toBe(2);
    expect(rt.project.mail.quotaOf('editor@example.com').used()).toBe(1);
  });

  it('refuses bad addresses and injected failures without sending', () => {
    const { rt } = makeRuntime(CODE);
    expect(thrown(() => rt.run('send', ['not an address']))).toBe('Invalid email: not an address');
    rt.project.mail.failNext = { count: 1, message: 'Gmail is busy' };
    expect(thrown(() => rt.run('send', ['a@example.com']))).toBe('Gmail is busy');
    expect(rt.project.mail.outbox).toHaveLength(0);
    rt.run('send', ['a@example.com']);
    expect(rt.project.mail.outbox).toHaveLength(1);
  });

  it('cannot be used by custom functions or simple triggers', () => {
    const { rt } = makeRuntime(CODE);
    const needs = /Required permissions: https:\/\/www.googleapis.com\/auth\/script.send_mail/;
    expect(thrown(() => rt.run('send', ['a@example.com'], { kind: 'custom-function' }))).toMatch(
      needs,
    );
    expect(
      thrown(() =>
        rt.run('send', ['a@example.com'], { kind: 'simple-trigger', authMode: 'LIMITED' }),
      ),
    ).toMatch(needs);
  });

  it('needs script.send_mail in the manifest', () => {
    const { rt } = makeRuntime(CODE, {
      oauthScopes: ['https://www.googleapis.com/auth/spreadsheets'],
    });
    expect(thrown(() => rt.run('send', ['a@example.com']))).toMatch(/script\.send_mail/);
  });
});
