// What auto-refresh says to the people of a spreadsheet: whose schedule it is, that it stopped
// and why it may have, that it was widened or turned off. Each sentence says what to do.

import { readableTimeText } from '../../core/local-time';
import type { SharedSchedule } from '../../gas/shared-schedule';
import { isStale, lastRunOf } from '../../gas/shared-schedule';
import type { TriggerRecord, Widened } from '../../gas/trigger-records';
import { REFRESH_INTERVALS } from './refresh-intervals';

export const intervalLabel = (minutes: number): string =>
  minutes > 0
    ? (REFRESH_INTERVALS.find((i) => i.minutes === minutes)?.label ?? `${minutes} minutes`)
    : 'an interval set by an earlier version';

export const who = (schedule: SharedSchedule): string => schedule.owner || 'another editor';

export function ownedByOther(schedule: SharedSchedule): string {
  return (
    `Auto-refresh runs every ${intervalLabel(schedule.minutes)} as ${who(schedule)}, who set it. ` +
    'Google lets only that account see, change or stop its trigger, so nothing was added here: ' +
    `ask ${who(schedule)} to change or stop it. If it stops running (they left the spreadsheet ` +
    'or deleted the trigger), you can set auto-refresh here and it becomes yours.'
  );
}

/**
 * Why a schedule may not run. Google then runs nothing, so the add-in cannot record why: the
 * owner's day of trigger time used up, too many of the owner's executions at once (the next one
 * is refused), or the trigger gone.
 */
const whyNotRun = (account: string) =>
  `${account} day's trigger time is used up, too many of ${account} executions ran at once ` +
  '(Google refuses the next one), or the trigger was removed';

/** When the schedule last ran, as far as was recorded, in the spreadsheet's time zone. */
function lastRanText(schedule: SharedSchedule, timeZone: string, lastSeen: number | null = null) {
  return readableTimeText(lastRunOf(schedule, lastSeen), timeZone);
}

export function stoppedNote(schedule: SharedSchedule, timeZone: string): string {
  return (
    `Auto-refresh was set by ${who(schedule)} but has not run since ${lastRanText(schedule, timeZone)}: ` +
    `${whyNotRun(`${who(schedule)}'s`)}, or that account lost access. ` +
    'Turn auto-refresh on here to take it over, or off to clear it.'
  );
}

/** The owner is warned a little after two intervals without a run (runs may come late). */
const OWNER_MARGIN_MS = 15 * 60_000;

/**
 * This user's own schedule that has not run for two intervals: Google ran nothing, so nothing
 * else tells them. Null while it runs. `record` holds the last run of an add-on's trigger that
 * ran without a document.
 */
export function ownStoppedNote(
  shared: SharedSchedule,
  record: TriggerRecord | undefined,
  timeZone: string,
  now: number,
): string | null {
  const lastSeen = Date.parse(record?.lastRunAt ?? '') || null;
  if (shared.minutes <= 0 || !isStale(shared, now, lastSeen, OWNER_MARGIN_MS)) return null;
  return (
    `Auto-refresh (every ${intervalLabel(shared.minutes)}) has not run since ` +
    `${lastRanText(shared, timeZone, lastSeen)}. Google runs nothing and the add-in cannot log it when ` +
    `${whyNotRun('your')}. Use Refresh now to update the sheet, check the scheduled refresh ` +
    'time in Diagnostics, and if it is near the limit choose a longer interval.'
  );
}

export function widenedNote(schedule: { widened?: Widened } | null | undefined): string | null {
  const w = schedule?.widened;
  if (!w) return null;
  return `On ${w.at} the add-in widened auto-refresh from every ${intervalLabel(w.from)} to every ${intervalLabel(w.to)}: ${w.why}`;
}

export function offNote(schedule: SharedSchedule): string {
  return `Auto-refresh was turned off by ${schedule.off?.by || 'another editor'} on ${schedule.off?.at ?? ''} because it had stopped running.`;
}

export const TRIGGER_REMOVED_OUTSIDE =
  'Your auto-refresh trigger was removed outside the add-in (e.g. on the Apps Script triggers page): auto-refresh is off. Turn it on again here if you want it.';

/** The owner's view of a hand-over waiting for the other editor. */
export function offeredNote(handover: { to: string; at: string }, timeZone: string): string {
  const when = readableTimeText(Date.parse(handover.at) || 0, timeZone);
  return (
    `You handed this schedule over to ${handover.to} on ${when}: it stays yours and keeps ` +
    'running until they press Take over (Settings → Auto-refresh), then runs as them.'
  );
}

/** The other editor's view of a schedule handed over to them. */
export function handedToYouNote(schedule: SharedSchedule): string {
  return (
    `${who(schedule)} handed this schedule over to you: press Take over and it runs as you from ` +
    'now on, with your daily trigger time.'
  );
}
