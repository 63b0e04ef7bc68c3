// Sends what the alert queue holds: the immediate alerts in one email per run, and the daily
// digest at the first run at or after `alertDigestHour` in the spreadsheet's zone (the refresh's
// trigger serves: an add-on's time-driven trigger runs at most hourly, so the digest goes out
// within the hour after its time). An alert counts as sent only once MailApp returned: the rules
// are in engine/alert-queue.ts.
//
// Push: every delivery is its own execution, as the web app's owner (their MailApp quota). A
// BOL whose 20 boxes become ready through 20 pushes would send 20 emails, so a push sends at
// most one email per PUSH_EMAIL_GAP_MS: alerts raised in between wait in the queue and go out
// together with the first push after the gap, or with the next refresh (which has no gap), or in
// the digest, whichever comes first.

import { alertKey, isImmediate, restate, type Alert } from '../../core/alert-rules';
import type { Snapshot } from '../../core/change-snapshot';
import { renderAlertEmail } from '../../core/alert-email';
import { redact } from '../../core/redact';
import type { Settings } from '../../core/settings';
import { calendarDayIn, memoFormatter, startOfDayIn } from '../../core/timezone';
import { dayText } from '../../core/change-snapshot';
import { plural } from '../../core/wording';
import { MAX_RISK_LINES, type AlertState, type QueuedAlert } from '../../engine/alert-queue';
import type { MailPort } from '../../gas/mail';
import type { MoneyAtRisk } from '../../core/pull-list';

export interface DeliveryContext {
  settings: Settings;
  spreadsheetName: string;
  spreadsheetUrl: string;
  timeZone: string;
  mail: MailPort;
  now: number;
  /**
   * Records the state right after MailApp returned: a run cut off after that send does not send
   * it again, and one cut off before this save sends it again (twice, never zero).
   */
  save: (state: AlertState) => void;
  /** A push's delivery: at most one email per PUSH_EMAIL_GAP_MS. */
  fromPush?: boolean;
  /** What tomorrow adds per currency, when this run priced the boxes (a refresh does). */
  moneyAtRisk?: readonly MoneyAtRisk[];
  /** The latest snapshot of each box (the change state), so a digest says what holds now. */
  current?: (number: string) => Snapshot | undefined;
}

/**
 * The digest's lines as they stand when it is sent (core/alert-rules.ts, restate): each LFD and
 * Return By line from the latest snapshot and the facility's today; a line both waiting and sent
 * at once since the last digest is said once, in its own section.
 */
export function currentLines(
  items: readonly QueuedAlert[],
  sentEarlier: readonly QueuedAlert[],
  ctx: DeliveryContext,
): { items: Alert[]; sentEarlier: Alert[] } {
  const rules = { now: ctx.now, lfdDays: ctx.settings.alertLfdDays };
  const now = (list: readonly QueuedAlert[]) => {
    const seen = new Set<string>();
    const out: Alert[] = [];
    for (const a of list) {
      const line = ctx.current ? restate(a, ctx.current(a.number), rules) : a;
      const key = line ? `${line.number}|${alertKey(line)}` : '';
      if (!line || seen.has(key)) continue;
      seen.add(key);
      out.push(line);
    }
    return out;
  };
  const waiting = now(items);
  const keys = new Set(waiting.map((a) => `${a.number}|${alertKey(a)}`));
  return {
    items: waiting,
    sentEarlier: now(sentEarlier).filter((a) => !keys.has(`${a.number}|${alertKey(a)}`)),
  };
}

export const PUSH_EMAIL_GAP_MS = 15 * 60_000;

const hourFormat = memoFormatter({ hour: 'numeric', hourCycle: 'h23' });
const HOUR_MS = 3_600_000;

export function hourIn(now: number, zone: string): number {
  return Number(hourFormat(zone).format(new Date(now))) % 24;
}

export const todayIn = (now: number, zone: string): string => dayText(calendarDayIn(now, zone));

/** When the next scheduled digest is due (it goes out at the first run from then on). */
export function nextDigestAt(state: AlertState, hour: number, now: number, zone: string): number {
  const today = calendarDayIn(now, zone);
  const todayAt = startOfDayIn(today, zone) + hour * HOUR_MS;
  // Before alerts' first run (no digest day yet), a digest hour already past today waits for tomorrow.
  const doneToday =
    state.lastDigestDay === dayText(today) || (state.lastDigestDay === null && now >= todayAt);
  if (!doneToday) return Math.max(todayAt, now);
  const tomorrow = calendarDayIn(startOfDayIn(today, zone) + 36 * HOUR_MS, zone);
  return startOfDayIn(tomorrow, zone) + hour * HOUR_MS;
}

export function digestDue(state: AlertState, hour: number, now: number, zone: string): boolean {
  return state.lastDigestDay !== todayIn(now, zone) && hourIn(now, zone) >= hour;
}

/**
 * Marks left by versions that marked alerts before calling MailApp: whether that email went out
 * is unknown, so a waiting alert is sent (again) and a digest's entry stays for the next digest.
 * Twice is allowed, never zero.
 */
export function recoverInterrupted(state: AlertState): AlertState {
  const unmarked = (alerts: QueuedAlert[]) => alerts.map(({ sending: _s, ...a }) => a);
  return { ...state, pending: unmarked(state.pending), sent: unmarked(state.sent) };
}

const recipientsOf = (s: Settings) =>
  s.alertRecipients
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');

type Attempt = { ok: true } | { ok: false; error: string };

/** One email, after checking the quota covers its recipients. */
function sendOne(
  ctx: DeliveryContext,
  email: ReturnType<typeof renderAlertEmail>,
  waiting: number,
): Attempt {
  const to = recipientsOf(ctx.settings);
  let left: number;
  try {
    left = ctx.mail.remainingQuota();
  } catch (e) {
    return {
      ok: false,
      error: `Alerts could not be sent: ${redact(String((e as Error)?.message ?? e))}`,
    };
  }
  if (left < to.length) {
    return {
      ok: false,
      error: `The daily email quota is used up: ${plural(waiting, 'alert')} will be sent when it frees up (within 24 hours).`,
    };
  }
  try {
    ctx.mail.send(to.join(','), email);
    return { ok: true };
  } catch (e) {
    return {
      ok: false,
      error: `Alerts could not be sent (${redact(String((e as Error)?.message ?? e))}); they will be retried at the next run.`,
    };
  }
}

/** Sends the waiting immediate alerts in one email. */
export function sendImmediate(state: AlertState, ctx: DeliveryContext): AlertState {
  const due = state.pending.filter((a) => isImmediate(a.kind));
  if (due.length === 0 || recipientsOf(ctx.settings).length === 0) return state;
  const email = renderAlertEmail({
    kind: 'immediate',
    spreadsheetName: ctx.spreadsheetName,
    spreadsheetUrl: ctx.spreadsheetUrl,
    appUrl: ctx.settings.appUrl,
    alerts: due,
    dropped: state.dropped,
  });
  const result = sendOne(ctx, email, due.length);
  if (!result.ok) return { ...state, lastError: result.error };
  const after: AlertState = {
    ...state,
    pending: state.pending.filter((a) => !isImmediate(a.kind)),
    sent: [...state.sent, ...due],
    dropped: 0,
    lastError: null,
    lastEmailAt: ctx.now,
  };
  ctx.save(after);
  return after;
}

/** The money lines worth saying: what tomorrow adds, per currency, above nothing. */
const atRisk = (lines: readonly MoneyAtRisk[]) => lines.filter((r) => r.amount > 0);

/**
 * The digest's money lines, one path for every digest: what this run priced (a refresh), else
 * what the last refresh priced today (the sidebar's "send now", a push). A pricing of an earlier
 * day is not said: its "tomorrow" is today or past.
 */
export function digestMoney(state: AlertState, ctx: DeliveryContext): MoneyAtRisk[] {
  if (ctx.moneyAtRisk) return atRisk(ctx.moneyAtRisk);
  return pricedToday(state, ctx) ? atRisk(state.moneyAtRisk?.lines ?? []) : [];
}

/** This run priced the boxes, or a refresh did earlier today. */
export function pricedToday(state: AlertState, ctx: DeliveryContext): boolean {
  return !!ctx.moneyAtRisk || state.moneyAtRisk?.day === todayIn(ctx.now, ctx.timeZone);
}

/** Keeps what this run priced (a refresh does), for a digest sent later without pricing. */
export function rememberMoney(state: AlertState, ctx: DeliveryContext): AlertState {
  if (!ctx.moneyAtRisk) return state;
  const lines = atRisk(ctx.moneyAtRisk)
    .sort((a, b) => b.amount - a.amount)
    .slice(0, MAX_RISK_LINES)
    .sort((a, b) => a.currency.localeCompare(b.currency));
  return { ...state, moneyAtRisk: { day: todayIn(ctx.now, ctx.timeZone), lines } };
}

export interface DigestResult {
  state: AlertState;
  /** Alerts the digest listed (0: nothing to report, no email). */
  alerts: number;
  sent: boolean;
  error: string | null;
}

/**
 * The digest: the waiting digest alerts plus what was sent at once since the last one. Nothing
 * to report sends nothing. `scheduled` marks the day as done (a digest sent by hand does not
 * move the scheduled one).
 */
export function sendDigest(
  state: AlertState,
  ctx: DeliveryContext,
  scheduled: boolean,
): DigestResult {
  const day = todayIn(ctx.now, ctx.timeZone);
  const lines = currentLines(
    state.pending.filter((a) => !isImmediate(a.kind)),
    state.sent,
    ctx,
  );
  const count = lines.items.length + lines.sentEarlier.length;
  const done = scheduled ? { lastDigestDay: day } : {};
  // Money at risk alone is worth a digest: it is what the day's work should start with.
  const risk = digestMoney(state, ctx);
  if (recipientsOf(ctx.settings).length === 0)
    return { state: { ...state, ...done }, alerts: 0, sent: false, error: null };
  if (count === 0 && risk.length === 0) {
    // What was waiting no longer holds (picked up, moved out of the window): nothing to say, and
    // nothing to keep for a later digest.
    const cleared = {
      ...state,
      ...done,
      pending: state.pending.filter((a) => isImmediate(a.kind)),
      sent: [],
    };
    return { state: cleared, alerts: 0, sent: false, error: null };
  }
  const email = renderAlertEmail({
    kind: 'digest',
    spreadsheetName: ctx.spreadsheetName,
    spreadsheetUrl: ctx.spreadsheetUrl,
    appUrl: ctx.settings.appUrl,
    alerts: lines.items,
    sentEarlier: lines.sentEarlier,
    dropped: state.dropped,
    moneyAtRisk: risk,
  });
  const result = sendOne(ctx, email, count);
  if (!result.ok)
    return {
      state: { ...state, lastError: result.error },
      alerts: count,
      sent: false,
      error: result.error,
    };
  const after: AlertState = {
    ...state,
    ...done,
    pending: state.pending.filter((a) => isImmediate(a.kind)),
    sent: [],
    dropped: 0,
    lastDigestAt: ctx.now,
    lastError: null,
    lastEmailAt: ctx.now,
  };
  ctx.save(after);
  return { state: after, alerts: count, sent: true, error: null };
}

/**
 * The digest day to start from on the first run with alerts on: alerts begun before today's
 * digest hour get today's digest (as if yesterday's had gone out); begun after it, tomorrow's.
 */
function firstDigestDay(ctx: DeliveryContext): string {
  const today = calendarDayIn(ctx.now, ctx.timeZone);
  if (hourIn(ctx.now, ctx.timeZone) >= ctx.settings.alertDigestHour) return dayText(today);
  // Noon of the day before, whatever its length (daylight saving).
  return dayText(calendarDayIn(startOfDayIn(today, ctx.timeZone) - 12 * HOUR_MS, ctx.timeZone));
}

/**
 * A run's delivery: recovery, the immediate email, then the digest when it is due. The first
 * digest goes out at the next digest hour after alerts begin: today's when they began before it,
 * else tomorrow's (a digest minutes after the first immediate email would only repeat it).
 */
export function deliverAlerts(state: AlertState, ctx: DeliveryContext): AlertState {
  const started = state.lastDigestDay ?? firstDigestDay(ctx);
  let s = rememberMoney(recoverInterrupted({ ...state, lastDigestDay: started }), ctx);
  const mayEmail = () =>
    !ctx.fromPush || s.lastEmailAt === null || ctx.now - s.lastEmailAt >= PUSH_EMAIL_GAP_MS;
  if (!mayEmail()) return s;
  s = sendImmediate(s, ctx);
  if (mayEmail() && digestDue(s, ctx.settings.alertDigestHour, ctx.now, ctx.timeZone))
    s = sendDigest(s, ctx, true).state;
  return s;
}
