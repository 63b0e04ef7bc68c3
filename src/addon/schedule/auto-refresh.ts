// Auto-refresh: one time-driven trigger per spreadsheet and user refreshes that spreadsheet's
// Tracking sheet (enableAutoRefresh / disableAutoRefresh / getAutoRefresh). The records of which
// trigger serves which spreadsheet live in user properties, not in document properties: triggers
// are per user, document properties are shared by every editor, and a trigger run may have no
// document at all. The pieces: refresh-triggers.ts (this spreadsheet's triggers),
// schedule-view.ts (the schedule as this editor sees it), schedule-wording.ts (what it says),
// scheduled-run.ts (what a run refreshes), widening.ts (near the daily trigger time).

import { AppError } from '../../core/errors';
import { DEPLOYMENT } from '../../core/deployment';
import type { Settings } from '../../core/settings';
import { Execution } from '../../execution/execution';
import {
  clearSharedSchedule,
  myEmail,
  myUserKey,
  readSharedSchedule,
  writeSharedSchedule,
} from '../../gas/shared-schedule';
import {
  allTriggerRecords,
  removeTriggerRecords,
  writeTriggerRecord,
  type TriggerRecord,
} from '../../gas/trigger-records';
import { intervalChoices } from './refresh-intervals';
import { ownedTriggers, replaceTriggers } from './refresh-triggers';
import type { RefreshTrigger } from '../../gas/triggers';
import { markScheduleMine, markScheduleOff } from './schedule-marker';
import { othersLiveSchedule, sharedView, stateOf, type AutoRefreshState } from './schedule-view';
import { ownedByOther } from './schedule-wording';
import { grantFor, requirePermission } from '../../gas/authorization';
import { permissionMessage } from '../../core/permissions';
import { PRODUCT_NAME } from '../../core/product';

export type { AutoRefreshState } from './schedule-view';

export function activeSpreadsheetId(): string {
  const ss = SpreadsheetApp.getActive();
  if (!ss) {
    throw new AppError(
      'config',
      `Auto-refresh is set in the spreadsheet it refreshes: open it and use Extensions → ${PRODUCT_NAME} → Auto-refresh.`,
    );
  }
  return ss.getId();
}

/** The active spreadsheet's name and address, for Settings → Schedules. */
function spreadsheetPlace(): { name: string; url: string } {
  const ss = SpreadsheetApp.getActive();
  return { name: ss.getName(), url: ss.getUrl() };
}

export function enableAutoRefresh(minutes: unknown): AutoRefreshState {
  requirePermission('auto-refresh');
  const choices = intervalChoices(DEPLOYMENT);
  const wanted = Number(minutes);
  if (!choices.some((c) => c.minutes === wanted)) {
    const limit =
      DEPLOYMENT === 'add-on' ? ' (installed as an add-on, Google allows at most hourly)' : '';
    throw new AppError(
      'input',
      `Auto-refresh can run every ${choices.map((c) => c.label).join(', ')}${limit}. Choose one of these.`,
    );
  }
  const spreadsheetId = activeSpreadsheetId();
  const other = othersLiveSchedule();
  if (other) throw new AppError('config', ownedByOther(other));
  const { created, record } = installSchedule(spreadsheetId, wanted);
  return stateOf(created, record);
}

/**
 * Makes the spreadsheet's schedule this user's, every `minutes`: one trigger (replacing this
 * user's earlier ones), its record with a copy of the settings, and the shared record every
 * editor reads (any earlier owner's trigger sees it at its next run and removes itself).
 */
export function installSchedule(
  spreadsheetId: string,
  minutes: number,
): { created: RefreshTrigger; record: TriggerRecord } {
  const settings = new Execution('sidebar').settings();
  const owned = ownedTriggers(spreadsheetId);
  const created = replaceTriggers(owned, minutes);
  const now = new Date().toISOString();
  const record: TriggerRecord = {
    spreadsheetId,
    minutes,
    settings,
    since: now,
    ...spreadsheetPlace(),
  };
  writeTriggerRecord(created.id, record);
  owned.records.set(created.id, record);
  removeTriggerRecords(
    owned.records,
    owned.mine.map((t) => t.id),
  );
  writeSharedSchedule({ owner: myEmail(), ownerKey: myUserKey(), minutes, since: now });
  markScheduleMine(SpreadsheetApp.getActive());
  return { created, record };
}

export function disableAutoRefresh(): AutoRefreshState {
  requirePermission('auto-refresh');
  const shared = readSharedSchedule();
  const other = othersLiveSchedule(shared);
  if (other) throw new AppError('config', ownedByOther(other));
  const owned = ownedTriggers(activeSpreadsheetId());
  for (const t of owned.mine) t.remove();
  removeTriggerRecords(
    owned.records,
    owned.mine.map((t) => t.id),
  );
  if (shared && !shared.off && shared.ownerKey !== myUserKey()) {
    // Another editor's stopped schedule: marked off, so its trigger (if it still exists
    // somewhere) removes itself at its next run instead of adopting the spreadsheet again.
    writeSharedSchedule({ ...shared, off: { by: myEmail(), at: new Date().toISOString() } });
    markScheduleOff(SpreadsheetApp.getActive(), 'off');
  } else if (shared) {
    clearSharedSchedule();
    markScheduleOff(SpreadsheetApp.getActive(), 'cleared');
  }
  return stateOf(undefined, undefined);
}

export function getAutoRefresh(): AutoRefreshState {
  // Without the permission Google refuses every trigger call: say so rather than guess a state
  // (and never clear the shared schedule for want of seeing its trigger).
  const grant = grantFor('auto-refresh');
  if (grant.missing.length > 0) {
    return stateOf(undefined, undefined, permissionMessage('auto-refresh', grant, PRODUCT_NAME));
  }
  const owned = ownedTriggers(activeSpreadsheetId());
  const trigger = owned.mine[0];
  return sharedView(trigger, trigger && owned.records.get(trigger.id));
}

/** Saved settings reach this user's trigger of the spreadsheet (its run may have no document). */
export function copySettingsToTrigger(settings: Settings): void {
  const spreadsheetId = SpreadsheetApp.getActive()?.getId();
  for (const [id, record] of allTriggerRecords()) {
    if (record.spreadsheetId === spreadsheetId) writeTriggerRecord(id, { ...record, settings });
  }
}
