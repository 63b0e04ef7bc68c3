// Which time-driven triggers are due at a virtual instant, and the event objects Apps Script
// hands triggers: a time-driven one's (authMode, triggerUid and the time fields, in UTC) and what
// every simple trigger's holds.

import type { AcrossJob } from './concurrent/scheduler';
import type { RuntimeHost } from './runtime-host';
import type { TriggerRecord, TriggerStore } from './script-app';
import { wallParts } from './time-zone';
import type { AuthModeName } from './policy';
import type { SpreadsheetModel } from './spreadsheet/model';
import { FakeSpreadsheet } from './spreadsheet/spreadsheet';

export interface TriggerFiring {
  triggerId: string;
  handlerFunction: string;
  ok: boolean;
  error?: string;
}

/** Due triggers, oldest first, already rescheduled (repeating) or removed (one-shot). */
export function takeDueTriggers(store: TriggerStore, now: number): TriggerRecord[] {
  const due = store.triggers
    .filter((t) => t.nextRunAt <= now)
    .sort((a, b) => a.nextRunAt - b.nextRunAt);
  for (const trigger of due) {
    // Missed runs collapse into one, as a trigger that could not run does not queue up.
    if (trigger.everyMs) {
      while (trigger.nextRunAt <= now) trigger.nextRunAt += trigger.everyMs;
    } else {
      store.triggers = store.triggers.filter((t) => t !== trigger);
    }
  }
  return due;
}

/**
 * What every simple trigger's event holds (event-objects guide): its AuthMode, the spreadsheet as
 * `source`, and `user` (left out: it depends "on a complex set of security restrictions").
 */
export function simpleTriggerEvent(
  model: SpreadsheetModel,
  authMode: AuthModeName,
): Record<string, unknown> {
  return { authMode, source: new FakeSpreadsheet(model), user: undefined };
}

export function clockTriggerEvent(trigger: TriggerRecord, now: number): Record<string, unknown> {
  const w = wallParts(now, 'UTC');
  return {
    authMode: 'FULL',
    triggerUid: trigger.uniqueId,
    year: w.year,
    month: w.month,
    'day-of-month': w.day,
    'day-of-week': w.weekday === 0 ? 7 : w.weekday,
    hour: w.hour,
    minute: w.minute,
    second: w.second,
    timezone: 'UTC',
  };
}

/**
 * The time-driven triggers due now in the projects of `runtimes`, as jobs for
 * runConcurrentlyAcross: each a 'trigger' execution as the account that created it (with that
 * account's grants and quotas), in the runtime of the spreadsheet that created it when it is
 * among `runtimes` (else the first runtime of its project: an add-on's trigger needs no active
 * spreadsheet). Taken as fireDueTriggers takes them: repeating ones rescheduled, one-shots gone.
 */
export function dueTriggerJobsAcross(runtimes: readonly RuntimeHost[]): AcrossJob[] {
  const now = runtimes[0]?.clock.now() ?? 0;
  const projects = [...new Set(runtimes.map((rt) => rt.project))];
  return projects.flatMap((project) => {
    const ofProject = runtimes.filter((rt) => rt.project === project);
    return takeDueTriggers(project.triggers, now).map((trigger) => ({
      runtime: ofProject.find((rt) => rt.spreadsheet.id === trigger.documentId) ?? ofProject[0]!,
      fn: trigger.handlerFunction,
      args: [clockTriggerEvent(trigger, now)],
      kind: 'trigger' as const,
      user: trigger.owner,
    }));
  });
}
