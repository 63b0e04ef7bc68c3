// Auto-refresh: one time-driven trigger per spreadsheet and user refreshes that spreadsheet's
// Tracking sheet. An editor add-on is one script project for all of a user's spreadsheets, and
// ScriptApp.getProjectTriggers() lists the user's triggers of all of them, so a spreadsheet owns
// only the triggers its records name (trigger-records.ts: trigger id → spreadsheet id), and
// enabling or disabling here never touches another spreadsheet's trigger. The records live in
// user properties, not in document properties: triggers are per user, document properties are
// shared by every editor, and a trigger run may have no document at all.
//
// Who owns the schedule: a trigger runs as the account that created it and no other account sees
// it, so the spreadsheet's one schedule is also recorded in document properties (shared-schedule.ts)
// with its owner. Every editor sees "on, every N, set by x@y"; only the owner changes or stops it.
// Another editor may take over a schedule that has stopped running (owner left, trigger deleted
// by hand); a superseded or turned-off trigger removes itself at its next run, so a spreadsheet
// never keeps two schedules.

import { AppError } from '../../core/errors';
import type { Settings } from '../../core/settings';
import { Execution, type ExecutionContext } from '../../execution/execution';
import { activeSpreadsheet, runsBound, triggerStores } from '../../gas/services';
import {
  allTriggerRecords,
  readTriggerRecord,
  removeTriggerRecords,
  writeTriggerRecord,
  type TriggerRecord,
  type Widened,
} from '../../gas/trigger-records';
import { triggerTimeUsed, WIDEN_AT } from '../../gas/trigger-time';
import {
  clearSharedSchedule,
  hasSharedSchedule,
  isStale,
  lastRunOf,
  myEmail,
  myUserKey,
  readSharedSchedule,
  writeSharedSchedule,
  type SharedSchedule,
} from '../../gas/shared-schedule';
import {
  clockSchedule,
  intervalChoices,
  REFRESH_INTERVALS,
  type DeploymentMode,
  type RefreshInterval,
} from './refresh-intervals';
import { STATUS_SHEET } from '../sheets/sheet-names';

export const TRIGGER_HANDLER = 'runScheduledRefresh';

type Trigger = GoogleAppsScript.Script.Trigger;

export interface AutoRefreshState {
  enabled: boolean;
  minutes: number | null;
  /** How the script runs: decides the shortest interval. */
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
}

/** A script that is not running as an add-on is a bound script (InstallationSource reference). */
export function deploymentMode(): DeploymentMode {
  return runsBound() ? 'bound' : 'add-on';
}

function activeSpreadsheetId(): string {
  const ss = SpreadsheetApp.getActive();
  if (!ss) {
    throw new AppError(
      'config',
      'Auto-refresh is set in the spreadsheet it refreshes: open it and use Container Tracking → Auto-refresh.',
    );
  }
  return ss.getId();
}

interface Owned {
  /** This user's refresh triggers of this spreadsheet. */
  mine: Trigger[];
  /** This user's records of live triggers (stale ones are already removed). */
  records: Map<string, TriggerRecord>;
}

function ownedTriggers(spreadsheetId: string, mode: DeploymentMode): Owned {
  const refreshers = ScriptApp.getProjectTriggers().filter(
    (t) => t.getHandlerFunction() === TRIGGER_HANDLER,
  );
  const records = allTriggerRecords();
  const live = new Set(refreshers.map((t) => t.getUniqueId()));
  const stale = [...records.keys()].filter((id) => !live.has(id));
  removeTriggerRecords(records, stale);
  for (const id of stale) records.delete(id);
  // A bound script's project serves one spreadsheet: a trigger without a record is its own
  // (made by an earlier version). In an add-on such a trigger cannot be placed; it removes
  // itself when it fires with no document (scheduledTarget).
  const mine = refreshers.filter((t) => {
    const record = records.get(t.getUniqueId());
    return record ? record.spreadsheetId === spreadsheetId : mode === 'bound';
  });
  return { mine, records };
}

function createTrigger(minutes: number): Trigger {
  const { unit, every } = clockSchedule(minutes);
  const builder = ScriptApp.newTrigger(TRIGGER_HANDLER).timeBased();
  const scheduled =
    unit === 'days'
      ? builder.everyDays(every)
      : unit === 'hours'
        ? builder.everyHours(every)
        : builder.everyMinutes(every);
  return scheduled.create();
}

function changeFailed(e: unknown, hadTrigger: boolean): AppError {
  const reason = e instanceof Error ? e.message : String(e);
  const now = hadTrigger ? 'The previous schedule is still in place.' : 'Auto-refresh stays off.';
  return new AppError('config', `Auto-refresh could not be changed (${reason}). ${now}`);
}

/**
 * Swaps the spreadsheet's triggers for one at `minutes`; a failure leaves the previous one.
 * A bound script creates the new trigger first. An add-on may hold only one time-driven trigger
 * per document (editor add-on triggers guide), so there the old one goes first and is put back
 * if the new one cannot be created.
 */
function replaceTriggers(owned: Owned, minutes: number, mode: DeploymentMode): Trigger {
  if (mode === 'bound') {
    let created: Trigger;
    try {
      created = createTrigger(minutes);
    } catch (e) {
      throw changeFailed(e, owned.mine.length > 0);
    }
    for (const t of owned.mine) ScriptApp.deleteTrigger(t);
    return created;
  }
  const previous = owned.mine
    .map((t) => owned.records.get(t.getUniqueId()))
    .find((r) => r !== undefined);
  for (const t of owned.mine) ScriptApp.deleteTrigger(t);
  try {
    return createTrigger(minutes);
  } catch (e) {
    if (previous) {
      const restored = createTrigger(previous.minutes);
      writeTriggerRecord(restored.getUniqueId(), previous);
      owned.records.set(restored.getUniqueId(), previous);
      removeTriggerRecords(
        owned.records,
        owned.mine.map((t) => t.getUniqueId()),
      );
    }
    throw changeFailed(e, previous !== undefined);
  }
}

function stateOf(
  mode: DeploymentMode,
  trigger: Trigger | undefined,
  record: TriggerRecord | undefined,
  note: string | null = null,
): AutoRefreshState {
  return {
    enabled: trigger !== undefined,
    minutes: trigger ? (record?.minutes ?? null) : null,
    mode,
    choices: intervalChoices(mode),
    triggerId: trigger?.getUniqueId() ?? null,
    owner: trigger ? myEmail() : null,
    ownedByMe: trigger !== undefined,
    note,
  };
}

const intervalLabel = (minutes: number): string =>
  minutes > 0
    ? (REFRESH_INTERVALS.find((i) => i.minutes === minutes)?.label ?? `${minutes} minutes`)
    : 'an interval set by an earlier version';

const who = (schedule: SharedSchedule): string => schedule.owner || 'another editor';

/** Another editor's live schedule, as this user sees it. */
function othersState(
  mode: DeploymentMode,
  schedule: SharedSchedule,
  note: string,
): AutoRefreshState {
  return {
    enabled: true,
    minutes: schedule.minutes > 0 ? schedule.minutes : null,
    mode,
    choices: intervalChoices(mode),
    triggerId: null,
    owner: schedule.owner,
    ownedByMe: false,
    note,
  };
}

function ownedByOther(schedule: SharedSchedule): string {
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
function lastRanText(schedule: SharedSchedule, lastSeen: number | null = null): string {
  const at = new Date(lastRunOf(schedule, lastSeen));
  try {
    const zone =
      SpreadsheetApp.getActive()?.getSpreadsheetTimeZone() ?? Session.getScriptTimeZone();
    return Utilities.formatDate(at, zone, 'MMM d, yyyy HH:mm z');
  } catch {
    return at.toISOString(); // no spreadsheet to take a zone from: UTC, said as such
  }
}

function stoppedNote(schedule: SharedSchedule): string {
  return (
    `Auto-refresh was set by ${who(schedule)} but has not run since ${lastRanText(schedule)}: ` +
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
function ownStoppedNote(shared: SharedSchedule, record: TriggerRecord | undefined): string | null {
  const lastSeen = Date.parse(record?.lastRunAt ?? '') || null;
  if (shared.minutes <= 0 || !isStale(shared, Date.now(), lastSeen, OWNER_MARGIN_MS)) return null;
  return (
    `Auto-refresh (every ${intervalLabel(shared.minutes)}) has not run since ` +
    `${lastRanText(shared, lastSeen)}. Google runs nothing and the add-in cannot log it when ` +
    `${whyNotRun('your')}. Use Refresh now to update the sheet, check the scheduled refresh ` +
    'time in Diagnostics, and if it is near the limit choose a longer interval.'
  );
}

function widenedNote(schedule: { widened?: Widened } | null | undefined): string | null {
  const w = schedule?.widened;
  if (!w) return null;
  return `On ${w.at} the add-in widened auto-refresh from every ${intervalLabel(w.from)} to every ${intervalLabel(w.to)}: ${w.why}`;
}

/** When the spreadsheet's schedule was last seen working: the last refresh of any kind counts. */
function lastRefreshAt(): number | null {
  const at = SpreadsheetApp.getActive()
    ?.getSheetByName(STATUS_SHEET)
    ?.getRange(1, 1, 3, 2)
    .getValues()
    .find((r) => String(r[0]).trim().toLowerCase() === 'last refresh')?.[1];
  const ms = at instanceof Date ? at.getTime() : Date.parse(String(at ?? ''));
  return Number.isFinite(ms) ? ms : null;
}

/** Whether another editor's schedule has stopped (its last refresh is read only when needed). */
function stopped(schedule: SharedSchedule, now: number): boolean {
  return isStale(schedule, now, null) && isStale(schedule, now, lastRefreshAt());
}

/**
 * The spreadsheet's schedule as this user sees it, after putting the shared record right: this
 * user's trigger is recorded as the schedule (adopting one made before the record existed), and a
 * record of this user's that has no trigger any more (deleted by hand) is cleared.
 */
function sharedView(
  mode: DeploymentMode,
  trigger: Trigger | undefined,
  record: TriggerRecord | undefined,
): AutoRefreshState {
  if (!hasSharedSchedule()) return stateOf(mode, trigger, record, widenedNote(record));
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
        shared ? ownStoppedNote(shared, record) : null,
        widenedNote(shared) ?? widenedNote(record),
      ].filter((n): n is string => n !== null);
      return stateOf(mode, trigger, record, notes.length > 0 ? notes.join(' ') : null);
    }
    // Superseded (another editor took over) or turned off: its next run removes it.
    return shared.off
      ? stateOf(mode, undefined, undefined, offNote(shared))
      : othersState(mode, shared, ownedByOther(shared));
  }
  if (!shared) return stateOf(mode, undefined, undefined);
  if (shared.off) return stateOf(mode, undefined, undefined, offNote(shared));
  if (mine) {
    clearSharedSchedule();
    return stateOf(
      mode,
      undefined,
      undefined,
      'Your auto-refresh trigger was removed outside the add-in (e.g. on the Apps Script triggers page): auto-refresh is off. Turn it on again here if you want it.',
    );
  }
  return othersState(
    mode,
    shared,
    stopped(shared, Date.now()) ? stoppedNote(shared) : ownedByOther(shared),
  );
}

function offNote(schedule: SharedSchedule): string {
  return `Auto-refresh was turned off by ${schedule.off?.by || 'another editor'} on ${schedule.off?.at ?? ''} because it had stopped running.`;
}

/**
 * Refuses to touch another editor's live schedule (null: this user may set or clear it).
 * A stopped one may be taken over.
 */
function othersLiveSchedule(
  shared: SharedSchedule | null = readSharedSchedule(),
): SharedSchedule | null {
  if (!shared || shared.off || shared.ownerKey === myUserKey()) return null;
  return stopped(shared, Date.now()) ? null : shared;
}

export function enableAutoRefresh(minutes: unknown): AutoRefreshState {
  const mode = deploymentMode();
  const choices = intervalChoices(mode);
  const wanted = Number(minutes);
  if (!choices.some((c) => c.minutes === wanted)) {
    const limit =
      mode === 'add-on' ? ' (installed as an add-on, Google allows at most hourly)' : '';
    throw new AppError(
      'input',
      `Auto-refresh can run every ${choices.map((c) => c.label).join(', ')}${limit}. Choose one of these.`,
    );
  }
  const spreadsheetId = activeSpreadsheetId();
  const other = othersLiveSchedule();
  if (other) throw new AppError('config', ownedByOther(other));
  const settings = new Execution('sidebar').settings();
  const owned = ownedTriggers(spreadsheetId, mode);
  const created = replaceTriggers(owned, wanted, mode);
  const record: TriggerRecord = { spreadsheetId, minutes: wanted, settings };
  writeTriggerRecord(created.getUniqueId(), record);
  owned.records.set(created.getUniqueId(), record);
  removeTriggerRecords(
    owned.records,
    owned.mine.map((t) => t.getUniqueId()),
  );
  const now = new Date().toISOString();
  writeSharedSchedule({ owner: myEmail(), ownerKey: myUserKey(), minutes: wanted, since: now });
  return stateOf(mode, created, record);
}

export function disableAutoRefresh(): AutoRefreshState {
  const mode = deploymentMode();
  const shared = readSharedSchedule();
  const other = othersLiveSchedule(shared);
  if (other) throw new AppError('config', ownedByOther(other));
  const owned = ownedTriggers(activeSpreadsheetId(), mode);
  for (const t of owned.mine) ScriptApp.deleteTrigger(t);
  removeTriggerRecords(
    owned.records,
    owned.mine.map((t) => t.getUniqueId()),
  );
  if (shared && !shared.off && shared.ownerKey !== myUserKey()) {
    // Another editor's stopped schedule: marked off, so its trigger (if it still exists
    // somewhere) removes itself at its next run instead of adopting the spreadsheet again.
    writeSharedSchedule({ ...shared, off: { by: myEmail(), at: new Date().toISOString() } });
  } else if (shared) {
    clearSharedSchedule();
  }
  return stateOf(mode, undefined, undefined);
}

export function getAutoRefresh(): AutoRefreshState {
  const mode = deploymentMode();
  const owned = ownedTriggers(activeSpreadsheetId(), mode);
  const trigger = owned.mine[0];
  return sharedView(mode, trigger, trigger && owned.records.get(trigger.getUniqueId()));
}

/** Saved settings reach this user's trigger of the spreadsheet (its run may have no document). */
export function copySettingsToTrigger(settings: Settings): void {
  const spreadsheetId = SpreadsheetApp.getActive()?.getId();
  for (const [id, record] of allTriggerRecords()) {
    if (record.spreadsheetId === spreadsheetId) writeTriggerRecord(id, { ...record, settings });
  }
}

/** What a scheduled run refreshes, and with which stores and settings. */
export interface ScheduledTarget {
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet;
  context: ExecutionContext;
}

/** A scheduled run that removed its own trigger, and why. */
export interface Removed {
  removed: string;
}

const UNREACHABLE = 'This trigger serves no spreadsheet it can open any more and was removed.';

/**
 * A scheduled run in its spreadsheet checks that the shared schedule is its own and notes that it
 * ran (other editors see it is alive); a trigger made before the record existed adopts it. One
 * the record no longer names removes itself.
 */
function claimScheduledRun(uid: string, record: TriggerRecord | null): Removed | null {
  if (!hasSharedSchedule()) return null;
  const shared = readSharedSchedule();
  const me = myUserKey();
  const now = new Date().toISOString();
  if (!shared) {
    const minutes = record?.minutes ?? 0;
    writeSharedSchedule({ owner: myEmail(), ownerKey: me, minutes, since: now, lastRunAt: now });
    return null;
  }
  if (!shared.off && shared.ownerKey === me) {
    writeSharedSchedule({ ...shared, lastRunAt: now });
    return null;
  }
  deleteTrigger(uid);
  removeTriggerRecords(allTriggerRecords(), [uid]);
  return {
    removed: shared.off
      ? `Auto-refresh of this spreadsheet was turned off by ${shared.off.by || 'another editor'}: this trigger removed itself.`
      : `Auto-refresh of this spreadsheet now runs as ${who(shared)}: this trigger removed itself so that the sheet is not refreshed twice.`,
  };
}

/** Runs in a row that could not open their spreadsheet before the trigger gives up. */
const OPEN_ATTEMPTS = 3;

function deleteTrigger(uid: string): void {
  for (const t of ScriptApp.getProjectTriggers()) {
    if (t.getUniqueId() === uid) ScriptApp.deleteTrigger(t);
  }
}

/**
 * The spreadsheet a time-driven run serves, from its event's `triggerUid`. With a document (a
 * bound script) that is the active one with its own stores. Without one (an add-on's trigger may
 * run so) it is opened by id and served from the trigger's record and the user's stores. A
 * trigger that names no spreadsheet can never work, nor one whose spreadsheet stays out of reach
 * (deleted, or no longer shared with the user): it is deleted with its record, the copy of the
 * key included ({removed}). So is one the spreadsheet's shared schedule no longer names (another
 * editor took the schedule over, or turned a stopped one off): a spreadsheet keeps one schedule.
 */
export function scheduledTarget(e?: { triggerUid?: unknown }): ScheduledTarget | Removed {
  const uid = e?.triggerUid == null ? null : String(e.triggerUid);
  const record = uid === null ? null : readTriggerRecord(uid);
  const active = SpreadsheetApp.getActive();
  if (active && (!record || record.spreadsheetId === active.getId())) {
    const superseded = uid === null ? null : claimScheduledRun(uid, record);
    return superseded ?? { spreadsheet: active, context: {} };
  }
  // Called without a trigger's event, it can only serve the active spreadsheet (a clear error).
  if (uid === null) return { spreadsheet: activeSpreadsheet(), context: {} };
  if (!record) {
    deleteTrigger(uid);
    return { removed: UNREACHABLE };
  }
  let spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet;
  try {
    spreadsheet = SpreadsheetApp.openById(record.spreadsheetId);
  } catch (e) {
    const failures = (record.openFailures ?? 0) + 1;
    if (failures < OPEN_ATTEMPTS) {
      writeTriggerRecord(uid, { ...record, openFailures: failures });
      throw e;
    }
    deleteTrigger(uid);
    removeTriggerRecords(allTriggerRecords(), [uid]);
    return { removed: UNREACHABLE };
  }
  // Noted for its owner's status (one small write): the document's shared schedule is out of
  // reach here. A run refused or out of trigger time never gets here, and so is not noted.
  const { openFailures: _reset, ...opened } = record;
  writeTriggerRecord(uid, { ...opened, lastRunAt: new Date().toISOString() });
  return {
    spreadsheet,
    context: { stores: triggerStores(record.spreadsheetId), settings: record.settings },
  };
}

/** Widened to the shortest interval that would have used at most this share. */
const WIDEN_TO = 0.5;

const minutesText = (ms: number) => `${Math.round(ms / 60_000)} min`;

/**
 * After a scheduled run: when this user's scheduled refreshes used 60% or more of the daily
 * trigger time (90 minutes on a consumer account) in the last 24 hours, the trigger is replaced by
 * one at the shortest interval of the list that would have used half of it at most (time spent
 * scales with runs a day), before Apps Script starts failing every run. The trigger record and
 * the shared schedule say what was done and why. Returns that sentence, or null.
 */
export function widenIfNearQuota(e?: { triggerUid?: unknown }): string | null {
  const uid = e?.triggerUid == null ? null : String(e.triggerUid);
  const record = uid === null ? null : readTriggerRecord(uid);
  if (uid === null || !record) return null;
  const { usedMs, limitMs } = triggerTimeUsed(Date.now());
  if (usedMs < WIDEN_AT * limitMs) return null;
  const choices = intervalChoices(deploymentMode()).filter((c) => c.minutes > record.minutes);
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
  let created: Trigger;
  try {
    created = createTrigger(to.minutes);
  } catch {
    return null; // the current trigger stays; the next run tries again
  }
  writeTriggerRecord(created.getUniqueId(), { ...record, minutes: to.minutes, widened });
  deleteTrigger(uid);
  removeTriggerRecords(allTriggerRecords(), [uid]);
  const shared = readSharedSchedule();
  if (shared && !shared.off && shared.ownerKey === myUserKey()) {
    writeSharedSchedule({ ...shared, minutes: to.minutes, widened });
  }
  return widenedNote({ widened });
}
