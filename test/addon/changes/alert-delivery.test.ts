// Delivery rules over a stand-in MailApp: one email per run for the immediate alerts, the quota
// in recipients (-1 = none), sent only once MailApp returned (recorded right after; a run cut off
// before that record sends it again, never zero), and the digest hour in the spreadsheet's zone.

import type { Alert } from '../../../src/core/alert-rules';
import { DEFAULT_API_BASE_URL, type Settings } from '../../../src/core/settings';
import {
  deliverAlerts,
  digestDue,
  nextDigestAt,
  recoverInterrupted,
  type DeliveryContext,
} from '../../../src/addon/changes/alert-delivery';
import { emptyAlertState, type AlertState } from '../../../src/engine/alert-queue';

const settings: Settings = {
  apiKey: 'k3y-that-must-never-show-0000',
  apiBaseUrl: DEFAULT_API_BASE_URL,
  appUrl: 'https://app.example.com',
  refreshRequestsPerMinute: 80,
  autoImport: false,
  alertRecipients: 'a@example.com, b@example.com',
  alertLfdDays: 2,
  alertDigestHour: 7,
};
const alert = (number: string, kind: Alert['kind']): Alert => ({ number, kind, value: 'v', at: 0 });

function context(now: string, quota = 100) {
  const sent: { to: string; subject: string; body: string }[] = [];
  const saves: AlertState[] = [];
  const ctx: DeliveryContext = {
    settings,
    spreadsheetName: 'Imports',
    spreadsheetUrl: 'https://docs.google.com/spreadsheets/d/x/edit',
    timeZone: 'Asia/Tokyo',
    now: Date.parse(now),
    mail: {
      remainingQuota: () => quota,
      send: (to, email) => {
        sent.push({ to, subject: email.subject, body: email.body });
      },
    },
    save: (s) => {
      saves.push(s);
    },
  };
  return { ctx, sent, saves };
}

it('sends the waiting immediate alerts in one email, recorded as sent right after MailApp returned', () => {
  // 2026-11-23 05:00 UTC is 14:00 in Tokyo, and Tokyo's digest of that day already went out.
  const { ctx, sent, saves } = context('2026-11-23T05:00:00Z');
  const state = {
    ...emptyAlertState(),
    lastDigestDay: '2026-11-23',
    pending: [alert('C1', 'lfd-due'), alert('C2', 'hold-placed'), alert('C3', 'eta-moved')],
  };
  const after = deliverAlerts(state, ctx);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.to).toBe('a@example.com,b@example.com');
  expect(sent[0]!.body).toContain('C1');
  expect(sent[0]!.body).toContain('C2');
  expect(sent[0]!.body).not.toContain('C3');
  expect(sent[0]!.body).not.toContain(settings.apiKey);
  expect(saves).toHaveLength(1);
  expect(saves[0]!.pending.map((a) => a.number)).toEqual(['C3']);
  expect(saves[0]!.sent.map((a) => a.number)).toEqual(['C1', 'C2']);
  expect(after.pending.map((a) => a.number)).toEqual(['C3']);
  expect(after.sent.map((a) => a.number)).toEqual(['C1', 'C2']);
});

it('keeps alerts when the quota does not cover every recipient (-1 included)', () => {
  for (const quota of [1, -1]) {
    const { ctx, sent } = context('2026-11-23T05:00:00Z', quota);
    const state = {
      ...emptyAlertState(),
      lastDigestDay: '2026-11-23',
      pending: [alert('C1', 'ready')],
    };
    const after = deliverAlerts(state, ctx);
    expect(sent).toEqual([]);
    expect(after.pending).toHaveLength(1);
    expect(after.lastError).toMatch(/quota/);
  }
});

it('records nothing when MailApp throws: the alert waits, however many times it failed', () => {
  const { ctx, saves } = context('2026-11-23T05:00:00Z');
  ctx.mail.send = () => {
    throw new Error('Gmail is unavailable');
  };
  let state: AlertState = {
    ...emptyAlertState(),
    lastDigestDay: '2026-11-23',
    pending: [alert('C1', 'hold-placed')],
  };
  for (let i = 0; i < 3; i++) state = deliverAlerts(state, ctx);
  expect(saves).toEqual([]);
  expect(state.pending.map((a) => a.number)).toEqual(['C1']);
  expect(state.sent).toEqual([]);
  expect(state.lastError).toMatch(/retried at the next run/);
});

it('sends again what an older version marked as sending (twice is allowed, never zero)', () => {
  const state = {
    ...emptyAlertState(),
    pending: [
      { ...alert('C1', 'lfd-due'), sending: 1 },
      { ...alert('C2', 'lfd-soon'), sending: 1 },
    ],
    sent: [{ ...alert('C0', 'ready'), sending: 1 }, alert('C9', 'ready')],
  };
  const recovered = recoverInterrupted(state);
  expect(recovered.pending.map((a) => a.number)).toEqual(['C1', 'C2']);
  expect(recovered.sent.map((a) => a.number)).toEqual(['C0', 'C9']);
  expect([...recovered.pending, ...recovered.sent].every((a) => a.sending === undefined)).toBe(
    true,
  );
});

it('is due at the first run at or after the digest hour in the spreadsheet zone, once a day', () => {
  const state = { ...emptyAlertState(), lastDigestDay: '2026-11-22' };
  // 21:59 UTC is 06:59 in Tokyo; 22:00 UTC is 07:00 there.
  expect(digestDue(state, 7, Date.parse('2026-11-22T21:59:00Z'), 'Asia/Tokyo')).toBe(false);
  expect(digestDue(state, 7, Date.parse('2026-11-22T22:00:00Z'), 'Asia/Tokyo')).toBe(true);
  const done = { ...state, lastDigestDay: '2026-11-23' };
  expect(digestDue(done, 7, Date.parse('2026-11-23T10:00:00Z'), 'Asia/Tokyo')).toBe(false);
  expect(
    new Date(nextDigestAt(done, 7, Date.parse('2026-11-23T10:00:00Z'), 'Asia/Tokyo')).toISOString(),
  ).toBe('2026-11-23T22:00:00.000Z');
  const { ctx, sent } = context('2026-11-22T22:00:00Z');
  const after = deliverAlerts({ ...state, sent: [alert('C1', 'ready')] }, ctx);
  expect(sent.map((e) => e.subject)).toEqual(['Container digest: 1 alert – Imports']);
  expect(after).toMatchObject({ sent: [], lastDigestDay: '2026-11-23' });
});

describe('the first digest after alerts begin', () => {
  // Tokyo, digest at 09:00 (00:00 UTC).
  const nine = { ...settings, alertDigestHour: 9 };
  const at = (iso: string) => {
    const c = context(iso);
    c.ctx.settings = nine;
    return c;
  };

  it('goes out at today’s digest hour when alerts began before it', () => {
    // Alerts on at 07:00 in Tokyo (22:00 UTC the day before): an LFD-soon alert waits.
    const first = at('2026-11-22T22:00:00Z');
    const state = deliverAlerts(
      { ...emptyAlertState(), pending: [alert('C1', 'lfd-soon')] },
      first.ctx,
    );
    expect(first.sent).toEqual([]);
    expect(new Date(nextDigestAt(state, 9, first.ctx.now, 'Asia/Tokyo')).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    const nineOClock = at('2026-11-23T00:00:00Z');
    const after = deliverAlerts(state, nineOClock.ctx);
    expect(nineOClock.sent.map((e) => e.subject)).toEqual(['Container digest: 1 alert – Imports']);
    expect(after.lastDigestDay).toBe('2026-11-23');
  });

  it('waits for tomorrow’s when alerts began after today’s digest hour', () => {
    const first = at('2026-11-23T01:00:00Z'); // 10:00 in Tokyo
    const empty = { ...emptyAlertState(), pending: [alert('C1', 'lfd-soon')] };
    expect(new Date(nextDigestAt(empty, 9, first.ctx.now, 'Asia/Tokyo')).toISOString()).toBe(
      '2026-11-24T00:00:00.000Z',
    );
    const state = deliverAlerts(empty, first.ctx);
    expect(first.sent).toEqual([]);
    expect(state.lastDigestDay).toBe('2026-11-23');
  });
});

describe('money at risk in the digest', () => {
  const risk = [
    { currency: 'EUR', amount: 200, boxes: 1 },
    { currency: 'USD', amount: 1250, boxes: 3 },
  ];

  it('adds one line per currency, and alone is worth a digest', () => {
    const { ctx, sent } = context('2026-11-23T23:00:00Z'); // 08:00 in Tokyo
    deliverAlerts(
      { ...emptyAlertState(), lastDigestDay: '2026-11-23' },
      { ...ctx, moneyAtRisk: risk },
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain(
      'Money at risk (see the Pull List sheet):\n- EUR 200.00 at risk tomorrow across 1 box\n- USD 1,250.00 at risk tomorrow across 3 boxes',
    );
  });

  it('sends nothing when nothing is at risk and nothing else happened', () => {
    const { ctx, sent } = context('2026-11-23T23:00:00Z');
    deliverAlerts(
      { ...emptyAlertState(), lastDigestDay: '2026-11-23' },
      { ...ctx, moneyAtRisk: [{ currency: 'USD', amount: 0, boxes: 0 }] },
    );
    expect(sent).toHaveLength(0);
  });

  it('is never in an immediate email', () => {
    const { ctx, sent } = context('2026-11-23T05:00:00Z');
    deliverAlerts(
      { ...emptyAlertState(), lastDigestDay: '2026-11-23', pending: [alert('C1', 'lfd-due')] },
      { ...ctx, moneyAtRisk: risk },
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).not.toContain('Money at risk');
  });
});
