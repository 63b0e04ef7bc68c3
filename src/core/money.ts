// Demurrage and detention of one container in money (docs/reference.md#money): its record,
// the user's free-time rules, the facility's calendar and "now". Days are facility calendar days
// (sheet serial numbers, which carry no zone), like the LFD:
// - demurrage: each day after the earliest LFD through today while the box is at the terminal,
//   or through its full-out day once it left (then final);
// - Return By: the full-out day plus Free Days (calendar or business days);
// - detention: each calendar day after Return By through today, or through the empty-return day
//   once returned (then final).

import { boxOf, type Box } from './box';
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
import type { ContainerAttributes } from './model';
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
  /** The last free day (a facility day serial): chargeable day k is `freeThrough + k`. */
  freeThrough: number;
  /** The rule's tiers: day k costs `rateOfDay(tiers, k)`. */
  tiers: readonly Tier[];
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
      freeThrough,
      tiers: rule.tiers,
    },
  };
}

/** One chargeable day of a charge: its facility day, its place k (1-based) and its rate. */
export interface ChargedDay {
  day: number;
  k: number;
  rate: number;
}

/**
 * The days a charge counts, each with its rate: the money columns' arithmetic day by day (their
 * rates add up to `amount`, rounded to cents), for the evidence of a dispute.
 */
export function chargedDays(c: Charge): ChargedDay[] {
  const out: ChargedDay[] = [];
  for (let k = 1; k <= c.days; k++)
    out.push({ day: c.freeThrough + k, k, rate: rateOfDay(c.tiers, k) });
  return out;
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

function demurrage(box: Box, rule: FreeTimeRule): KindOutcome {
  const lfd = box.lfd;
  if (!lfd) return { state: 'pending', currency: rule.currency };
  if (box.waiting) return charge(rule, lfd.day, lfd.day - lfd.daysLeft, false);
  // A rail LFD runs at the inland ramp: the box leaves it at the final destination's full-out.
  const out = (lfd.source === 'rail' ? box.money.destinationFullOut : null) ?? box.money.podFullOut;
  if (out == null) return { state: 'pending', currency: rule.currency };
  return charge(rule, lfd.day, dayOf(out, lfd.timeZone), true);
}

function detention(
  box: Box,
  rule: FreeTimeRule,
  terms: FreeTimeTerms,
): { outcome: KindOutcome; returnBy: number | string | null } {
  const out = box.money.fullOut;
  if (!out) return { outcome: { state: 'pending', currency: rule.currency }, returnBy: null };
  const calendar = terminalCalendar(terms.closedDays ?? NO_CLOSED_DAYS, box.money.terminal);
  // Working days cannot be counted over a Closed Days row that cannot be read.
  if (rule.counting === 'working' && calendar.problem) {
    const text = `#${calendar.problem}`;
    return { outcome: { state: 'problem', text }, returnBy: text };
  }
  const closed = (day: number) => calendar.closedOn(day) !== null;
  const returnBy = returnByDay(dayOf(out.instant, out.zone), rule.freeDays, rule.counting, closed);
  const back = box.money.emptyReturned;
  if (back != null)
    return { outcome: charge(rule, returnBy, dayOf(back.instant, back.zone), true), returnBy };
  if (box.money.emptyReturnedStatus)
    return { outcome: { state: 'pending', currency: rule.currency }, returnBy };
  return { outcome: charge(rule, returnBy, dayOf(box.now, out.zone), false), returnBy };
}

/**
 * Whether a kind could charge this box anything: demurrage once its LFD has come (tomorrow is
 * chargeable) or it left after its LFD; detention while it is out with its empty not back.
 */
function wouldHoldMoney(box: Box, kind: MoneyKind): boolean {
  if (kind === 'detention')
    return !!box.money.fullOut && !box.money.emptyReturned && !box.money.emptyReturnedStatus;
  const lfd = box.lfd;
  if (!lfd) return false;
  if (box.waiting) return lfd.daysLeft <= 0;
  const out = (lfd.source === 'rail' ? box.money.destinationFullOut : null) ?? box.money.podFullOut;
  return out != null && dayOf(out, lfd.timeZone) > lfd.day;
}

/**
 * A rule (or the sheet) that cannot be read says so only in the cells that would hold money
 * (docs/reference.md, "Free Time"): a box at sea, before its LFD or finished stays blank.
 */
function quiet(box: Box, kind: MoneyKind, found: Matched): Matched {
  if ('rule' in found || found.outcome.state !== 'problem' || wouldHoldMoney(box, kind))
    return found;
  return { outcome: { state: 'none' } };
}

/**
 * One box's money. `carrier`: its shipping line's SCAC (the shipment's, else the row's); the
 * terminal is the one the Terminal column shows; `contract`: the row's `Contract`.
 */
export function boxMoney(
  box: Box,
  carrier: string | null,
  terms: FreeTimeTerms,
  contract: string | null = null,
): ContainerMoney {
  const terminal = box.money.terminal;
  const scope: BoxScope = { equipment: box.money.equipment, contract };
  const dem = quiet(box, 'demurrage', match(terms, 'demurrage', carrier, terminal, scope));
  const det = quiet(box, 'detention', match(terms, 'detention', carrier, terminal, scope));
  const demurrageOutcome = 'rule' in dem ? demurrage(box, dem.rule) : dem.outcome;
  if (!('rule' in det)) {
    const returnBy = det.outcome.state === 'problem' ? det.outcome.text : null;
    return { demurrage: demurrageOutcome, detention: det.outcome, returnBy };
  }
  const d = detention(box, det.rule, terms);
  return { demurrage: demurrageOutcome, detention: d.outcome, returnBy: d.returnBy };
}

/** boxMoney of a container's attributes alone, read at `now`. */
export function containerMoney(
  a: ContainerAttributes,
  carrier: string | null,
  terms: FreeTimeTerms,
  now: number,
  contract: string | null = null,
): ContainerMoney {
  return boxMoney(boxOf({ attributes: a }, undefined, now), carrier, terms, contract);
}
