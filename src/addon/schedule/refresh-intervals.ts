// The auto-refresh intervals the menu and the sidebar offer: one list, filtered by what the build
// allows. Apps Script's clock triggers take everyMinutes(1, 5, 10, 15 or 30) and everyDays(n)
// (ClockTriggerBuilder reference; 24 hours is everyDays(1), not everyHours(24)); the reference
// lists no values for everyHours, and 1, 2, 4, 6, 8 and 12 are what the trigger editor's hour
// timer offers. An add-on may run a time-driven trigger at most hourly (installable triggers
// guide). A bound script stops at 15 minutes by choice: trigger runtime is capped at 90 minutes a
// day on consumer accounts, and a refresh can take a minute or more.

import type { DeploymentMode } from '../../core/deployment';

export interface RefreshInterval {
  minutes: number;
  /** As the sidebar's "Every …" list shows it. */
  label: string;
  /** As the menu item reads. */
  menuLabel: string;
}

const interval = (minutes: number, label: string, menuLabel: string): RefreshInterval => ({
  minutes,
  label,
  menuLabel,
});

export const REFRESH_INTERVALS: readonly RefreshInterval[] = [
  interval(15, '15 minutes', 'Every 15 minutes'),
  interval(30, '30 minutes', 'Every 30 minutes'),
  interval(60, '1 hour', 'Every hour'),
  interval(120, '2 hours', 'Every 2 hours'),
  interval(240, '4 hours', 'Every 4 hours'),
  interval(360, '6 hours', 'Every 6 hours'),
  interval(480, '8 hours', 'Every 8 hours'),
  interval(720, '12 hours', 'Every 12 hours'),
  interval(1440, '1 day', 'Every day'),
];

const SHORTEST_MINUTES: Record<DeploymentMode, number> = { 'add-on': 60, bound: 15 };

export function intervalChoices(mode: DeploymentMode): RefreshInterval[] {
  return REFRESH_INTERVALS.filter((i) => i.minutes >= SHORTEST_MINUTES[mode]);
}
