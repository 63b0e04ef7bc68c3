// What a time-driven run refreshes. A superseded or turned-off trigger removes itself at its next
// run, so a spreadsheet never keeps two schedules; one that can never reach its spreadsheet
// removes itself with its record (the copy of the key included).

import type { ExecutionContext } from '../../execution/execution';
import {
  hasSharedSchedule,
  myEmail,
  myUserKey,
  readSharedSchedule,
  writeSharedSchedule,
} from '../../gas/shared-schedule';
import { activeSpreadsheet, userStoresOf } from '../../gas/stores';
import {
  allTriggerRecords,
  readTriggerRecord,
  removeTriggerRecords,
  writeTriggerRecord,
  type TriggerRecord,
} from '../../gas/trigger-records';
import { removeTriggerById } from '../../gas/triggers';
import { who } from './schedule-wording';
import { scheduleIsNotMine } from './schedule-marker';

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
const SUPERSEDED =
  'Auto-refresh of this spreadsheet now runs as another editor, or was turned off: this trigger removed itself so that the sheet is not refreshed twice.';

/** Runs in a row that could not open their spreadsheet before the trigger gives up. */
const OPEN_ATTEMPTS = 3;

function removeTrigger(uid: string): void {
  removeTriggerById(uid);
  removeTriggerRecords(allTriggerRecords(), [uid]);
}

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
  removeTrigger(uid);
  return {
    removed: shared.off
      ? `Auto-refresh of this spreadsheet was turned off by ${shared.off.by || 'another editor'}: this trigger removed itself.`
      : `Auto-refresh of this spreadsheet now runs as ${who(shared)}: this trigger removed itself so that the sheet is not refreshed twice.`,
  };
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
    removeTriggerById(uid);
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
    removeTrigger(uid);
    return { removed: UNREACHABLE };
  }
  // Another editor took the schedule over, or turned it off: the shared schedule is out of reach
  // here, its marker in the spreadsheet is not (schedule-marker.ts).
  if (scheduleIsNotMine(spreadsheet)) {
    removeTrigger(uid);
    return { removed: SUPERSEDED };
  }
  // Noted for its owner's status (one small write): the document's shared schedule is out of
  // reach here. A run refused or out of trigger time never gets here, and so is not noted.
  const { openFailures: _reset, ...opened } = record;
  writeTriggerRecord(uid, { ...opened, lastRunAt: new Date().toISOString() });
  return {
    spreadsheet,
    context: {
      stores: userStoresOf(record.spreadsheetId, spreadsheet),
      settings: record.settings,
    },
  };
}
