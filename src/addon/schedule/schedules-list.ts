// Settings → Schedules (getSchedules, docs/reference.md#schedules-list): every spreadsheet whose
// refresh this user's triggers run, so nobody hunts for a forgotten trigger. Google shows a
// trigger to its owner only and getProjectTriggers() lists "all installable triggers associated
// with the current project and current user" (ScriptApp reference): in an add-on that spans the
// user's spreadsheets, in a bound script it is this one. Each trigger's record (trigger-records.ts)
// holds its spreadsheet, interval, last run and streak of failures; a spreadsheet's name and
// address are noted by its runs, and read once here when a record predates that.

import { AppError } from '../../core/errors';
import { permissionMessage } from '../../core/permissions';
import { PRODUCT_NAME } from '../../core/product';
import { streakText } from '../../core/schedule-failures';
import { grantFor } from '../../gas/authorization';
import {
  allTriggerRecords,
  removeTriggerRecords,
  writeTriggerRecord,
  type TriggerRecord,
} from '../../gas/trigger-records';
import { refreshTriggers } from '../../gas/triggers';

export type ScheduleState = 'waiting' | 'ok' | 'failing' | 'late' | 'unreachable';

export interface ScheduleEntry {
  spreadsheetId: string;
  name: string;
  url: string;
  minutes: number;
  /** ISO time of the last run that reached the refresh; null: none noted yet. */
  lastRun: string | null;
  /**
   * ISO time the next run is due, about (Google does not tell a trigger's next time: it is the
   * last run, or the start, plus whole intervals); null when neither is known.
   */
  nextRun: string | null;
  state: ScheduleState;
  /** What to know and do, in words; null when it runs as it should. */
  note: string | null;
  /** The spreadsheet this sidebar is open in. */
  current: boolean;
}

/** A schedule that has not run for two intervals and this long is late (runs may come late). */
const LATE_MARGIN_MS = 15 * 60_000;

const parsed = (iso: string | undefined) => (iso ? Date.parse(iso) || null : null);

function lastRunOf(record: TriggerRecord): number | null {
  return parsed(record.lastRun?.at) ?? parsed(record.lastRunAt);
}

function nextRunOf(record: TriggerRecord, now: number): number | null {
  const base = lastRunOf(record) ?? parsed(record.since);
  if (base === null) return null;
  const every = record.minutes * 60_000;
  return base + Math.max(1, Math.ceil((now - base) / every)) * every;
}

function stateOf(record: TriggerRecord, reachable: boolean, now: number) {
  const last = lastRunOf(record) ?? parsed(record.since);
  if (record.failing) return { state: 'failing' as const, note: streakText(record.failing) };
  if (!reachable || (record.openFailures ?? 0) > 0) {
    return {
      state: 'unreachable' as const,
      note:
        'Its last run could not open the spreadsheet (deleted, or no longer shared with you). ' +
        'After three such runs the trigger removes itself.',
    };
  }
  if (last !== null && now - last > 2 * record.minutes * 60_000 + LATE_MARGIN_MS) {
    return {
      state: 'late' as const,
      note:
        `Has not run for more than two intervals: your day's trigger time may be used up, or ` +
        'too many of your executions ran at once. Check Diagnostics in that spreadsheet.',
    };
  }
  if (!record.lastRun && !record.lastRunAt) return { state: 'waiting' as const, note: null };
  return { state: 'ok' as const, note: null };
}

/** The name and address of a spreadsheet a record does not name yet (one open, then noted). */
function whereIs(
  id: string,
  active: GoogleAppsScript.Spreadsheet.Spreadsheet | null,
): { name: string; url: string } | null {
  try {
    const ss = active && active.getId() === id ? active : SpreadsheetApp.openById(id);
    return { name: ss.getName(), url: ss.getUrl() };
  } catch {
    return null;
  }
}

export function getSchedules(): ScheduleEntry[] {
  const grant = grantFor('auto-refresh');
  if (grant.missing.length > 0) {
    throw new AppError('permission', permissionMessage('auto-refresh', grant, PRODUCT_NAME));
  }
  const now = Date.now();
  const active = SpreadsheetApp.getActive();
  const activeId = active?.getId() ?? null;
  const triggers = refreshTriggers();
  const records = allTriggerRecords();
  const live = new Set(triggers.map((t) => t.id));
  removeTriggerRecords(
    records,
    [...records.keys()].filter((id) => !live.has(id)),
  );
  const entries: ScheduleEntry[] = [];
  for (const trigger of triggers) {
    const record = records.get(trigger.id);
    // A bound script's trigger made by an earlier version has no record: it is this spreadsheet's.
    if (!record) continue;
    let known = record.name !== undefined && record.url !== undefined;
    let where = known
      ? { name: record.name!, url: record.url! }
      : whereIs(record.spreadsheetId, active);
    if (!known && where) {
      writeTriggerRecord(trigger.id, { ...record, ...where });
      known = true;
    }
    where ??= { name: '(cannot be opened)', url: '' };
    const next = nextRunOf(record, now);
    const last = lastRunOf(record);
    entries.push({
      spreadsheetId: record.spreadsheetId,
      name: where.name,
      url: where.url,
      minutes: record.minutes,
      lastRun: last === null ? null : new Date(last).toISOString(),
      nextRun: next === null ? null : new Date(next).toISOString(),
      ...stateOf(record, known, now),
      current: record.spreadsheetId === activeId,
    });
  }
  return entries.sort(
    (a, b) => Number(b.current) - Number(a.current) || a.name.localeCompare(b.name),
  );
}
