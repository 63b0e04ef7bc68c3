// The Tracking sheet's `Attention`: what needs doing about a row, in words, most urgent first
// (`LFD passed 3 days ago; on hold: customs`), blank when nothing is due. Whether an LFD is
// "today" is judged on the facility's own calendar at the time of the refresh: a Rotterdam LFD
// has passed once the day is over in Rotterdam, whatever zone the spreadsheet is in. The sheet's
// colours are rules on this text (tracking-sheet-format.ts), so colour and words always agree.

import { isUnreadable } from './attribute-values';
import { activeHoldNames, isReadyForPickup } from './derived';
import { earliestLfd } from './lfd';
import type { ContainerAttributes } from './model';
import { isAtTerminal } from './terminal-state';
import { calendarDayIn, sheetSerialOfDay } from './timezone';
import type { ErrorKind } from './errors';

/** How many days ahead an LFD is announced (`LFD in 2 days`), matching the amber colour. */
export const LFD_WARN_DAYS = 2;

/** Days from the facility's today to its LFD (negative once passed), or null without an LFD. */
export function daysToLfd(a: ContainerAttributes, now: number): number | null {
  const lfd = earliestLfd(a);
  if (!lfd) return null;
  const due = sheetSerialOfDay(calendarDayIn(lfd.instant, lfd.timeZone));
  return due - sheetSerialOfDay(calendarDayIn(now, lfd.timeZone));
}

export function lfdReason(days: number): string | null {
  if (days < -1) return `LFD passed ${-days} days ago`;
  if (days === -1) return 'LFD passed 1 day ago';
  if (days === 0) return 'LFD today';
  if (days === 1) return 'LFD tomorrow';
  if (days <= LFD_WARN_DAYS) return `LFD in ${days} days`;
  return null;
}

/** The reasons for one container, most urgent first; none once it has left the terminal. */
export function containerReasons(a: ContainerAttributes, now: number): string[] {
  if (!isAtTerminal(a)) return [];
  const reasons: string[] = [];
  const days = daysToLfd(a, now);
  const lfd = days == null ? null : lfdReason(days);
  if (lfd) reasons.push(lfd);
  const holds = activeHoldNames(a.holds_at_pod_terminal);
  if (!isUnreadable(holds) && holds.length > 0) reasons.push(`on hold: ${holds.join(', ')}`);
  if (isReadyForPickup(a) === true) reasons.push('ready for pickup');
  return reasons;
}

/**
 * A BOL/booking row: its most urgent LFD among the boxes still at the terminal, every hold
 * among them, and `ready for pickup` when all of them are.
 */
export function shipmentReasons(containers: readonly ContainerAttributes[], now: number): string[] {
  const waiting = containers.filter(isAtTerminal);
  if (waiting.length === 0) return [];
  const reasons: string[] = [];
  const days = waiting.map((a) => daysToLfd(a, now)).filter((d): d is number => d != null);
  const lfd = days.length > 0 ? lfdReason(Math.min(...days)) : null;
  if (lfd) reasons.push(lfd);
  const holds = new Set<string>();
  for (const a of waiting) {
    const names = activeHoldNames(a.holds_at_pod_terminal);
    if (!isUnreadable(names)) names.forEach((n) => holds.add(n));
  }
  if (holds.size > 0) reasons.push(`on hold: ${[...holds].join(', ')}`);
  if (waiting.every((a) => isReadyForPickup(a) === true)) reasons.push('ready for pickup');
  return reasons;
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

/** `failed: not_found` in Tracking → `tracking failed: not_found` in Attention. */
export function trackingReason(trackingState: string): string | null {
  const m = /^failed(?::\s*(.*))?$/.exec(trackingState);
  if (!m) return null;
  const reason = m[1] ?? '';
  const advice = FAILURE_ADVICE.get(reason);
  return `tracking failed${reason ? `: ${reason}` : ''}${advice ? ` (${advice})` : ''}`;
}
