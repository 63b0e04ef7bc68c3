// Daily quotas ("Service invoked too many times for one day: …"). Apps Script's quotas refresh
// 24 hours after they start counting, so this is a rolling 24-hour window on the virtual clock.

import { fail, MESSAGES } from './errors';

const DAY_MS = 24 * 60 * 60 * 1000;

export class DailyQuota {
  private stamps: number[] = [];
  private first = 0;

  constructor(
    private readonly service: string,
    public limit: number,
  ) {}

  /** Spends `n` units at virtual time `now`, or throws Apps Script's quota error. */
  spend(now: number, n = 1): void {
    while (this.first < this.stamps.length && (this.stamps[this.first] ?? 0) <= now - DAY_MS) {
      this.first += 1;
    }
    if (this.first > 1024) {
      this.stamps = this.stamps.slice(this.first);
      this.first = 0;
    }
    if (this.used() + n > this.limit) fail(MESSAGES.tooManyTimes(this.service));
    for (let i = 0; i < n; i += 1) this.stamps.push(now);
  }

  used(): number {
    return this.stamps.length - this.first;
  }
}
