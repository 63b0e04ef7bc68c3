// How Apps Script's ClockTriggerBuilder expresses one of the add-in's refresh intervals:
// everyDays for whole days (24 hours is everyDays(1), not everyHours(24)), everyHours for whole
// hours, everyMinutes otherwise.

export type ClockSchedule = { unit: 'minutes' | 'hours' | 'days'; every: number };

export function clockSchedule(minutes: number): ClockSchedule {
  if (minutes % 1440 === 0) return { unit: 'days', every: minutes / 1440 };
  if (minutes % 60 === 0) return { unit: 'hours', every: minutes / 60 };
  return { unit: 'minutes', every: minutes };
}
