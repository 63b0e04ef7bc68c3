// Demurrage and detention of one container in money (docs/reference.md#money): its record,
// the user's free-time rules, the facility's calendar and "now". Days are facility calendar days
// (sheet serial numbers, which carry no zone), like the LFD:
// - demurrage: each day after the earliest LFD through today while the box is at the terminal,
//   or through its full-out day once it left (then final);
// - Return By: the full-out day plus Free Days (calendar or business days);
// - detention: each calendar day after Return By through today, or through the empty-return day
//   once returned (then final).

import { readInstant } from './attribute-values';
import {
  isBroken,
  ruleFor,
  unreadRulesText,
  ruleProblemText,
  termsProblemText,
  type Counting,
  type FreeTimeRule,
  type BoxScope,
  type FreeTimeTerms,
  type MoneyKind,
  type Tier,
} from './free-time';
import { NO_CLOSED_DAYS, terminalCalendar } from './closed-days';
import { equipmentOf } from './equipment';
import { earliestLfd } from './lfd';
import { zoneOrUtc } from './local-time';
import { POD_TERMINAL_NAME, type ContainerAttributes } from './model';
import { isAtTerminal } from './terminal-state';
import { calendarDayIn, sheetSerialOfDay } from './timezone';

/** One kind's charge: accrued so far, and what tomorrow adds (0 while tomorrow is still free). */
export interface Charge {
  kind: MoneyKind;
  currency: string;
  /** Chargeable days so far. */
  days: number;
  amount: number;
  tomorrow: number;
  /** The box left / the empty came back: the amount never changes again. */
  final: boolean;
  rule: number;
}

/**
 * A kind's outcome: no rule matched (`none`), the rule or sheet cannot be read (`problem`, the
 * cell text), the rule matched but the days are not known yet (`pending`: no LFD, not out yet,
 * left at an unknown time), or a charge.
 */
export type KindOutcome =
  | { state: 'none' }
  | { state: 'problem'; text: string }
  | { state: 'pending'; currency: string }
  | { state: 'charge'; charge: Charge };

export interface ContainerMoney {
  demurrage: KindOutcome;
  detention: KindOutcome;
  /** Return By as a facility day serial; a problem text when the detention rule is broken. */
  returnBy: number | string | null;
}

const roundCents = (n: number) => Math.round(n * 100) / 100;

/** The charge for the `k`th chargeable day (1-based). */
export function rateOfDay(tiers: readonly Tier[], k: number): number {
  let left = k;
  for (const t of tiers) {
    if (t.days == null || left <= t.days) return t.rate;
    left -= t.days;
  }
  return tiers[tiers.length - 1]?.rate ?? 0;
}

/** The sum of the first `n` chargeable days. */
export function amountForDays(tiers: readonly Tier[], n: number): number {
  let total = 0;
  let left = n;
  for (const t of tiers) {
    if (left <= 0) break;
    const take = t.days == null ? left : Math.min(left, t.days);
    total += take * t.rate;
    left -= take;
  }
  if (left > 0) total += left * (tiers[tiers.length - 1]?.rate ?? 0);
  return roundCents(total);
}

/** Day of the week of a sheet serial: 0 Sunday … 6 Saturday (serial 0 was a Saturday). */
export const weekdayOfSerial = (serial: number) => (((serial + 6) % 7) + 7) % 7;
const isBusinessDay = (serial: number) => {
  const d = weekdayOfSerial(serial);
  return d !== 0 && d !== 6;
};

/**
 * The last free day of `freeDays` counted from the full-out day. Business counting skips
 * Saturdays and Sundays; working counting also skips the terminal's closed days (`closed`; the
 * Closed Days sheet holds finitely many, so the count ends); with no free days an empty can go
 * back on the next business (working) day.
 */
export function returnByDay(
  fullOutDay: number,
  freeDays: number,
  counting: Counting,
  closed: (day: number) => boolean = () => false,
): number {
  if (counting === 'calendar') return fullOutDay + freeDays;
  const counts = (day: number) => isBusinessDay(day) && (counting !== 'working' || !closed(day));
  let day = fullOutDay;
  if (freeDays === 0) {
    while (!counts(day)) day += 1;
    return day;
  }
  for (let left = freeDays; left > 0;) {
    day += 1;
    if (counts(day)) left -= 1;
  }
  return day;
}

const dayOf = (instant: number, zone: string) => sheetSerialOfDay(calendarDayIn(instant, zone));

function instantOf(value: unknown): number | null {
  const at = readInstant(value);
  return at instanceof Date ? at.getTime() : null;
}

/** Days after `freeThrough` up to `end`, the amount, and what day `end + 1` adds when running. */
function charge(rule: FreeTimeRule, freeThrough: number, end: number, final: boolean): KindOutcome {
  const days = Math.max(0, end - freeThrough);
  const tomorrow = final || end + 1 <= freeThrough ? 0 : rateOfDay(rule.tiers, days + 1);
  return {
    state: 'charge',
    charge: {
      kind: rule.kind,
      currency: rule.currency,
      days,
      amount: amountForDays(rule.tiers, days),
      tomorrow,
      final,
      rule: rule.row,
    },
  };
}

type Matched = { rule: FreeTimeRule } | { outcome: KindOutcome };

function match(
  terms: FreeTimeTerms,
  kind: MoneyKind,
  carrier: string | null,
  terminal: string | null,
  scope: BoxScope,
): Matched {
  if (terms.problem) return { outcome: { state: 'problem', text: termsProblemText(terms) } };
  const rule = ruleFor(terms, kind, carrier, terminal, scope);
  if (!rule && terms.unreadFrom)
    return { outcome: { state: 'problem', text: unreadRulesText(terms.unreadFrom) } };
  if (!rule) return { outcome: { state: 'none' } };
  if (isBroken(rule)) return { outcome: { state: 'problem', text: ruleProblemText(rule) } };
  return { rule };
}

function demurrage(a: ContainerAttributes, rule: FreeTimeRule, now: number): KindOutcome {
  const lfd = earliestLfd(a);
  if (!lfd) return { state: 'pending', currency: rule.currency };
  const lfdDay = dayOf(lfd.instant, lfd.timeZone);
  if (isAtTerminal(a)) return charge(rule, lfdDay, dayOf(now, lfd.timeZone), false);
  // A rail LFD runs at the inland ramp: the box leaves it at the final destination's full-out.
  const out =
    (lfd.source === 'rail' ? instantOf(a.final_destination_full_out_at) : null) ??
    instantOf(a.pod_full_out_at);
  if (out == null) return { state: 'pending', currency: rule.currency };
  return charge(rule, lfdDay, dayOf(out, lfd.timeZone), true);
}

/** An inland move's box goes out at the final destination, not at the port. */
function isInlandMove(a: ContainerAttributes): boolean {
  const has = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  return (
    has(a.final_destination_full_out_at) ||
    has(a.ind_rail_carrier_scac) ||
    has(a.pod_rail_loaded_at)
  );
}

/** The full-out instant and the zone of its facility, or null while the box is not out. */
function fullOut(a: ContainerAttributes): { instant: number; zone: string } | null {
  if (isInlandMove(a)) {
    const at = instantOf(a.final_destination_full_out_at);
    return at == null
      ? null
      : { instant: at, zone: zoneOrUtc(a.final_destination_timezone, a.pod_timezone) };
  }
  const at = instantOf(a.pod_full_out_at);
  return at == null ? null : { instant: at, zone: zoneOrUtc(a.pod_timezone) };
}

function detention(
  a: ContainerAttributes,
  rule: FreeTimeRule,
  now: number,
  terms: FreeTimeTerms,
): { outcome: KindOutcome; returnBy: number | string | null } {
  const out = fullOut(a);
  if (!out) return { outcome: { state: 'pending', currency: rule.currency }, returnBy: null };
  const calendar = terminalCalendar(
    terms.closedDays ?? NO_CLOSED_DAYS,
    textOrNull(a[POD_TERMINAL_NAME]),
  );
  // Working days cannot be counted over a Closed Days row that cannot be read.
  if (rule.counting === 'working' && calendar.problem) {
    const text = `#${calendar.problem}`;
    return { outcome: { state: 'problem', text }, returnBy: text };
  }
  const closed = (day: number) => calendar.closedOn(day) !== null;
  const returnBy = returnByDay(dayOf(out.instant, out.zone), rule.freeDays, rule.counting, closed);
  const back = instantOf(a.empty_terminated_at);
  if (back != null) {
    const zone = zoneOrUtc(a.empty_terminated_timezone, out.zone);
    return { outcome: charge(rule, returnBy, dayOf(back, zone), true), returnBy };
  }
  if (readTextStatus(a) === 'empty_returned')
    return { outcome: { state: 'pending', currency: rule.currency }, returnBy };
  return { outcome: charge(rule, returnBy, dayOf(now, out.zone), false), returnBy };
}

const readTextStatus = (a: ContainerAttributes) =>
  typeof a.current_status === 'string' ? a.current_status : null;

const textOrNull = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/**
 * One container's money. `carrier`: its shipping line's SCAC (the shipment's, else the row's);
 * the terminal is the one the Terminal column shows; `contract`: the row's `Contract`.
 */
export function containerMoney(
  a: ContainerAttributes,
  carrier: string | null,
  terms: FreeTimeTerms,
  now: number,
  contract: string | null = null,
): ContainerMoney {
  const terminal = textOrNull(a[POD_TERMINAL_NAME]);
  const scope: BoxScope = { equipment: equipmentOf(a), contract };
  const dem = match(terms, 'demurrage', carrier, terminal, scope);
  const det = match(terms, 'detention', carrier, terminal, scope);
  const demurrageOutcome = 'rule' in dem ? demurrage(a, dem.rule, now) : dem.outcome;
  if (!('rule' in det)) {
    const returnBy = det.outcome.state === 'problem' ? det.outcome.text : null;
    return { demurrage: demurrageOutcome, detention: det.outcome, returnBy };
  }
  const d = detention(a, det.rule, now, terms);
  return { demurrage: demurrageOutcome, detention: d.outcome, returnBy: d.returnBy };
}
