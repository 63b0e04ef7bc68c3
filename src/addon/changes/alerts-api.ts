// The sidebar's alert functions: send the digest now, and what the alerts are doing.

import { AppError } from '../../core/errors';
import { plural, sentence } from '../../core/wording';
import { AlertQueue } from '../../engine/alert-queue';
import { Execution } from '../../execution/execution';
import { mailApp } from '../../gas/mail';
import {
  nextDigestAt,
  pricedToday,
  recoverInterrupted,
  sendDigest,
  sendImmediate,
} from './alert-delivery';
import { deliveryContext } from './change-pipeline';
import { readState } from './change-state-sheet';
import { activeSpreadsheet } from '../../gas/stores';

export interface DigestNowResult {
  ok: boolean;
  message: string;
  /** Alerts the digest listed (0 when there was nothing to report). */
  alerts: number;
}

export interface AlertStatus {
  enabled: boolean;
  recipients: string;
  lastDigestAt: string | null;
  nextDigestAt: string | null;
  /** Alerts waiting to be sent (immediate ones held back, digest entries). */
  pending: number;
  /** Recipients MailApp allows today; null when alerts are off or it cannot say. */
  quotaLeft: number | null;
  lastError: string | null;
  /** The spreadsheet's zone, in which the digest hour counts and the times above are shown. */
  timeZone: string;
}

const LOCK_WAIT_MS = 10_000;

/** Sends the digest at once (the sidebar button); nothing to report sends nothing. */
export function sendAlertDigestNow(): DigestNowResult {
  const ss = activeSpreadsheet();
  const run = new Execution('sidebar');
  const settings = run.settings();
  if (settings.alertRecipients === '') {
    throw new AppError(
      'config',
      'Alerts are off: enter at least one recipient in Settings → Email alerts, then send the digest.',
    );
  }
  if (!run.lock.tryLock(LOCK_WAIT_MS)) {
    return {
      ok: false,
      message: 'A refresh is recording changes; try again in a moment.',
      alerts: 0,
    };
  }
  try {
    const props = run.stores.state();
    const queue = new AlertQueue(props);
    let saved = props.getAll();
    const before = queue.load(saved);
    // The digest's lines are computed now, from what the change state knows of each box.
    const known = readState(ss).records;
    const ctx = deliveryContext(
      ss,
      settings,
      mailApp,
      Date.now(),
      (s) => {
        saved = queue.save(s, saved);
      },
      false,
      undefined,
      (n) => known.get(n)?.snapshot,
    );
    // Held-back immediate alerts go first, in their own email, as a run would send them.
    const state = sendImmediate(recoverInterrupted(before), ctx);
    // The same digest as the scheduled one, money lines included: the last refresh's pricing
    // of today (this run prices nothing: it fetches no records).
    const result = sendDigest(state, ctx, false);
    queue.save(result.state, saved);
    if (result.error) return { ok: false, message: result.error, alerts: result.alerts };
    if (!result.sent) {
      const unpriced = pricedToday(state, ctx)
        ? ''
        : ', and no refresh has priced the money at risk today';
      return {
        ok: true,
        message: `Nothing to report: no alerts since the last digest${unpriced}.`,
        alerts: 0,
      };
    }
    const what =
      result.alerts === 0
        ? 'the money at risk (no alerts since the last digest)'
        : plural(result.alerts, 'alert');
    return {
      ok: true,
      message: sentence(`Digest sent to ${settings.alertRecipients} with ${what}`),
      alerts: result.alerts,
    };
  } finally {
    run.lock.release();
  }
}

export function getAlertStatus(): AlertStatus {
  const ss = activeSpreadsheet();
  const run = new Execution('sidebar');
  const settings = run.settings();
  const state = new AlertQueue(run.stores.state()).load();
  const enabled = settings.alertRecipients !== '';
  let quotaLeft: number | null = null;
  if (enabled) {
    try {
      quotaLeft = Math.max(0, mailApp.remainingQuota());
    } catch {
      quotaLeft = null;
    }
  }
  const next = enabled
    ? nextDigestAt(state, settings.alertDigestHour, Date.now(), ss.getSpreadsheetTimeZone())
    : null;
  return {
    enabled,
    recipients: settings.alertRecipients,
    lastDigestAt: state.lastDigestAt == null ? null : new Date(state.lastDigestAt).toISOString(),
    nextDigestAt: next == null ? null : new Date(next).toISOString(),
    pending: state.pending.length,
    quotaLeft,
    lastError: state.lastError,
    timeZone: ss.getSpreadsheetTimeZone(),
  };
}
