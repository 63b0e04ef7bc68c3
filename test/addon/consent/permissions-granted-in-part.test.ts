// Permissions granted in part (docs/reference.md#permissions): since 2025 a person may grant the
// add-on some of its scopes and refuse others (Google's scopes guide). local/gas refuses each
// service without its scope, as Google does (local/gas/consent.ts). Each capability checks its own
// scopes before it acts, says which permission it needs and where to grant it, and the rest keeps
// working; nothing is lost (alerts wait, unsent).

import { SCOPES } from '../../../local/gas';
import { column, withRows, type HarnessOptions } from '../../helpers/addon-harness';

type Harness = ReturnType<typeof withRows>;

const GRANT_URL = /https:\/\/script\.google\.com\/\S+\/authorize\?scope=/;

/** The add-on in a spreadsheet of every demo box, alerts on, then `refused` scopes unticked. */
function addOnWithout(refused: string[], options: HarnessOptions = {}): Harness {
  const seed = withRows([]);
  const numbers = seed.emulator
    .account()!
    .containers()
    .map((c) => [c.attributes.number]);
  const h = withRows(numbers, { addOn: true, ...options });
  h.gas.run('saveSettings', [{ alertRecipients: 'dispatch@example.com' }]);
  h.gas.project.consent.refuse(user(h), refused);
  return h;
}

const user = (h: Harness) => h.gas.sessionOptions.effectiveUserEmail;
const refresh = (h: Harness) =>
  h.gas.run<{ ok: boolean; message: string }>('refreshTrackingSheet', [], { kind: 'sidebar' });
const outbox = (h: Harness) => h.gas.project.mail.outbox;

describe('no permission to send email', () => {
  it('refreshes the sheet, keeps the alerts unsent and says why; once granted they go out', () => {
    const h = addOnWithout([SCOPES.sendMail]);
    expect(refresh(h).ok).toBe(true);
    expect(column(h, 'Status').filter((s) => s !== '').length).toBeGreaterThan(40);
    expect(outbox(h)).toHaveLength(0);
    const status = h.gas.run<{ pending: number; lastError: string | null; quotaLeft: unknown }>(
      'getAlertStatus',
      [],
      { kind: 'sidebar' },
    );
    expect(status.pending).toBeGreaterThan(0);
    expect(status.lastError).toMatch(/"Send email as you"/);
    expect(status.lastError).toMatch(GRANT_URL);
    expect(status.quotaLeft).toBeNull();

    h.gas.project.consent.grant(user(h), [SCOPES.sendMail]);
    expect(refresh(h).ok).toBe(true);
    expect(outbox(h)).toHaveLength(1);
    expect(
      h.gas.run<{ pending: number; lastError: string | null }>('getAlertStatus', [], {
        kind: 'sidebar',
      }).lastError,
    ).toBeNull();
  });
});

describe('no permission to run when the person is away (triggers)', () => {
  it('auto-refresh says which permission and where; Refresh now still works', () => {
    const h = addOnWithout([SCOPES.scriptApp]);
    const thrown = (() => {
      try {
        h.gas.run('enableAutoRefresh', [60], { kind: 'sidebar' });
        return null;
      } catch (e) {
        return String((e as Error).message);
      }
    })();
    expect(thrown).toMatch(
      /^Scheduling auto-refresh needs the permission "Allow this application to run when you are not present"/,
    );
    expect(thrown).toMatch(GRANT_URL);
    expect(h.gas.triggers.triggers).toHaveLength(0);
    const state = h.gas.run<{ enabled: boolean; note: string | null }>('getAutoRefresh', [], {
      kind: 'sidebar',
    });
    expect(state).toMatchObject({ enabled: false });
    expect(state.note).toMatch(/run when you are not present/);
    expect(refresh(h).ok).toBe(true);
  });
});

describe('no permission to see files picked in Drive', () => {
  it('the upload says so before touching Drive or the service; the rest works', () => {
    const h = addOnWithout([SCOPES.driveFile]);
    const requests = h.requests();
    expect(() => h.gas.run('openPickerDialog', [], { kind: 'sidebar' })).toThrow(
      /Attaching a file from Drive needs the permission "See, edit, create, and delete only the specific Google Drive files you use with this app"/,
    );
    expect(() => h.gas.run('startDriveUpload', [{ fileId: 'any' }], { kind: 'sidebar' })).toThrow(
      /specific Google Drive files/,
    );
    expect(h.requests()).toBe(requests);
    expect(h.gas.ui.dialogs).toHaveLength(0);
    expect(refresh(h).ok).toBe(true);
  });
});

describe('no permission to show a sidebar', () => {
  it('the menu item explains in an alert instead of failing', () => {
    const h = addOnWithout([SCOPES.containerUi]);
    h.gas.run('showSidebar', [], { kind: 'menu' });
    expect(h.gas.ui.sidebars).toHaveLength(0);
    const told = h.gas.ui.alerts.at(-1)!;
    expect(told.title).toBe('LFD Watch: Container Tracking');
    expect(told.prompt).toMatch(GRANT_URL);
    expect(told.prompt).toMatch(
      /Opening the sidebar needs the permission "Display and run third-party web content/,
    );
    expect(refresh(h).ok).toBe(true);
  });
});

describe('no permission to reach the tracking service', () => {
  it('the refresh says which permission and where, and blanks nothing', () => {
    const h = addOnWithout([]);
    expect(refresh(h).ok).toBe(true);
    const statuses = column(h, 'Status');
    h.gas.project.consent.refuse(user(h), [SCOPES.externalRequest]);
    const report = refresh(h);
    expect(report.ok).toBe(false);
    expect(report.message).toMatch(/"Connect to an external service"/);
    expect(report.message).toMatch(GRANT_URL);
    expect(column(h, 'Status')).toEqual(statuses);
    // Diagnostics lists what is granted and what is not.
    const diagnostics = h.gas.run<{
      permissions: { ok: boolean; value: { capability: string; granted: boolean }[] };
    }>('getDiagnostics', [], { kind: 'sidebar' });
    expect(diagnostics.permissions.value).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ capability: 'Refreshing the Tracking sheet', granted: false }),
        expect.objectContaining({ capability: 'Sending alert emails', granted: true }),
      ]),
    );
  });
});
