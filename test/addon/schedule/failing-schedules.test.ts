// Three scheduled runs failing in a row (docs/reference.md#schedule-failures): the owner gets one
// email saying what failed and what to do, Diagnostics shows it (to the owner, and to the other
// editors where the run had the document), and no second email comes until a run succeeds. The
// schedule keeps its interval. Both builds: an add-on's trigger runs without a document.

import { SCOPES } from '../../../src/core/permissions';
import { withRows, type Interceptor } from '../../helpers/addon-harness';

const OWNER = 'user@example.com';
const EDITOR = 'editor@example.com';
const MINUTE = 60_000;

interface Report {
  autoRefresh: { ok: boolean; value?: string[] };
}

describe.each([
  ['bound script', false],
  ['add-on', true],
])('%s: a schedule failing three runs in a row', (_name, addOn) => {
  function failingSchedule() {
    const h = withRows([['MSCU1234566']], { containers: 3, addOn });
    const interval = addOn ? 60 : 15;
    h.gas.run('enableAutoRefresh', [interval], { kind: 'sidebar' });
    let down = false;
    const serviceDown: Interceptor = (req) =>
      down && req.url.includes('/v2/')
        ? { status: 503, headers: { 'Content-Type': 'text/html' }, body: '<h1>Unavailable</h1>' }
        : undefined;
    h.interceptors.push(serviceDown);
    const runOnce = () => {
      h.clock.advance(interval * MINUTE);
      const fired = h.gas.fireDueTriggers();
      expect(fired).toHaveLength(1);
      return fired[0]!;
    };
    const emails = () => h.gas.project.mail.outbox.filter((m) => /keeps failing/.test(m.subject));
    const diagnostics = (user = OWNER) =>
      (
        h.gas.run<Report>('getDiagnostics', [], { kind: 'sidebar', user }).autoRefresh.value ?? []
      ).join('\n');
    return { h, runOnce, emails, diagnostics, setDown: (v: boolean) => (down = v) };
  }

  it('emails the owner once at the third failure, says so in Diagnostics, and again only after a success', () => {
    const { h, runOnce, emails, diagnostics, setDown } = failingSchedule();
    setDown(true);
    runOnce();
    runOnce();
    expect(emails()).toHaveLength(0);
    expect(diagnostics()).toMatch(/The last 2 scheduled runs failed/);
    runOnce();
    expect(emails()).toHaveLength(1);
    const [email] = emails();
    expect(email!.to).toEqual([OWNER]);
    expect(email!.body).toMatch(/failed 3 times in a row/);
    expect(email!.body).toMatch(/What failed: the tracking service did not answer/);
    expect(email!.body).toMatch(/What to do: /);
    expect(email!.body).toContain(h.gas.spreadsheet.id);
    expect(email!.body).not.toContain(h.emulator.demoKey);
    expect(diagnostics()).toMatch(
      /The last 3 scheduled runs failed .*You were emailed at .*no further email until a run succeeds/,
    );
    runOnce();
    runOnce();
    expect(emails()).toHaveLength(1); // still failing: no second email
    expect(h.gas.triggers.triggers).toHaveLength(1); // the schedule keeps running

    setDown(false);
    runOnce();
    expect(diagnostics()).not.toMatch(/scheduled runs failed/);
    setDown(true);
    runOnce();
    runOnce();
    runOnce();
    expect(emails()).toHaveLength(2); // a new streak after a success: one more email
  });

  it('says in Diagnostics that no email could go when the owner did not grant sending email', () => {
    const { h, runOnce, emails, diagnostics, setDown } = failingSchedule();
    h.gas.project.consent.refuse(OWNER, [SCOPES.sendMail]);
    setDown(true);
    runOnce();
    runOnce();
    runOnce();
    expect(emails()).toHaveLength(0);
    expect(diagnostics()).toMatch(
      /The last 3 scheduled runs failed .*No email could be sent: .*Send email as you/,
    );
  });

  it('names a rejected key as what failed', () => {
    const { h, runOnce, emails } = failingSchedule();
    h.interceptors.unshift((req) =>
      req.url.includes('/v2/')
        ? {
            status: 401,
            headers: { 'Content-Type': 'application/json' },
            body: '{"errors":[{"status":"401","title":"Unauthorized"}]}',
          }
        : undefined,
    );
    runOnce();
    runOnce();
    runOnce();
    expect(emails()[0]?.body).toMatch(/What failed: the tracking service rejected the API key/);
  });
});

describe('bound script: the other editors see a failing schedule too', () => {
  it('shows the owner’s streak in an editor’s Diagnostics', () => {
    const h = withRows([['MSCU1234566']], { containers: 3, addOn: false });
    h.gas.run('enableAutoRefresh', [15], { kind: 'sidebar' });
    h.interceptors.push((req) =>
      req.url.includes('/v2/') ? { status: 503, headers: {}, body: '' } : undefined,
    );
    for (let i = 0; i < 3; i++) {
      h.clock.advance(15 * MINUTE);
      h.gas.fireDueTriggers();
    }
    const seen = h.gas.run<Report>('getDiagnostics', [], { kind: 'sidebar', user: EDITOR });
    expect(seen.autoRefresh.value?.join('\n')).toMatch(
      new RegExp(`as ${OWNER}.*The last 3 scheduled runs failed`),
    );
  });
});
