// The time-driven triggers of auto-refresh, over ScriptApp. getProjectTriggers() lists "all
// installable triggers associated with the current project and current user" (ScriptApp
// reference): in an editor add-on that spans every spreadsheet the user has it in, so callers
// keep their own records of which trigger serves which spreadsheet (trigger-records.ts).
// Clock triggers take everyMinutes(1, 5, 10, 15, 30) and everyDays(n) (ClockTriggerBuilder
// reference); for everyHours see schedule/refresh-intervals.ts.

import { clockSchedule } from '../core/clock-schedule';

/** The function every refresh trigger calls (a public function of src/surface.ts). */
export const TRIGGER_HANDLER = 'runScheduledRefresh';

export interface RefreshTrigger {
  readonly id: string;
  remove(): void;
}

function handle(trigger: GoogleAppsScript.Script.Trigger): RefreshTrigger {
  return { id: trigger.getUniqueId(), remove: () => ScriptApp.deleteTrigger(trigger) };
}

/** This user's refresh triggers of the project (one getProjectTriggers call). */
export function refreshTriggers(): RefreshTrigger[] {
  return ScriptApp.getProjectTriggers()
    .filter((t) => t.getHandlerFunction() === TRIGGER_HANDLER)
    .map(handle);
}

/** A new refresh trigger every `minutes` (an interval of REFRESH_INTERVALS). */
export function createRefreshTrigger(minutes: number): RefreshTrigger {
  const { unit, every } = clockSchedule(minutes);
  const builder = ScriptApp.newTrigger(TRIGGER_HANDLER).timeBased();
  const scheduled =
    unit === 'days'
      ? builder.everyDays(every)
      : unit === 'hours'
        ? builder.everyHours(every)
        : builder.everyMinutes(every);
  return handle(scheduled.create());
}

/** Removes this user's trigger with that unique id, if it still exists. */
export function removeTriggerById(id: string): void {
  for (const t of refreshTriggers()) if (t.id === id) t.remove();
}
