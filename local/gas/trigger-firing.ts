// Which time-driven triggers are due at a virtual instant, and the event object Apps Script
// hands their handlers (authMode, triggerUid and the time fields, in UTC).

import type { TriggerRecord, TriggerStore } from './script-app';
import { wallParts } from './time-zone';

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
