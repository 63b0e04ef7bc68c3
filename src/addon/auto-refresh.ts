// Auto-refresh: one time-driven trigger per spreadsheet and user refreshes that spreadsheet's
// Tracking sheet. An editor add-on is one script project for all of a user's spreadsheets, and
// ScriptApp.getProjectTriggers() lists the user's triggers of all of them, so a spreadsheet owns
// only the triggers its records name (trigger-records.ts: trigger id → spreadsheet id), and
// enabling or disabling here never touches another spreadsheet's trigger. The records live in
// user properties, not in document properties: triggers are per user, document properties are
// shared by every editor, and a trigger run may have no document at all.

import { AppError } from '../core/errors';
import type { Settings } from '../core/settings';
import { Execution, type ExecutionContext } from '../gas/execution';
import { activeSpreadsheet, triggerStores } from '../gas/services';
import {
  allTriggerRecords,
  readTriggerRecord,
  removeTriggerRecords,
  writeTriggerRecord,
  type TriggerRecord,
} from '../gas/trigger-records';
import {
  clockSchedule,
  intervalChoices,
  type DeploymentMode,
  type RefreshInterval,
} from './refresh-intervals';

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
}

/** A script that is not running as an add-on is a bound script (InstallationSource reference). */
export function deploymentMode(): DeploymentMode {
  const source = String(ScriptApp.getInstallationSource());
  return source === String(ScriptApp.InstallationSource.NONE) ? 'bound' : 'add-on';
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
): AutoRefreshState {
  return {
    enabled: trigger !== undefined,
    minutes: trigger ? (record?.minutes ?? null) : null,
    mode,
    choices: intervalChoices(mode),
    triggerId: trigger?.getUniqueId() ?? null,
  };
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
  return stateOf(mode, created, record);
}

export function disableAutoRefresh(): AutoRefreshState {
  const mode = deploymentMode();
  const owned = ownedTriggers(activeSpreadsheetId(), mode);
  for (const t of owned.mine) ScriptApp.deleteTrigger(t);
  removeTriggerRecords(
    owned.records,
    owned.mine.map((t) => t.getUniqueId()),
  );
  return stateOf(mode, undefined, undefined);
}

export function getAutoRefresh(): AutoRefreshState {
  const mode = deploymentMode();
  const owned = ownedTriggers(activeSpreadsheetId(), mode);
  const trigger = owned.mine[0];
  return stateOf(mode, trigger, trigger && owned.records.get(trigger.getUniqueId()));
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
 * key included (null).
 */
export function scheduledTarget(e?: { triggerUid?: unknown }): ScheduledTarget | null {
  const uid = e?.triggerUid == null ? null : String(e.triggerUid);
  const record = uid === null ? null : readTriggerRecord(uid);
  const active = SpreadsheetApp.getActive();
  if (active && (!record || record.spreadsheetId === active.getId())) {
    return { spreadsheet: active, context: {} };
  }
  // Called without a trigger's event, it can only serve the active spreadsheet (a clear error).
  if (uid === null) return { spreadsheet: activeSpreadsheet(), context: {} };
  if (!record) {
    deleteTrigger(uid);
    return null;
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
    return null;
  }
  if (record.openFailures) writeTriggerRecord(uid, { ...record, openFailures: 0 });
  return {
    spreadsheet,
    context: { stores: triggerStores(record.spreadsheetId), settings: record.settings },
  };
}
