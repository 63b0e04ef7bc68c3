// Trigger runtime a day, per user: "Triggers total runtime: 90 min / day" on consumer accounts and
// 6 hr / day on Google Workspace (Apps Script quotas page), counted across all of the user's
// scripts. Past it a time-driven run fails at once with "Service using too much computer time for
// one day" (the quotas page's "Exception messages": "the script exceeded the total allowable
// execution time for one day. It most commonly occurs for scripts that run on a trigger"; the
// failure summaries Apps Script mails, quoted in btoews/OctoGAS#16 and webdigi/GmailScheduler#31,
// give it without the page's final period and show start and end at the same minute). Like DailyQuota, the day is a
// rolling 24 hours on the virtual clock. A run that crosses the limit is stopped there.

const DAY_MS = 24 * 60 * 60 * 1000;

export const TOO_MUCH_COMPUTER_TIME = 'Service using too much computer time for one day';

export const TRIGGER_RUNTIME_PER_DAY = {
  consumer: 90 * 60_000,
  workspace: 6 * 60 * 60_000,
} as const;

interface Spent {
  at: number;
  ms: number;
}

export class TriggerRuntimeQuota {
  private readonly spent = new Map<string, Spent[]>();

  constructor(public limitMs: number = TRIGGER_RUNTIME_PER_DAY.consumer) {}

  #recent(user: string, now: number): Spent[] {
    const kept = (this.spent.get(user) ?? []).filter((s) => s.at > now - DAY_MS);
    this.spent.set(user, kept);
    return kept;
  }

  /** Trigger time the user spent in the 24 hours before `now`. */
  usedMs(user: string, now: number): number {
    return this.#recent(user, now).reduce((sum, s) => sum + s.ms, 0);
  }

  remainingMs(user: string, now: number): number {
    return Math.max(0, this.limitMs - this.usedMs(user, now));
  }

  /** Counts a trigger run that started at `at` and ran `ms`. */
  spend(user: string, at: number, ms: number): void {
    if (ms > 0) this.#recent(user, at).push({ at, ms });
  }
}
