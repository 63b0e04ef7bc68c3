// This spreadsheet's refresh triggers among the user's: an editor add-on is one script project
// for all of a user's spreadsheets, and the project's triggers list all of them, so a
// spreadsheet owns only the triggers its records name (trigger-records.ts: trigger id →
// spreadsheet id). Changing the schedule here never touches another spreadsheet's trigger.

import { AppError } from '../../core/errors';
import { DEPLOYMENT } from '../../core/deployment';
import {
  allTriggerRecords,
  removeTriggerRecords,
  writeTriggerRecord,
  type TriggerRecord,
} from '../../gas/trigger-records';
import { createRefreshTrigger, refreshTriggers, type RefreshTrigger } from '../../gas/triggers';

export interface Owned {
  /** This user's refresh triggers of this spreadsheet. */
  mine: RefreshTrigger[];
  /** This user's records of live triggers (stale ones are already removed). */
  records: Map<string, TriggerRecord>;
}

export function ownedTriggers(spreadsheetId: string): Owned {
  const refreshers = refreshTriggers();
  const records = allTriggerRecords();
  const live = new Set(refreshers.map((t) => t.id));
  const stale = [...records.keys()].filter((id) => !live.has(id));
  removeTriggerRecords(records, stale);
  for (const id of stale) records.delete(id);
  // A bound script's project serves one spreadsheet: a trigger without a record is its own
  // (made by an earlier version). In an add-on such a trigger cannot be placed; it removes
  // itself when it fires with no document (scheduledTarget).
  const mine = refreshers.filter((t) => {
    const record = records.get(t.id);
    return record ? record.spreadsheetId === spreadsheetId : DEPLOYMENT === 'bound';
  });
  return { mine, records };
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
export function replaceTriggers(owned: Owned, minutes: number): RefreshTrigger {
  if (DEPLOYMENT === 'bound') {
    let created: RefreshTrigger;
    try {
      created = createRefreshTrigger(minutes);
    } catch (e) {
      throw changeFailed(e, owned.mine.length > 0);
    }
    for (const t of owned.mine) t.remove();
    return created;
  }
  const previous = owned.mine.map((t) => owned.records.get(t.id)).find((r) => r !== undefined);
  for (const t of owned.mine) t.remove();
  try {
    return createRefreshTrigger(minutes);
  } catch (e) {
    if (previous) {
      const restored = createRefreshTrigger(previous.minutes);
      writeTriggerRecord(restored.id, previous);
      owned.records.set(restored.id, previous);
      removeTriggerRecords(
        owned.records,
        owned.mine.map((t) => t.id),
      );
    }
    throw changeFailed(e, previous !== undefined);
  }
}
