// The spreadsheet's schedule as one editor sees it. A trigger runs as the account that created it
// and no other account sees it, so the spreadsheet's one schedule is also recorded in document
// properties (shared-schedule.ts) with its owner: every editor sees "on, every N, set by x@y";
// only the owner changes or stops it. Another editor may take over a schedule that has stopped
// running (owner left, trigger deleted by hand).

import { DEPLOYMENT, type DeploymentMode } from '../../core/deployment';
import { streakText } from '../../core/schedule-failures';
import {
  clearSharedSchedule,
  hasSharedSchedule,
  isStale,
  myEmail,
  myUserKey,
  readSharedSchedule,
  writeSharedSchedule,
  type SharedSchedule,
} from '../../gas/shared-schedule';
import type { TriggerRecord } from '../../gas/trigger-records';
import type { RefreshTrigger } from '../../gas/triggers';
import { lastRefreshAt } from '../sheets/status-sheet';
import { intervalChoices, type RefreshInterval } from './refresh-intervals';
import {
  TRIGGER_REMOVED_OUTSIDE,
  handedToYouNote,
  offNote,
  offeredNote,
  ownStoppedNote,
  ownedByOther,
  stoppedNote,
  widenedNote,
} from './schedule-wording';

export interface AutoRefreshState {
  enabled: boolean;
  minutes: number | null;
  /** How the script runs (its build): decides the shortest interval. */
  mode: DeploymentMode;
  /** The intervals this deployment offers (the menu shows the same). */
  choices: RefreshInterval[];
  /** The unique id of this spreadsheet's trigger (for this user), when there is one. */
  triggerId: string | null;
  /** The e-mail of the account the schedule runs as ('' when Google withholds it); null: off. */
  owner: string | null;
  /** Whether the schedule is this user's (only its owner can change or stop it). */
  ownedByMe: boolean;
  /** What the person should know: another editor's schedule, a stopped one, a widened interval. */
  note: string | null;
  /** The owner offered the schedule to this editor (`to`), or this owner offered it to `to`. */
  handover: { to: string; by: string; at: string } | null;
  /** This user may press Take over: the schedule was handed to them, or it stopped running. */
  canTakeOver: boolean;
}

export function stateOf(
  trigger: RefreshTrigger | undefined,
  record: TriggerRecord | undefined,
  note: string | null = null,
): AutoRefreshState {
  return {
    enabled: trigger !== undefined,
    minutes: trigger ? (record?.minutes ?? null) : null,
    mode: DEPLOYMENT,
    choices: intervalChoices(DEPLOYMENT),
    triggerId: trigger?.id ?? null,
    owner: trigger ? myEmail() : null,
    ownedByMe: trigger !== undefined,
    note,
    handover: null,
    canTakeOver: false,
  };
}

/** Another editor's live schedule, as this user sees it. */
function othersState(
  schedule: SharedSchedule,
  note: string,
  canTakeOver: boolean,
): AutoRefreshState {
  return {
    enabled: true,
    minutes: schedule.minutes > 0 ? schedule.minutes : null,
    mode: DEPLOYMENT,
    choices: intervalChoices(DEPLOYMENT),
    triggerId: null,
    owner: schedule.owner,
    ownedByMe: false,
    note,
    handover: schedule.handover ?? null,
    canTakeOver,
  };
}

const activeTimeZone = (): string => SpreadsheetApp.getActive()?.getSpreadsheetTimeZone() ?? 'UTC';

/** Whether another editor's schedule has stopped (its last refresh is read only when needed). */
function stopped(schedule: SharedSchedule, now: number): boolean {
  return (
    isStale(schedule, now, null) &&
    isStale(schedule, now, lastRefreshAt(SpreadsheetApp.getActive()))
  );
}

/**
 * The spreadsheet's schedule as this user sees it, after putting the shared record right: this
 * user's trigger is recorded as the schedule (adopting one made before the record existed), and a
 * record of this user's that has no trigger any more (deleted by hand) is cleared.
 */
export function sharedView(
  trigger: RefreshTrigger | undefined,
  record: TriggerRecord | undefined,
): AutoRefreshState {
  if (!hasSharedSchedule()) return stateOf(trigger, record, widenedNote(record));
  const shared = readSharedSchedule();
  const me = myUserKey();
  const mine = shared !== null && !shared.off && shared.ownerKey === me;
  if (trigger) {
    if (!shared || (mine && shared.minutes !== (record?.minutes ?? shared.minutes))) {
      writeSharedSchedule({
        ...(shared ?? { since: new Date().toISOString() }),
        owner: myEmail(),
        ownerKey: me,
        minutes: record?.minutes ?? shared?.minutes ?? 0,
      });
    }
    if (!shared || mine) {
      const notes = [
        shared ? ownStoppedNote(shared, record, activeTimeZone(), Date.now()) : null,
        widenedNote(shared) ?? widenedNote(record),
        record?.failing ? streakText(record.failing) : null,
        shared?.handover ? offeredNote(shared.handover, activeTimeZone()) : null,
      ].filter((n): n is string => n !== null);
      const state = stateOf(trigger, record, notes.length > 0 ? notes.join(' ') : null);
      return { ...state, handover: shared?.handover ?? null };
    }
    // Superseded (another editor took over) or turned off: its next run removes it.
    return shared.off
      ? stateOf(undefined, undefined, offNote(shared))
      : othersState(shared, ownedByOther(shared), handedToMe(shared));
  }
  if (!shared) return stateOf(undefined, undefined);
  if (shared.off) return stateOf(undefined, undefined, offNote(shared));
  if (mine) {
    clearSharedSchedule();
    return stateOf(undefined, undefined, TRIGGER_REMOVED_OUTSIDE);
  }
  const isStopped = stopped(shared, Date.now());
  const mineToTake = handedToMe(shared);
  const note = [
    isStopped ? stoppedNote(shared, activeTimeZone()) : ownedByOther(shared),
    mineToTake ? handedToYouNote(shared) : null,
    shared.failing ? streakText(shared.failing) : null,
  ].filter((n): n is string => n !== null);
  return othersState(shared, note.join(' '), isStopped || mineToTake);
}

/** The owner offered this schedule to this user (by their email, as Google gives it). */
export function handedToMe(shared: SharedSchedule): boolean {
  const me = myEmail().trim().toLowerCase();
  return !shared.off && me !== '' && shared.handover?.to === me;
}

/**
 * Refuses to touch another editor's live schedule (null: this user may set or clear it).
 * A stopped one may be taken over.
 */
export function othersLiveSchedule(
  shared: SharedSchedule | null = readSharedSchedule(),
): SharedSchedule | null {
  if (!shared || shared.off || shared.ownerKey === myUserKey()) return null;
  return stopped(shared, Date.now()) ? null : shared;
}
