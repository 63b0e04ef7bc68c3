// Near the daily trigger-time quota (90 minutes a day on a consumer account, Apps Script quotas
// page), a schedule is widened rather than left to fail every run until the day is over.

import { DEPLOYMENT } from '../../core/deployment';
import { myUserKey, readSharedSchedule, writeSharedSchedule } from '../../gas/shared-schedule';
import {
  allTriggerRecords,
  readTriggerRecord,
  removeTriggerRecords,
  writeTriggerRecord,
  type Widened,
} from '../../gas/trigger-records';
import { triggerTimeUsed, WIDEN_AT } from '../../gas/trigger-time';
import { createRefreshTrigger, removeTriggerById, type RefreshTrigger } from '../../gas/triggers';
import { intervalChoices } from './refresh-intervals';
import { widenedNote } from './schedule-wording';

/** Widened to the shortest interval that would have used at most this share. */
const WIDEN_TO = 0.5;

const minutesText = (ms: number) => `${Math.round(ms / 60_000)} min`;

/**
 * After a scheduled run: when this user's scheduled refreshes used 60% or more of the daily
 * trigger time in the last 24 hours, the trigger is replaced by one at the shortest interval of
 * the list that would have used half of it at most (time spent scales with runs a day), before
 * Apps Script starts failing every run. The trigger record and the shared schedule say what was
 * done and why. Returns that sentence, or null.
 */
export function widenIfNearQuota(e?: { triggerUid?: unknown }): string | null {
  const uid = e?.triggerUid == null ? null : String(e.triggerUid);
  const record = uid === null ? null : readTriggerRecord(uid);
  if (uid === null || !record) return null;
  const { usedMs, limitMs } = triggerTimeUsed(Date.now());
  if (usedMs < WIDEN_AT * limitMs) return null;
  const choices = intervalChoices(DEPLOYMENT).filter((c) => c.minutes > record.minutes);
  const to =
    choices.find((c) => (usedMs * record.minutes) / c.minutes <= WIDEN_TO * limitMs) ??
    choices[choices.length - 1];
  if (!to) return null;
  const why =
    `scheduled refreshes used ${minutesText(usedMs)} of the ${minutesText(limitMs)} of trigger time ` +
    'Google allows a day, and past it every run fails until the day is over.';
  const widened: Widened = {
    from: record.minutes,
    to: to.minutes,
    at: new Date().toISOString(),
    why,
  };
  let created: RefreshTrigger;
  try {
    created = createRefreshTrigger(to.minutes);
  } catch {
    return null; // the current trigger stays; the next run tries again
  }
  writeTriggerRecord(created.id, { ...record, minutes: to.minutes, widened });
  removeTriggerById(uid);
  removeTriggerRecords(allTriggerRecords(), [uid]);
  const shared = readSharedSchedule();
  if (shared && !shared.off && shared.ownerKey === myUserKey()) {
    writeSharedSchedule({ ...shared, minutes: to.minutes, widened });
  }
  return widenedNote({ widened });
}
