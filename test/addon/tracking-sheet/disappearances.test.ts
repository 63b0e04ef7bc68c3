// "A disappearance needs a second look" (docs/reference.md#disappearances): for one refresh the service
// answers boxes with holds, status, availability or LFDs null, or every attribute null (its own
// OpenAPI examples carry such values). A value the add-in knew that comes back null or absent is
// kept (sheet, cells, Change Log, alert state) until a read at least 10 minutes later says the
// same; an all-empty record is never applied; an explicit empty hold list is a value. The
// emulator's odd-answer knob (local/emulator/policy/odd-answers.ts) produces the answers.

import type { OddKind } from '../../../local/emulator';
import { serveLocalWebApp } from '../../../local/emulator/webhooks/local-web-app';
import { changeLogRows, column, withRows, type HarnessOptions } from '../../helpers/addon-harness';

const HOUR = 3_600_000;
const WEB_APP = 'https://script.google.com/macros/s/AKfy-test/exec';
type Harness = ReturnType<typeof withRows>;
type Box = ReturnType<
  NonNullable<ReturnType<Harness['emulator']['account']>>['containers']
>[number];

/** 45 rows of the demo account, alerts on, the baseline refreshed (its emails sent). */
function demoSheet(
  pick: (boxes: readonly Box[]) => Box[] = (all) => all.slice(0, 45),
  options: HarnessOptions = {},
) {
  const seed = withRows([]);
  const numbers = pick(seed.emulator.account()!.containers()).map((c) => c.attributes.number);
  const h = withRows(
    numbers.map((n) => [n]),
    options,
  );
  h.gas.spreadsheet.sheetByName('Free Time')!.rows.splice(1);
  h.gas.run('saveSettings', [{ alertRecipients: 'ops@example.com', alertDigestHour: 23 }]);
  expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
  const box = (n: string) =>
    h.emulator
      .account()!
      .containers()
      .find((c) => c.attributes.number === n)!;
  return { h, numbers, box };
}

function odd(h: Harness, numbers: readonly string[], kind: OddKind, reads = 1) {
  for (const n of numbers) h.emulator.oddAnswers.set(n, { kind, reads });
}

const logRows = (h: Harness) => changeLogRows(h);
const subjects = (h: Harness) => h.gas.project.mail.outbox.map((e) => e.subject);

function refreshAfter(h: Harness, ms: number) {
  h.clock.advance(ms);
  expect(h.gas.run<{ ok: boolean }>('refreshTrackingSheet').ok).toBe(true);
}

const atTerminal = (c: Box) =>
  ['available', 'not_available', 'grounded', 'awaiting_inland_transfer'].includes(
    c.attributes.current_status,
  );
const blocking = (c: Box) => c.attributes.holds_at_pod_terminal.some((x) => x.status === 'hold');

it('holds null for one refresh: no "holds placed" nor "ready" email, no Change Log row', () => {
  const { h, numbers, box } = demoSheet();
  const held = numbers.filter((n) => atTerminal(box(n)) && blocking(box(n)));
  expect(held.length).toBeGreaterThanOrEqual(3);
  const emails = subjects(h).length;
  const holdsBefore = column(h, 'Holds');
  odd(h, held, 'holds-null');
  refreshAfter(h, HOUR);
  // Kept on the sheet, and in the cells.
  expect(column(h, 'Holds')).toEqual(holdsBefore);
  expect(String(h.cell('CONTAINER_INFO', held[0], 'holds'))).not.toBe('');
  refreshAfter(h, HOUR);
  expect(subjects(h).slice(emails)).toEqual([]);
  expect(logRows(h)).toEqual([]);
  h.gas.run('sendAlertDigestNow');
  for (const e of h.gas.project.mail.outbox.slice(emails))
    expect(e.body).not.toMatch(/hold released|hold placed|ready for pickup/);
});

it('LFDs null for one refresh: the "LFD due" email is not sent again', () => {
  const { h, numbers, box } = demoSheet();
  expect(subjects(h).some((s) => /LFDs? due/.test(s))).toBe(true);
  const emails = subjects(h).length;
  const due = numbers.filter((n) => atTerminal(box(n)) && box(n).attributes.pickup_lfd);
  odd(h, due, 'lfd-null');
  refreshAfter(h, HOUR);
  refreshAfter(h, HOUR);
  expect(subjects(h).slice(emails)).toEqual([]);
  expect(logRows(h)).toEqual([]);
});

it('every attribute null for 40 of 45 rows: no blank Status, no Change Log row, none on recovery', () => {
  const { h, numbers } = demoSheet();
  const statusBefore = column(h, 'Status');
  const emails = subjects(h).length;
  const from = h.gas.urlFetchLog.length;
  odd(h, numbers.slice(0, 40), 'all-null', 2);
  refreshAfter(h, HOUR);
  // The listing answered those boxes blank: no look-up is spent confirming them either.
  expect(h.gas.urlFetchLog.slice(from).filter((e) => e.url.includes('filter')).length).toBe(0);
  expect(column(h, 'Status')).toEqual(statusBefore);
  expect(logRows(h)).toEqual([]);
  refreshAfter(h, HOUR);
  expect(column(h, 'Status')).toEqual(statusBefore);
  expect(logRows(h)).toEqual([]);
  expect(subjects(h).slice(emails)).toEqual([]);
  // Not taken for untracked numbers either.
  const posts = h.gas.urlFetchLog.slice(from).filter((e) => e.method.toUpperCase() === 'POST');
  expect(posts).toEqual([]);
  expect(column(h, 'Tracking').every((t) => t === 'tracked' || /^stopped/.test(String(t)))).toBe(
    true,
  );
});

it('every attribute absent: the same', () => {
  const { h, numbers } = demoSheet();
  const statusBefore = column(h, 'Status');
  odd(h, numbers.slice(0, 10), 'all-absent');
  refreshAfter(h, HOUR);
  expect(column(h, 'Status')).toEqual(statusBefore);
  expect(logRows(h)).toEqual([]);
});

it('a value really gone is applied once a read at least 10 minutes later says the same', () => {
  const { h, numbers, box } = demoSheet();
  const n = numbers.find((x) => atTerminal(box(x)) && box(x).attributes.current_status)!;
  const c = box(n);
  const row = numbers.indexOf(n);
  const before = column(h, 'Status')[row];
  c.attributes.current_status = null as never;
  refreshAfter(h, HOUR);
  expect(column(h, 'Status')[row]).toBe(before);
  refreshAfter(h, 5 * 60_000); // only 5 minutes after the first read
  expect(column(h, 'Status')[row]).toBe(before);
  expect(logRows(h)).toEqual([]);
  refreshAfter(h, 6 * 60_000); // 11 minutes after the first read: the second look
  expect(column(h, 'Status')[row]).toBe('');
  const rows = logRows(h).filter((r) => r[1] === n && r[2] === 'current_status');
  expect(rows).toHaveLength(1);
  refreshAfter(h, HOUR);
  expect(logRows(h).filter((r) => r[1] === n && r[2] === 'current_status')).toHaveLength(1);
});

it('an explicit empty hold list is a value: applied at once', () => {
  const { h, numbers, box } = demoSheet();
  const n = numbers.find((x) => atTerminal(box(x)) && blocking(box(x)))!;
  odd(h, [n], 'holds-empty');
  refreshAfter(h, HOUR);
  const row = numbers.indexOf(n);
  expect(column(h, 'Holds')[row]).toBe('');
  expect(logRows(h).filter((r) => r[1] === n && r[2] === 'holds')).toHaveLength(1);
});

it('push agrees: a delivery whose fetch answers holds null keeps the holds and logs only the change', () => {
  // Push is the bound build's (a web app).
  const { h, numbers, box } = demoSheet(undefined, { addOn: false });
  const n = numbers.find((x) => atTerminal(box(x)) && blocking(box(x)))!;
  const row = numbers.indexOf(n);
  const holds = column(h, 'Holds')[row];
  h.gas.deployWebApp();
  const web = serveLocalWebApp(h.emulator, h.gas, WEB_APP);
  h.gas.run('enablePush', [WEB_APP]);
  const emails = subjects(h).length;
  // The service moves the ETA (a notification) while answering the box with its holds null.
  odd(h, [n], 'holds-null', 20);
  h.emulator.handle({
    method: 'POST',
    url: `${h.emulator.origin}/__emulator/containers/${n}/changes`,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ eta: '2026-12-03T10:00:00Z' }),
  });
  web.deliverDue();
  expect(web.answers.at(-1)).toEqual({ ok: true });
  expect(column(h, 'Holds')[row]).toBe(holds);
  expect(logRows(h).map((r) => r[2])).not.toContain('holds');
  expect(subjects(h).slice(emails)).toEqual([]);
});
