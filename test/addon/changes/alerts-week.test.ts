// A week of changes through the local runtime: the built add-in, hourly scheduled refreshes, the
// emulator's data changed between runs, MailApp's outbox read after each. Checks every Change Log
// row and every email: content, count, timing (immediate vs the digest hour in the sheet's zone),
// escaping, an injected MailApp failure sent later, quota exhaustion and recovery, and no
// duplicates on repeated refreshes or a sidebar look-up.

import { changeLogRows, withRows } from '../../helpers/addon-harness';

const HOUR = 3_600_000;
const EVIL = '<img src=x onerror=alert(1)> =HYPERLINK("http://evil","x")';

function setUp() {
  const seed = withRows([]);
  const account = seed.emulator.account()!;
  const boxes = account.containers().filter((c) => c.attributes.current_status === 'available');
  const [a, b] = [boxes[0]!, boxes.find((c) => c.shipmentId !== boxes[0]!.shipmentId)!];
  const h = withRows([[a.attributes.number], [b.attributes.number]]);
  // This week is about alerts: without free-time terms no money is at risk, so no digest goes
  // out for money alone (test/addon/changes/alert-delivery.test.ts covers the digest's money lines).
  h.gas.spreadsheet.sheetByName('Free Time')!.rows.splice(1);
  const live = h.emulator.account()!;
  const box = (n: string) => live.containers().find((c) => c.attributes.number === n)!;
  const A = box(a.attributes.number);
  const B = box(b.attributes.number);
  const shipB = live.shipments().find((s) => s.id === B.shipmentId)!;
  // A waits at a New York terminal: no LFD yet, no holds, not available.
  for (const c of [A, B]) {
    Object.assign(c.attributes, {
      current_status: 'not_available',
      available_for_pickup: false,
      holds_at_pod_terminal: [],
      fees_at_pod_terminal: [],
      pickup_lfd: null,
      import_deadlines: { pickup_lfd_terminal: null, pickup_lfd_line: null, pickup_lfd_rail: null },
      pod_full_out_at: null,
      empty_terminated_at: null,
      pickup_appointment_at: null,
      pod_timezone: 'America/New_York',
    });
  }
  Object.assign(shipB.attributes, {
    pod_eta_at: '2026-11-25T15:00:00Z',
    pod_ata_at: null,
    pod_timezone: 'America/New_York',
  });
  return { h, A, B, shipB };
}

type Harness = ReturnType<typeof setUp>['h'];

/** Runs the hourly trigger until the clock reaches `iso` (each run at the top of an hour). */
function runUntil(h: Harness, iso: string): void {
  const end = Date.parse(iso);
  while (h.clock.now() + HOUR <= end) {
    h.clock.advance(HOUR);
    const fired = h.gas.fireDueTriggers();
    expect(fired.every((f) => f.ok)).toBe(true);
  }
}

function changeLog(h: Harness): string[] {
  return changeLogRows(h).map(
    (r) => `${new Date(r[0] as Date).toISOString().slice(0, 13)} ${r.slice(1).join(' | ')}`,
  );
}

const outbox = (h: Harness) => h.gas.project.mail.outbox;
const sentAt = (h: Harness) =>
  outbox(h).map((e) => `${new Date(e.at).toISOString().slice(0, 13)} ${e.subject}`);

it('logs and alerts a week of changes once each, on time, escaped, through failures and quota', () => {
  const { h, A, B, shipB } = setUp();
  const a = A.attributes.number;
  const b = B.attributes.number;
  h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com', alertLfdDays: 2 }]);
  h.gas.run('enableAutoRefresh', [60]);
  const status = () =>
    h.gas.run<{ pending: number; lastError: string | null; lastDigestAt: string | null }>(
      'getAlertStatus',
    );

  // Fri 2026-11-20 15:00Z (10:00 in New York): the first refresh is the baseline.
  h.gas.run('refreshTrackingSheet');
  expect(changeLog(h)).toEqual([]);
  expect(outbox(h)).toEqual([]);

  // Fri 16:00Z: a customs hold is placed (its description is hostile text): an email at once.
  A.attributes.holds_at_pod_terminal = [{ name: 'customs', status: 'hold', description: EVIL }];
  runUntil(h, '2026-11-20T16:00:00Z');
  expect(sentAt(h)).toEqual([
    expect.stringMatching(/^2026-11-20T16 Container alert: 1 hold placed – /),
  ]);
  const hold = outbox(h)[0]!;
  expect(hold.to).toEqual(['ops@example.com']);
  expect(hold.htmlBody).not.toMatch(/<img/);
  expect(hold.htmlBody).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(hold.htmlBody).toContain(`href="http://127.0.0.1:4949/shipments/find?q=${a}"`);
  expect(hold.htmlBody).toContain('href="https://docs.google.com/spreadsheets/d/');
  expect(hold.body).toContain(`${a}: hold placed: customs`);
  for (const e of [hold.body, hold.htmlBody ?? '', hold.subject])
    expect(e).not.toContain(h.emulator.demoKey);

  // Repeated refreshes and a sidebar look-up of the same data send and log nothing more.
  runUntil(h, '2026-11-20T18:00:00Z');
  h.gas.select('Tracking', 'A2');
  h.gas.run('getSelectedRow');
  expect(outbox(h)).toHaveLength(1);
  expect(changeLog(h)).toEqual([
    `2026-11-20T16 ${a} | holds |  | customs: hold (${EVIL}) | refresh`,
  ]);
  // Literal text: the hostile description is no formula in the log.
  const logSheet = h.gas.spreadsheet.sheetByName('Change Log')!;
  expect(logSheet.cell(2, 5)?.formula).toBeUndefined();

  // Fri 19:00Z: the terminal posts an LFD for Monday: logged, no email (3 days away).
  A.attributes.pickup_lfd = '2026-11-23T05:00:00Z';
  A.attributes.import_deadlines = {
    pickup_lfd_terminal: '2026-11-23T05:00:00Z',
    pickup_lfd_line: null,
    pickup_lfd_rail: null,
  };
  runUntil(h, '2026-11-20T19:00:00Z');
  // One row per deadline that moved: the coalesced pickup_lfd would only repeat it.
  expect(changeLog(h).slice(1)).toEqual([
    `2026-11-20T19 ${a} | pickup_lfd_terminal |  | 2026-11-23 | refresh`,
  ]);
  expect(outbox(h)).toHaveLength(1);

  // Sat 11:00Z is 06:00 in New York: no digest yet. 12:00Z (07:00): the digest, with the LFD now
  // 2 days away and the hold sent at once on Friday.
  runUntil(h, '2026-11-21T11:00:00Z');
  expect(outbox(h)).toHaveLength(1);
  runUntil(h, '2026-11-21T12:00:00Z');
  expect(sentAt(h)[1]).toMatch(/^2026-11-21T12 Container digest: 2 alerts – /);
  const digest1 = outbox(h)[1]!;
  expect(digest1.body).toContain(`${a}: LFD 2026-11-23 (in 2 days)`);
  expect(digest1.body).toMatch(/Sent at once since the last digest:\n- .*hold placed: customs/);
  expect(status().lastDigestAt).toBe('2026-11-21T12:00:00.000Z');

  runUntil(h, '2026-11-21T14:00:00Z');
  // Sat 15:00Z: the hold is released and the box is available, but Gmail fails once: the ready
  // alert waits and goes out at the next run, once.
  A.attributes.holds_at_pod_terminal = [];
  A.attributes.available_for_pickup = true;
  A.attributes.current_status = 'available';
  h.gas.project.mail.failNext = { count: 1, message: 'Gmail is unavailable' };
  runUntil(h, '2026-11-21T15:00:00Z');
  expect(outbox(h)).toHaveLength(2);
  expect(status()).toMatchObject({
    pending: 2,
    lastError: expect.stringContaining('Gmail is unavailable'),
  });
  runUntil(h, '2026-11-21T17:00:00Z');
  expect(sentAt(h).slice(2)).toEqual([
    expect.stringMatching(/^2026-11-21T16 Container alert: 1 container ready – /),
  ]);
  expect(status()).toMatchObject({ pending: 1, lastError: null });

  // Sun 12:00Z: the digest has the hold released and the ready alert sent at once.
  runUntil(h, '2026-11-22T12:00:00Z');
  const digest2 = outbox(h)[3]!;
  expect(digest2.subject).toMatch(/^Container digest: 2 alerts/);
  expect(digest2.body).toContain(`${a}: hold released: customs`);
  expect(digest2.body).toContain(`${a}: ready for pickup`);

  // Mon 04:30Z the day's email quota is used up: the LFD due Monday (from 05:00Z, midnight in
  // New York) waits; at 12:00Z one recipient frees and it goes out, once.
  runUntil(h, '2026-11-23T04:00:00Z');
  h.clock.advance(HOUR / 2);
  const quota = h.gas.project.mail.quota;
  quota.spend(h.clock.now(), 0); // moves the rolling window
  quota.spend(h.clock.now(), quota.limit - quota.used());
  h.clock.advance(HOUR / 2);
  h.gas.fireDueTriggers();
  expect(status()).toMatchObject({ pending: 1, lastError: expect.stringContaining('quota') });
  runUntil(h, '2026-11-23T11:00:00Z');
  expect(outbox(h)).toHaveLength(4);
  runUntil(h, '2026-11-23T12:00:00Z');
  expect(sentAt(h)[4]).toMatch(/^2026-11-23T12 Container alert: 1 LFD due – /);
  expect(outbox(h)[4]!.body).toContain(`${a}: LFD 2026-11-23 (today)`);

  runUntil(h, '2026-11-23T14:00:00Z');
  // Mon 15:00Z: B's ETA moves two days and its vessel is renamed to hostile text: logged as text.
  shipB.attributes.pod_eta_at = '2026-11-27T15:00:00Z';
  shipB.attributes.pod_vessel_name = '<script>alert(1)</script>';
  runUntil(h, '2026-11-23T15:00:00Z');
  expect(changeLog(h).slice(-2)).toEqual([
    `2026-11-23T15 ${b} | pod_eta_at | 2026-11-25 10:00 EST | 2026-11-27 10:00 EST | refresh`,
    `2026-11-23T15 ${b} | pod_vessel_name | ${B.vesselName ?? ''} | <script>alert(1)</script> | refresh`,
  ]);

  // The Monday digest could not go (no quota left); Tuesday 12:00Z it carries Monday's news too.
  runUntil(h, '2026-11-24T12:00:00Z');
  const digest3 = outbox(h)[5]!;
  expect(sentAt(h)[5]).toMatch(/^2026-11-24T12 Container digest/);
  expect(digest3.body).toContain(`${b}: ETA moved: 2026-11-25 10:00 EST → 2026-11-27 10:00 EST`);
  // Every line is computed when the digest goes out: Monday's "today" is a day overdue on Tuesday.
  expect(digest3.body).toContain(`${a}: LFD 2026-11-23 (1 day overdue)`);

  // Wed to Fri: nothing changes: hourly runs, no email (an empty digest is not sent), no rows.
  const rows = changeLog(h).length;
  runUntil(h, '2026-11-27T15:00:00Z');
  expect(outbox(h)).toHaveLength(6);
  expect(changeLog(h)).toHaveLength(rows);
  expect(rows).toBe(8); // header + 7 changes (no coalesced pickup_lfd row)
});
