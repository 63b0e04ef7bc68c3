// One spreadsheet, one state (docs/reference.md#one-state). An add-on's scheduled run may have no
// document (local/gas runs it so: the worst case the platform allows) and then cannot read the
// document's properties; the sidebar and Refresh now always have them. The state they must share
// (the refresh's lease, the request ledger, the alert queue with the digest it sent) lives in the
// spreadsheet's hidden state sheet, which every run can open.

import { STATE_SHEET, stateStore, withRows } from '../../helpers/addon-harness';

const HOUR = 3_600_000;

function addOnWithAlerts() {
  const h = withRows([], { addOn: true, containers: 3 });
  const box = h.emulator
    .account()!
    .containers()
    .find((c) => c.attributes.pod_full_out_at == null)!;
  const yesterday = new Date(h.clock.now() - 24 * HOUR).toISOString();
  Object.assign(box.attributes, {
    current_status: 'available',
    available_for_pickup: true,
    holds_at_pod_terminal: [],
    pickup_lfd: yesterday,
    import_deadlines: {
      pickup_lfd_terminal: yesterday,
      pickup_lfd_line: null,
      pickup_lfd_rail: null,
    },
    pod_timezone: 'America/New_York',
  });
  const tracking = h.gas.spreadsheet.sheetByName('Tracking')!;
  h.gas.spreadsheet.write(tracking, 2, 1, box.attributes.number);
  h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }], { kind: 'sidebar' });
  h.gas.run('enableAutoRefresh', [60], { kind: 'sidebar' });
  return h;
}

const alertEmails = (h: ReturnType<typeof withRows>) =>
  h.gas.project.mail.outbox.filter((m) => /Container (alert|digest)/.test(m.subject));

describe('add-on: a scheduled run without the document shares the spreadsheet’s state', () => {
  it('the sidebar’s digest includes what a scheduled run sent; Refresh now sends nothing twice', () => {
    const h = addOnWithAlerts();
    h.clock.advance(HOUR);
    expect(h.gas.fireDueTriggers().map((f) => f.ok)).toEqual([true]);
    const sent = alertEmails(h);
    expect(sent.map((m) => m.subject)).toEqual([
      expect.stringMatching(/Container alert: 1 LFD due/),
    ]);
    const number = String(h.gas.spreadsheet.sheetByName('Tracking')!.cell(2, 1)?.value);

    h.clock.advance(60_000);
    h.gas.run('refreshTrackingSheet', [], { kind: 'sidebar' });
    expect(alertEmails(h)).toHaveLength(1);

    // The digest the sidebar sends knows what the scheduled run already sent at once.
    h.gas.run('sendAlertDigestNow', [], { kind: 'sidebar' });
    const digest = alertEmails(h)[1];
    expect(digest?.subject).toMatch(/Container digest/);
    expect(digest?.body).toMatch(new RegExp(`Sent at once since the last digest:\\n- ${number}`));
    const status = h.gas.run<{ lastDigestAt: string | null; pending: number }>(
      'getAlertStatus',
      [],
      { kind: 'sidebar' },
    );
    expect(status.lastDigestAt).toBe(new Date(h.clock.now()).toISOString());
    // Kept in the spreadsheet, not in the owner's user properties.
    expect(h.gas.spreadsheet.sheetByName(STATE_SHEET)?.hidden).toBe(true);
    expect([...h.gas.properties.user.map.keys()].filter((k) => k.startsWith('ct@'))).toEqual([]);
  });

  it('a scheduled run without the document honours the lease Refresh now holds', () => {
    const h = addOnWithAlerts();
    stateStore(h).write([
      [
        'CT_REFRESH_LEASE',
        JSON.stringify({ owner: 'refresh-now', until: h.clock.now() + 2 * HOUR }),
      ],
    ]);
    h.clock.advance(HOUR);
    const [trigger] = h.gas.triggers.triggers;
    const report = h.gas.run<{ ok: boolean; message: string }>(
      'runScheduledRefresh',
      [{ triggerUid: trigger!.uniqueId }],
      { kind: 'trigger' },
    );
    expect(report.message).toMatch(/Another refresh is running; this one was skipped/);
    expect(h.emulator.requestLog.count((e) => e.path.startsWith('/v2/'))).toBe(0);
  });

  it('moves the bookkeeping an earlier version kept in document properties, once', () => {
    const h = withRows([['MEDUHALF002', 'MSCU']], { addOn: true, containers: 3 });
    const entry = JSON.stringify({
      status: 'created',
      scac: 'MSCU',
      type: 'bill_of_lading',
      at: h.clock.now(),
    });
    h.gas.properties.document.write([['CT_TR:MEDUHALF002', entry]]);
    h.gas.run('refreshTrackingSheet', [], { kind: 'sidebar' });
    // Known as requested: not sent again, now kept in the state sheet, gone from the properties.
    expect(
      h.emulator
        .account()!
        .trackingRequests()
        .filter((r) => r.requestNumber === 'MEDUHALF002'),
    ).toHaveLength(0);
    expect(stateStore(h).has('CT_TR:MEDUHALF002')).toBe(true);
    expect(h.gas.properties.document.map.has('CT_TR:MEDUHALF002')).toBe(false);
    expect(h.gas.properties.document.map.has('CT_API_KEY')).toBe(true);
  });
});
