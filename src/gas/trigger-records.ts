// Which spreadsheet each of the user's refresh triggers serves, kept in user properties under the
// trigger's unique id: an add-on's time-driven trigger may run with no active spreadsheet and no
// document properties, and user properties are the store such a run can read (they are per user
// and per script project, never shared with other users). A record holds a copy of the
// spreadsheet's settings, key included and bound to its API host as saved, refreshed whenever
// this user saves the settings or re-enables auto-refresh there. Records are bounded: one per
// live trigger (Apps Script allows 20 triggers per user per script); stale ones are pruned.

import type { FailureStreak } from '../core/schedule-failures';
import { alertSettingsOf, type Settings } from '../core/settings';
import { sheetPrefix } from './stores';

export interface TriggerRecord {
  spreadsheetId: string;
  minutes: number;
  settings: Settings;
  /** Scheduled runs in a row that could not open the spreadsheet. */
  openFailures?: number;
  /**
   * ISO time of its last run that opened the spreadsheet by id (an add-on's run without a
   * document cannot note it in the spreadsheet's shared schedule; only its owner reads this).
   */
  lastRunAt?: string;
  /** The add-in widened the interval to stay within the daily trigger time (what it said). */
  widened?: Widened;
  /** ISO time the schedule was set (its next run is estimated from it until one is noted). */
  since?: string;
  /** The spreadsheet's name and address when last seen (Settings → Schedules lists them). */
  name?: string;
  url?: string;
  /** The last scheduled run that reached the refresh: when, and whether it worked. */
  lastRun?: { at: string; ok: boolean };
  /** Scheduled runs failing in a row (core/schedule-failures.ts); gone once one succeeds. */
  failing?: FailureStreak;
}

export interface Widened {
  from: number;
  to: number;
  /** ISO time. */
  at: string;
  why: string;
}

const PREFIX = 'CT_TRIGGER:';

function userProperties(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getUserProperties();
}

function parse(raw: string | null | undefined): TriggerRecord | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as TriggerRecord;
    return typeof v.spreadsheetId === 'string' && typeof v.minutes === 'number' && v.settings
      ? { ...v, settings: { ...v.settings, ...alertSettingsOf(v.settings) } }
      : null;
  } catch {
    return null;
  }
}

/** Every record of this user, by trigger id. One read. */
export function allTriggerRecords(): Map<string, TriggerRecord> {
  const out = new Map<string, TriggerRecord>();
  for (const [key, raw] of Object.entries(userProperties().getProperties())) {
    if (!key.startsWith(PREFIX)) continue;
    const record = parse(raw);
    if (record) out.set(key.slice(PREFIX.length), record);
  }
  return out;
}

export function readTriggerRecord(triggerId: string): TriggerRecord | null {
  return parse(userProperties().getProperty(PREFIX + triggerId));
}

export function writeTriggerRecord(triggerId: string, record: TriggerRecord): void {
  userProperties().setProperty(PREFIX + triggerId, JSON.stringify(record));
}

/**
 * Removes the records of the given triggers, and the per-spreadsheet state of scheduled runs
 * (lease, ledger, cursors) of spreadsheets no remaining record serves.
 */
export function removeTriggerRecords(
  records: Map<string, TriggerRecord>,
  triggerIds: string[],
): void {
  if (triggerIds.length === 0) return;
  const props = userProperties();
  const gone = new Set(triggerIds);
  const kept = new Set(
    [...records].filter(([id]) => !gone.has(id)).map(([, r]) => r.spreadsheetId),
  );
  const orphaned = triggerIds
    .map((id) => records.get(id)?.spreadsheetId)
    .filter((id): id is string => id !== undefined && !kept.has(id))
    .map(sheetPrefix);
  for (const key of props.getKeys()) {
    const ownRecord = key.startsWith(PREFIX) && gone.has(key.slice(PREFIX.length));
    if (ownRecord || orphaned.some((p) => key.startsWith(p))) props.deleteProperty(key);
  }
}
