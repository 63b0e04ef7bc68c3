// The add-in's own trigger run time, per user. Apps Script caps time-driven runs at 90 minutes a
// day on consumer accounts (6 hours on Workspace), per user, across all of that user's scripts,
// and reports none of it to a script: past the cap every run fails with "Service using too much
// computer time for one day". So each scheduled run adds its duration to an hourly ledger in the
// user's properties (the quota is the user's, whichever spreadsheet ran), and the sum of the last
// 24 hours is what Diagnostics shows and what auto-refresh widens its interval on. Bounded: only
// the last 48 hourly buckets are kept (one small value).

const KEY = 'CT_TRIGGER_TIME';
const HOUR = 60 * 60_000;
const KEEP_HOURS = 48;

/** The cap assumed: the consumer one (a Workspace account has 6 hours; the add-in cannot tell). */
export const TRIGGER_TIME_PER_DAY_MS = 90 * 60_000;

/** Auto-refresh widens its interval once the last 24 hours used this share of the cap. */
export const WIDEN_AT = 0.6;

/** Hour (epoch hours) → milliseconds of scheduled runs that started in it. */
type Ledger = Record<string, number>;

function props(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getUserProperties();
}

function read(): Ledger {
  try {
    const v = JSON.parse(props().getProperty(KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Ledger) : {};
  } catch {
    return {};
  }
}

function recent(ledger: Ledger, now: number, hours: number): Array<[string, number]> {
  const from = Math.floor(now / HOUR) - hours + 1;
  return Object.entries(ledger).filter(([h, ms]) => Number(h) >= from && typeof ms === 'number');
}

/** Adds one scheduled run's duration; drops buckets older than two days. */
export function recordTriggerTime(startedAt: number, ms: number): void {
  const ledger = Object.fromEntries(recent(read(), startedAt, KEEP_HOURS));
  const hour = String(Math.floor(startedAt / HOUR));
  ledger[hour] = (ledger[hour] ?? 0) + Math.max(0, Math.round(ms));
  props().setProperty(KEY, JSON.stringify(ledger));
}

export interface TriggerTimeUse {
  /** Trigger time of this user's scheduled refreshes in the last 24 hours. */
  usedMs: number;
  /** The daily cap assumed (TRIGGER_TIME_PER_DAY_MS). */
  limitMs: number;
}

/** This user's scheduled refresh time over the last 24 hours. */
export function triggerTimeUsed(now: number): TriggerTimeUse {
  const usedMs = recent(read(), now, 24).reduce((sum, [, ms]) => sum + ms, 0);
  return { usedMs, limitMs: TRIGGER_TIME_PER_DAY_MS };
}
