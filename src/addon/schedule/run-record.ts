// What a scheduled run leaves in its trigger's record (the owner's user properties, which every run
// of the trigger can read, with or without a document): the spreadsheet's name and address for
// Settings → Schedules, when it last ran and whether it worked, and a streak of failures. The
// third failure in a row emails the owner once (docs/reference.md#schedule-failures); a success
// ends the streak. A run that has the document also notes the streak in the shared schedule, so
// the other editors' Diagnostics show it.

import { toAppError, type ErrorKind } from '../../core/errors';
import { permissionMessage } from '../../core/permissions';
import { PRODUCT_NAME } from '../../core/product';
import {
  emailDue,
  failedAgain,
  failureEmail,
  type FailureStreak,
} from '../../core/schedule-failures';
import { grantFor } from '../../gas/authorization';
import { mailApp } from '../../gas/mail';
import { effectiveUserEmail } from '../../gas/session';
import {
  hasSharedSchedule,
  myUserKey,
  readSharedSchedule,
  writeSharedSchedule,
} from '../../gas/shared-schedule';
import {
  readTriggerRecord,
  writeTriggerRecord,
  type TriggerRecord,
} from '../../gas/trigger-records';

/** How a scheduled run ended, as far as its schedule is concerned. */
export type ScheduledOutcome =
  | { ok: true }
  | { ok: false; failure: { kind: ErrorKind | null; message: string } }
  /** Skipped (another refresh was running) or the trigger removed itself: no news. */
  | null;

export function outcomeOfError(e: unknown): ScheduledOutcome {
  const error = toAppError(e);
  return { ok: false, failure: { kind: error.kind, message: error.message } };
}

const NO_ADDRESS =
  'Google did not give the address of the account the schedule runs as (the permission to see ' +
  'its email address was not granted).';

/** Sends the streak's one email; what went wrong instead, if it could not be sent. */
function emailOwner(streak: FailureStreak, spreadsheet: { name: string; url: string }) {
  const to = effectiveUserEmail();
  if (!to) return { emailProblem: NO_ADDRESS };
  const grant = grantFor('alerts');
  if (grant.missing.length > 0) {
    return { emailProblem: permissionMessage('alerts', grant, PRODUCT_NAME) };
  }
  try {
    if (mailApp.remainingQuota() < 1) {
      return { emailProblem: 'the daily email quota is used up; the next failed run tries again.' };
    }
    mailApp.send(to, failureEmail(streak, spreadsheet, PRODUCT_NAME));
    return { emailedAt: streak.lastAt };
  } catch (e) {
    return { emailProblem: `${toAppError(e).message} The next failed run tries again.` };
  }
}

/** The streak, as the shared schedule shows it to every editor (when this run has the document). */
function shareStreak(failing: FailureStreak | undefined): void {
  if (!hasSharedSchedule()) return;
  const shared = readSharedSchedule();
  if (!shared || shared.off || shared.ownerKey !== myUserKey()) return;
  if (JSON.stringify(shared.failing) === JSON.stringify(failing)) return;
  const { failing: _old, ...rest } = shared;
  writeSharedSchedule(failing ? { ...rest, failing } : rest);
}

/**
 * Notes the run in its trigger's record: name and address of the spreadsheet, last run, and the
 * streak of failures (emailing the owner once when it reaches three). Never throws: the run's own
 * outcome is what Google records.
 */
export function noteScheduledRun(
  triggerUid: string | null,
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet | null,
  outcome: ScheduledOutcome,
  at = new Date().toISOString(),
): void {
  if (triggerUid === null || outcome === null) return;
  try {
    const record = readTriggerRecord(triggerUid);
    if (!record) return;
    const seen = spreadsheet ? { name: spreadsheet.getName(), url: spreadsheet.getUrl() } : {};
    const next: TriggerRecord = { ...record, ...seen, lastRun: { at, ok: outcome.ok } };
    if (outcome.ok) {
      delete next.failing;
    } else {
      let streak = failedAgain(record.failing, outcome.failure, at);
      if (emailDue(streak)) {
        const { emailProblem: _previous, ...rest } = streak;
        const where = { name: next.name ?? 'your spreadsheet', url: next.url ?? '' };
        streak = { ...rest, ...emailOwner(streak, where) };
      }
      next.failing = streak;
    }
    writeTriggerRecord(triggerUid, next);
    shareStreak(next.failing);
  } catch {
    // The record could not be written (properties quota): the next run tries again.
  }
}
