// What belongs to a Google account rather than to one script project. The quotas page counts
// "Triggers total runtime" per user across all of the user's scripts (90 min a day consumer),
// and "Simultaneous executions per user: 30" likewise (the latter is counted by the concurrent
// scheduler over whatever runs at once, concurrent/scheduler.ts). Each GasProject gets its own
// GoogleAccounts unless one is passed, so separate tests stay separate; pass one GoogleAccounts
// to every runtime of a test to have several projects (bound scripts of several spreadsheets,
// an add-on) share each account's trigger time, as on Google.

import { TriggerRuntimeQuota } from './trigger-runtime';

export class GoogleAccounts {
  /** Each user's trigger runtime of the last 24 hours, across every project given these accounts. */
  readonly triggerRuntime: TriggerRuntimeQuota;

  /** `triggerRuntimeMsPerDay`: 90 minutes (consumer, the default) or 6 hours (Workspace). */
  constructor(options: { triggerRuntimeMsPerDay?: number } = {}) {
    this.triggerRuntime = new TriggerRuntimeQuota(options.triggerRuntimeMsPerDay);
  }
}
