// The Tracking sheet's `Attention`: what needs doing about a row, in words, most urgent first
// (`LFD passed 3 days ago; on hold: customs`), blank when nothing is due. Whether an LFD is
// "today" is judged on the facility's own calendar at the time of the refresh: a Rotterdam LFD
// has passed once the day is over in Rotterdam, whatever zone the spreadsheet is in. The sheet's
// colours are rules on this text (addon/tracking-sheet/tracking-format.ts), so colour and words always agree.

import { isUnreadable } from './attribute-values';
import { boxOf, type Box } from './box';
import { feesMoneyText } from './derived';
import type { ContainerAttributes } from './model';
import type { ContainerMoney } from './money';
import { calendarDayIn, dayOfSerial, dayText, sheetSerialOfDay } from './timezone';
import type { ErrorKind } from './errors';

/** How many days ahead an LFD is announced (`LFD in 2 days`), matching the amber colour. */
export const LFD_WARN_DAYS = 2;

/** Days from the facility's today to its LFD (negative once passed), or null without an LFD. */
export function daysToLfd(a: ContainerAttributes, now: number): number | null {
  return boxOf({ attributes: a }, undefined, now).lfd?.daysLeft ?? null;
}

export function lfdReason(days: number): string | null {
  if (days < -1) return `LFD passed ${-days} days ago`;
  if (days === -1) return 'LFD passed 1 day ago';
  if (days === 0) return 'LFD today';
  if (days === 1) return 'LFD tomorrow';
  if (days <= LFD_WARN_DAYS) return `LFD in ${days} days`;
  return null;
}

const HOUR_MS = 3_600_000;
/** Terminal data older than this is said to be old: the service checks a terminal several times a day. */
export const TERMINAL_STALE_MS = 24 * HOUR_MS;
/**
 * From this age an LFD is `(unconfirmed)`: the service's own tooling stops deriving urgency from
 * terminal data last checked more than 7 days ago (Terminal49/API, packages/mcp/src/lib/
 * demurrage.ts, STALE_THRESHOLD_MS). We still warn, since demurrage runs either way.
 */
export const TERMINAL_UNTRUSTED_MS = 7 * 24 * HOUR_MS;

/**
 * How long ago the service last checked the terminal about a box that is at it (ms), or null
 * when that is unknown or the box is not at the terminal (afloat, or gone): core/box.ts.
 */
export function terminalCheckAge(a: ContainerAttributes, now: number): number | null {
  return boxOf({ attributes: a }, undefined, now).terminalCheckAge;
}

/** `terminal not checked for 30 hours` / `… for 3 days`, once the data is over 24 hours old. */
export function staleTerminalReason(ageMs: number | null): string | null {
  if (ageMs == null || ageMs <= TERMINAL_STALE_MS) return null;
  const hours = Math.floor(ageMs / HOUR_MS);
  return hours < 48
    ? `terminal not checked for ${hours} hours`
    : `terminal not checked for ${Math.floor(hours / 24)} days`;
}

/** An LFD read from terminal data a week old or more may have moved: said, not hidden. */
function lfdWording(days: number, ageMs: number | null): string | null {
  const reason = lfdReason(days);
  return reason && ageMs != null && ageMs > TERMINAL_UNTRUSTED_MS
    ? `${reason} (unconfirmed)`
    : reason;
}

/** The reasons for one box, most urgent first; none once it has left the terminal. */
export function boxReasons(box: Box): string[] {
  if (!box.waiting) return [];
  const reasons: string[] = [];
  const age = box.terminalCheckAge;
  const lfd = box.lfd ? lfdWording(box.lfd.daysLeft, age) : null;
  if (lfd) reasons.push(lfd);
  const holds = box.activeHolds;
  if (!isUnreadable(holds) && holds.length > 0) reasons.push(`on hold: ${holds.join(', ')}`);
  if (box.ready === true) reasons.push('ready for pickup');
  const stale = staleTerminalReason(age);
  if (stale) reasons.push(stale);
  return reasons;
}

/**
 * A BOL/booking row: its most urgent LFD among the boxes still at the terminal, every hold
 * among them, and `ready for pickup` when all of them are.
 */
export function shipmentBoxReasons(boxes: readonly Box[]): string[] {
  const waiting = boxes.filter((b) => b.waiting);
  if (waiting.length === 0) return [];
  const reasons: string[] = [];
  let first: { days: number; age: number | null } | null = null;
  for (const b of waiting) {
    if (b.lfd && (!first || b.lfd.daysLeft < first.days))
      first = { days: b.lfd.daysLeft, age: b.terminalCheckAge };
  }
  const lfd = first ? lfdWording(first.days, first.age) : null;
  if (lfd) reasons.push(lfd);
  const holds = new Set<string>();
  for (const b of waiting) {
    if (!isUnreadable(b.activeHolds)) b.activeHolds.forEach((n) => holds.add(n));
  }
  if (holds.size > 0) reasons.push(`on hold: ${[...holds].join(', ')}`);
  if (waiting.every((b) => b.ready === true)) reasons.push('ready for pickup');
  const ages = waiting.map((b) => b.terminalCheckAge).filter((x): x is number => x != null);
  const stale = staleTerminalReason(ages.length > 0 ? Math.max(...ages) : null);
  if (stale) reasons.push(stale);
  return reasons;
}

/** containerReasons of a container's attributes alone (no shipment): boxReasons of its reading. */
export function containerReasons(a: ContainerAttributes, now: number): string[] {
  return boxReasons(boxOf({ attributes: a }, undefined, now));
}

export function shipmentReasons(containers: readonly ContainerAttributes[], now: number): string[] {
  return shipmentBoxReasons(containers.map((a) => boxOf({ attributes: a }, undefined, now)));
}

/** How many days ahead Return By is announced (`return empty by …`), like the LFD. */
export const RETURN_WARN_DAYS = LFD_WARN_DAYS;

/** The Return By of a box out with its empty not back, and days from its facility's today. */
export interface ReturnDue {
  /** Return By as a sheet serial (the facility's calendar day). */
  day: number;
  /** The zone of the facility the box went out of, whose calendar counts. */
  zone: string;
  /** Negative once late. */
  daysLeft: number;
  /** What one more day costs, in the detention rule's currency. */
  perDay: { amount: number; currency: string };
}

/**
 * Detention as a deadline (docs/reference.md, "Return By"): known once the box is out, its
 * empty not back and a detention rule gives its free days; null otherwise.
 */
export function returnDue(box: Box, money: ContainerMoney): ReturnDue | null {
  const out = box.money.fullOut;
  const detention = money.detention;
  if (!out || typeof money.returnBy !== 'number') return null;
  if (detention.state !== 'charge' || detention.charge.final) return null;
  const today = sheetSerialOfDay(calendarDayIn(box.now, out.zone));
  return {
    day: money.returnBy,
    zone: out.zone,
    daysLeft: money.returnBy - today,
    perDay: { amount: detention.charge.tomorrow, currency: detention.charge.currency },
  };
}

/**
 * `return empty by 2026-11-30 (in 2 days)` from 2 days before Return By; `return empty: 3 days
 * late (USD 175.00 a day)` once it has passed.
 */
export function returnReason(due: ReturnDue | null): string | null {
  if (!due || due.daysLeft > RETURN_WARN_DAYS) return null;
  const d = due.daysLeft;
  if (d < 0) {
    const rate = feesMoneyText(new Map([[due.perDay.currency, due.perDay.amount]]));
    const late = `return empty: ${-d} day${d === -1 ? '' : 's'} late`;
    return rate ? `${late} (${rate} a day)` : late;
  }
  const when = d === 0 ? 'today' : d === 1 ? 'tomorrow' : `in ${d} days`;
  return `return empty by ${dayText(dayOfSerial(due.day))} (${when})`;
}

/** The most urgent Return By among a BOL's boxes. */
export function earliestReturn(dues: readonly (ReturnDue | null)[]): ReturnDue | null {
  let first: ReturnDue | null = null;
  for (const due of dues) if (due && (!first || due.daysLeft < first.daysLeft)) first = due;
  return first;
}

/**
 * Attention of a row whose shipment's tracking stopped (by its user or by the service): its boxes
 * still at the terminal keep their warnings, since demurrage does not stop with tracking.
 */
export function attentionWhenStopped(reasons: readonly string[]): string {
  return reasons.length > 0 ? `${attentionText(reasons)} (tracking stopped)` : '';
}

export function attentionText(reasons: readonly string[]): string {
  return reasons.join('; ');
}

/** Why a refresh could not confirm rows, in a few words with what to do where it helps. */
export function failureReason(kind: ErrorKind | null, message: string): string {
  switch (kind) {
    case 'auth':
      return 'API key rejected (update it in Settings)';
    case 'config':
      return 'no API key (set it in Settings)';
    case 'rate-limit':
      return 'rate limited (retrying next refresh)';
    case 'upstream':
      return 'tracking service error';
    case 'connection':
      return 'tracking service unreachable';
    case 'quota':
      return 'Apps Script daily quota used up';
    case 'busy':
      return 'another refresh was running';
    case 'permission':
      return 'a permission was not granted (see the message when the spreadsheet opens)';
    default:
      return message.length > 120 ? `${message.slice(0, 119)}…` : message;
  }
}

/** A row this refresh could not confirm: `not updated since <time>: <why>`. */
export function staleReason(since: string | null, why: string): string {
  return since ? `not updated since ${since}: ${why}` : `not updated: ${why}`;
}

/** What to do about a failure reason, where the reason alone does not say. */
const FAILURE_ADVICE = new Map([
  ['scac_auto_detect_failed', 'the carrier could not be detected: add the SCAC'],
]);

/** A Number that cannot be tracked: `number not valid: <why>: <what to do>`. */
export function invalidReason(row: { invalid?: string }): string {
  return `number not valid: ${row.invalid ?? 'fix the number'}`;
}

/** `failed: not_found` in Tracking → `tracking failed: not_found` in Attention. */
export function trackingReason(trackingState: string): string | null {
  const m = /^failed(?::\s*(.*))?$/.exec(trackingState);
  if (!m) return null;
  const reason = m[1] ?? '';
  const advice = FAILURE_ADVICE.get(reason);
  return `tracking failed${reason ? `: ${reason}` : ''}${advice ? ` (${advice})` : ''}`;
}
