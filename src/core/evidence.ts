// The evidence for a demurrage or detention invoice, one box (docs/reference.md#evidence): a row
// per facility day from discharge to the empty's return (or today) with what was charged that day
// and why it could be disputed. The charges are the money columns' own (core/money.ts: boxMoney,
// then chargedDays day by day), so the evidence's totals are the Tracking sheet's amounts.
//
// A charged day is disputed when the box was not available all day, was on an active hold all
// day, or the terminal was closed (a Closed Days entry for its terminal). Days the add-in cannot
// account for (before its first look, with no word from the service) are never disputed.

import type { BoxHistory } from './box-history';
import type { Box } from './box';
import { NO_CLOSED_DAYS, terminalCalendar, type ClosedDay } from './closed-days';
import { dayAvailability, type DayAvailability } from './evidence-availability';
import type { FreeTimeTerms, MoneyKind } from './free-time';
import {
  boxMoney,
  chargedDays,
  weekdayOfSerial,
  type Charge,
  type ChargedDay,
  type ContainerMoney,
} from './money';
import { calendarDayIn, sheetSerialOfDay } from './timezone';

/** A day row a box can need: over a year of days is no dispute anyone prepares by day. */
export const MAX_EVIDENCE_DAYS = 400;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export interface EvidenceInput {
  box: Box;
  carrier: string | null;
  contract: string | null;
  /** The Free Time rules, with the Closed Days always read. */
  terms: FreeTimeTerms;
  history: BoxHistory;
  /** The service's availability events, in time order. */
  events: readonly { at: number; available: boolean }[];
  /** When the box was discharged (the service's), or null. */
  discharged: number | null;
}

export interface EvidenceDay {
  day: number;
  weekday: string;
  closed: ClosedDay | null;
  availability: DayAvailability | null;
  demurrage: ChargedDay | null;
  detention: ChargedDay | null;
  /** The running totals after this day, per currency. */
  totals: Map<string, number>;
  /** Why a charge of this day can be disputed (none: not disputed). */
  reasons: string[];
}

export interface Dispute {
  day: number;
  kind: MoneyKind;
  rate: number;
  currency: string;
  reasons: string[];
}

export interface Evidence {
  money: ContainerMoney;
  charges: Partial<Record<MoneyKind, Charge>>;
  /** The facility zone the days are counted in. */
  zone: string;
  days: EvidenceDay[];
  /** Days before the first row left out (over MAX_EVIDENCE_DAYS). */
  daysLeftOut: number;
  disputes: Dispute[];
}

const dayOf = (at: number, zone: string) => sheetSerialOfDay(calendarDayIn(at, zone));
const instant = (v: unknown) => (v instanceof Date ? v.getTime() : null);
const cents = (n: number) => Math.round(n * 100) / 100;

function chargeOf(money: ContainerMoney, kind: MoneyKind): Charge | undefined {
  const o = money[kind];
  return o.state === 'charge' ? o.charge : undefined;
}

/** Why a charged day can be disputed, in words. */
function reasonsFor(
  kind: MoneyKind,
  closed: ClosedDay | null,
  availability: DayAvailability | null,
): string[] {
  const out: string[] = [];
  if (closed)
    out.push(
      `terminal closed${closed.note ? `: ${closed.note}` : ''} (Closed Days row ${closed.row})`,
    );
  if (kind === 'demurrage' && availability?.state === 'blocked') {
    const by =
      availability.source === 'events' ? 'the service’s events' : 'the add-in’s Change Log';
    if (availability.notAvailable) out.push(`not available for pickup all day (${by})`);
    if (availability.holds.length > 0)
      out.push(`on an active hold all day: ${availability.holds.join(', ')} (${by})`);
  }
  return out;
}

export function buildEvidence(input: EvidenceInput, now: number): Evidence {
  const { box } = input;
  const money = boxMoney(box, input.carrier, input.terms, input.contract);
  const demurrage = chargeOf(money, 'demurrage');
  const detention = chargeOf(money, 'detention');
  const zone = box.lfd?.timeZone ?? box.zones.pod;
  const calendar = terminalCalendar(input.terms.closedDays ?? NO_CLOSED_DAYS, box.money.terminal);
  const left = instant(box.pickedUp.at);
  const back = box.money.emptyReturned;
  const dem = new Map((demurrage ? chargedDays(demurrage) : []).map((d) => [d.day, d]));
  const det = new Map((detention ? chargedDays(detention) : []).map((d) => [d.day, d]));

  const charged = [...dem.keys(), ...det.keys()];
  const last = Math.max(back ? dayOf(back.instant, back.zone) : dayOf(now, zone), ...charged);
  const starts = [
    input.discharged !== null ? dayOf(input.discharged, zone) : null,
    box.lfd?.day ?? null,
    left !== null ? dayOf(left, zone) : null,
    ...charged,
  ].filter((d): d is number => d !== null && d <= last);
  let first = starts.length > 0 ? Math.min(...starts) : last;
  const daysLeftOut = Math.max(0, last - first + 1 - MAX_EVIDENCE_DAYS);
  first += daysLeftOut;

  const availabilityInputs = {
    history: input.history,
    current: {
      available: box.available === true ? 'true' : box.available === false ? 'false' : '',
      holds: typeof box.holdsDetail === 'string' ? box.holdsDetail : '',
    },
    events: input.events,
    discharged: input.discharged,
    left,
    zone,
  };
  const totals = new Map<string, number>();
  const add = (currency: string, amount: number) =>
    totals.set(currency, cents((totals.get(currency) ?? 0) + amount));
  // The amounts before the first row shown still count in the running totals.
  for (const [map, charge] of [
    [dem, demurrage],
    [det, detention],
  ] as const)
    for (const d of map.values()) if (d.day < first && charge) add(charge.currency, d.rate);

  const days: EvidenceDay[] = [];
  const disputes: Dispute[] = [];
  for (let day = first; day <= last; day++) {
    const closed = calendar.closedOn(day);
    const d = dem.get(day) ?? null;
    const t = det.get(day) ?? null;
    // Availability matters while the box waits at the terminal: up to the day it left.
    const waiting = input.discharged === null || day >= dayOf(input.discharged, zone);
    const availability =
      waiting && (left === null || day <= dayOf(left, zone))
        ? dayAvailability(availabilityInputs, day)
        : null;
    const reasons: string[] = [];
    for (const [kind, charged, charge] of [
      ['demurrage', d, demurrage],
      ['detention', t, detention],
    ] as const) {
      if (!charged || !charge) continue;
      add(charge.currency, charged.rate);
      const why = reasonsFor(kind, closed, availability);
      if (why.length === 0) continue;
      reasons.push(...why.map((w) => `${kind}: ${w}`));
      disputes.push({ day, kind, rate: charged.rate, currency: charge.currency, reasons: why });
    }
    days.push({
      day,
      weekday: WEEKDAYS[weekdayOfSerial(day)]!,
      closed,
      availability,
      demurrage: d,
      detention: t,
      totals: new Map(totals),
      reasons,
    });
  }
  return {
    money,
    charges: { ...(demurrage ? { demurrage } : {}), ...(detention ? { detention } : {}) },
    zone,
    days,
    daysLeftOut,
    disputes,
  };
}
