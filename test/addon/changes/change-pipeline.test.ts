// The change pipeline in the local runtime: a lost baseline (the hidden state sheet deleted, or
// rows of it) never floods the Change Log or the outbox; the state sheet stays hidden and the
// person's sheet stays active; sendAlertDigestNow and getAlertStatus answer as the sidebar needs.

import { STATE_SHEET } from '../../../src/addon/changes/change-state-sheet';
import {
  changeLogRows,
  sheetValues,
  withRows,
  type Interceptor,
} from '../../helpers/addon-harness';

function dueBoxes() {
  const seed = withRows([]);
  const picks = seed.emulator
    .account()!
    .containers()
    .filter((c) => c.attributes.current_status === 'available')
    .slice(0, 3);
  const h = withRows(picks.map((c) => [c.attributes.number]));
  const live = h.emulator.account()!;
  const boxes = picks.map((p) =>
    live.containers().find((c) => c.attributes.number === p.attributes.number)!,
  );
  // Every box at its terminal with its LFD today (New York) and a customs hold.
  const today = '2026-11-20T17:00:00Z';
  for (const c of boxes) {
    Object.assign(c.attributes, {
      pickup_lfd: today,
      import_deadlines: {
        pickup_lfd_terminal: today,
        pickup_lfd_line: null,
        pickup_lfd_rail: null,
      },
      pod_timezone: 'America/New_York',
      pod_full_out_at: null,
      empty_terminated_at: null,
    });
  }
  h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }]);
  return { h, boxes };
}

const logRows = (h: ReturnType<typeof dueBoxes>['h']) => changeLogRows(h).length;

it('rebuilds a deleted or damaged baseline without a flood of alerts or Change Log rows', () => {
  const { h, boxes } = dueBoxes();
  h.gas.run('refreshTrackingSheet');
  const outbox = h.gas.project.mail.outbox;
  expect(outbox).toHaveLength(1);
  expect(outbox[0]!.subject).toMatch(/^Container alert: 3 LFDs due/);
  const state = h.gas.spreadsheet.sheetByName(STATE_SHEET)!;
  expect(state.hidden).toBe(true);
  expect(state.protection).toMatchObject({ warningOnly: true });
  expect(h.gas.spreadsheet.activeSheet().name).not.toBe(STATE_SHEET);
  // Each box's first look at its terminal: one `first_seen` row, no change row.
  const allRows = () => sheetValues(h, 'Change Log').length - 1;
  expect(allRows()).toBe(3);
  expect(logRows(h)).toBe(0);

  // Someone deletes the hidden sheet. A refresh that gets no data (the service is down) keeps
  // knowing the baseline is lost; the next one rebuilds it and says nothing.
  h.gas.spreadsheet.sheets = h.gas.spreadsheet.sheets.filter((s) => s.name !== STATE_SHEET);
  const down: Interceptor = () => ({ status: 503, headers: {}, body: '' });
  h.interceptors.push(down);
  h.clock.advance(60 * 60_000);
  h.gas.run('refreshTrackingSheet');
  h.interceptors.splice(h.interceptors.indexOf(down), 1);
  h.clock.advance(60 * 60_000);
  h.gas.run('refreshTrackingSheet');
  expect(outbox).toHaveLength(1);
  // A lost baseline is no first look either: not one row more.
  expect(allRows()).toBe(3);
  expect(sheetValues(h, STATE_SHEET)).toHaveLength(4);

  // Someone deletes one row of it: still nothing.
  h.gas.spreadsheet.sheetByName(STATE_SHEET)!.deleteRows(3, 1);
  h.clock.advance(60 * 60_000);
  h.gas.run('refreshTrackingSheet');
  expect(outbox).toHaveLength(1);
  expect(allRows()).toBe(3);

  // A real change after that is seen again, once.
  boxes[0]!.attributes.holds_at_pod_terminal = [
    { name: 'USDA', status: 'hold', description: null },
  ];
  h.clock.advance(60 * 60_000);
  h.gas.run('refreshTrackingSheet');
  h.gas.run('refreshTrackingSheet');
  expect(outbox.map((e) => e.subject)).toEqual([
    expect.stringMatching(/3 LFDs due/),
    expect.stringMatching(/^Container alert: 1 hold placed/),
  ]);
  // The hold, and the readiness it takes away: one row each, once.
  expect(changeLogRows(h).map((r) => [r[1], r[2], r[3], r[4]])).toEqual([
    [boxes[0]!.attributes.number, 'ready_for_pickup', 'yes', 'no'],
    [boxes[0]!.attributes.number, 'holds', '', 'USDA: hold'],
  ]);
});

it('sends the digest now, says when there is nothing to report, and reports its status', () => {
  const { h } = dueBoxes();
  type Status = {
    enabled: boolean;
    pending: number;
    quotaLeft: number | null;
    lastDigestAt: string | null;
    nextDigestAt: string | null;
    lastError: string | null;
    recipients: string;
  };
  expect(h.gas.run('sendAlertDigestNow')).toEqual({
    ok: true,
    // No refresh has run: no alert and no money priced yet.
    message:
      'Nothing to report: no alerts since the last digest, and no refresh has priced the money at risk today.',
    alerts: 0,
  });
  expect(h.gas.project.mail.outbox).toHaveLength(0);
  h.gas.run('refreshTrackingSheet');
  const result = h.gas.run<{ ok: boolean; alerts: number; message: string }>('sendAlertDigestNow');
  expect(result).toMatchObject({ ok: true, alerts: 3 });
  expect(result.message).toBe('Digest sent to ops@example.com with 3 alerts.');
  expect(h.gas.project.mail.outbox.map((e) => e.subject)).toEqual([
    expect.stringMatching(/^Container alert: 3 LFDs due/),
    expect.stringMatching(/^Container digest: 3 alerts/),
  ]);
  const status = h.gas.run<Status>('getAlertStatus');
  expect(status).toEqual({
    enabled: true,
    recipients: 'ops@example.com',
    lastDigestAt: new Date(h.clock.now()).toISOString(),
    // The first digest is the day after alerts began: 07:00 in New York is 12:00 UTC.
    nextDigestAt: '2026-11-21T12:00:00.000Z',
    pending: 0,
    quotaLeft: 98,
    lastError: null,
    timeZone: 'America/New_York',
  });
  h.gas.run('saveSettings', [{ alertRecipients: '' }]);
  expect(h.gas.run<Status>('getAlertStatus')).toMatchObject({
    enabled: false,
    nextDigestAt: null,
    quotaLeft: null,
  });
  expect(() => h.gas.run('sendAlertDigestNow')).toThrow(/Alerts are off/);
});

it('follows a number tracked from the sidebar: its request failing is logged and alerted once', () => {
  const h = withRows([]);
  h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com' }]);
  h.gas.run('createTrackingRequest', [
    { requestType: 'bill_of_lading', requestNumber: 'MAEUFAIL123456', scac: 'MAEU' },
  ]);
  expect(logRows(h)).toBe(0); // the sidebar's request is the number's first sighting
  h.clock.advance(60_000);
  h.gas.run('refreshTrackingSheet');
  h.clock.advance(60_000);
  h.gas.run('refreshTrackingSheet');
  expect(
    sheetValues(h, 'Change Log')
      .slice(1)
      .map((r) => r.slice(1)),
  ).toEqual([['MAEUFAIL123456', 'tracking', 'pending', 'failed: not_found', 'refresh']]);
  const outbox = h.gas.project.mail.outbox;
  expect(outbox.map((e) => e.subject)).toEqual([
    expect.stringMatching(/^Container alert: 1 tracking request failed/),
  ]);
  expect(outbox[0]!.body).toContain('MAEUFAIL123456: tracking request failed: not_found');
});
