// The money columns of one Tracking row (`Demurrage`, `Detention`, `Return By`, `Cost Tomorrow`),
// from core/money.ts: a container's own, or a BOL/booking row's sums over its boxes. An amount is
// a number whose currency travels beside it (`currencies`), so the writer can format the cell with
// it; amounts in different currencies are never added (then text per currency, like Fees).

import { feesMoneyText } from './derived';
import type { FreeTimeTerms } from './free-time';
import type { ContainerAttributes } from './model';
import { boxOf, type Box } from './box';
import { boxMoney, type ContainerMoney, type KindOutcome } from './money';
import { serialCellDate } from './timezone';

export const MONEY_HEADERS = ['Demurrage', 'Detention', 'Return By', 'Cost Tomorrow'] as const;
export type MoneyHeader = (typeof MONEY_HEADERS)[number];
/** The money columns that hold amounts (Return By is a date). */
export type AmountHeader = Exclude<MoneyHeader, 'Return By'>;

export interface MoneyCells {
  outputs: Partial<Record<MoneyHeader, string | number | Date>>;
  /** The currency of each amount written as a number. */
  currencies: Partial<Record<AmountHeader, string>>;
}

/** The Sheets number format of an amount in `currency`: `USD 1,250.00`. */
export const currencyFormat = (currency: string) => `"${currency} "#,##0.00`;

/**
 * A box of a row: its attributes, its shipping line's SCAC and the row's `Contract`; `box`, the
 * run's reading of those attributes (core/box.ts), when the run has it (else they are read here).
 */
export interface PricedBox {
  attributes: ContainerAttributes;
  carrier: string | null;
  contract?: string | null;
  box?: Box;
}

/** The reading of a priced box at `now`: the run's own, or one made here. */
export const readingOf = (p: PricedBox, now: number): Box =>
  p.box && p.box.now === now ? p.box : boxOf({ attributes: p.attributes }, undefined, now);

/** The money of a priced box at `now`. */
export const pricedMoney = (p: PricedBox, terms: FreeTimeTerms, now: number): ContainerMoney =>
  boxMoney(readingOf(p, now), p.carrier, terms, p.contract ?? null);

type Sums = Map<string, number>;
const add = (sums: Sums, currency: string, amount: number) =>
  sums.set(currency, Math.round(((sums.get(currency) ?? 0) + amount) * 100) / 100);

/** One amount cell from per-currency sums: blank, a number in its currency, or text. */
function amountCell(
  sums: Sums,
  header: AmountHeader,
  cells: MoneyCells,
  zeroIsBlank: boolean,
): void {
  const nonZero = [...sums].filter(([, v]) => v !== 0);
  if (nonZero.length === 0) {
    const first = [...sums.keys()][0];
    if (zeroIsBlank || first === undefined) {
      cells.outputs[header] = '';
    } else {
      cells.outputs[header] = 0;
      cells.currencies[header] = first;
    }
  } else if (nonZero.length === 1) {
    cells.outputs[header] = nonZero[0]![1];
    cells.currencies[header] = nonZero[0]![0];
  } else {
    cells.outputs[header] = feesMoneyText(new Map(nonZero));
  }
}

/** The money cells of a row whose boxes are priced: one box's, or a BOL's sums. */
export function moneyCellsOf(moneys: readonly ContainerMoney[], sheetTimeZone: string): MoneyCells {
  return sumUp(moneys, sheetTimeZone);
}

/** What the boxes add up to; the first problem of a kind wins over every amount of it. */
function sumUp(moneys: readonly ContainerMoney[], sheetTimeZone: string): MoneyCells {
  const cells: MoneyCells = { outputs: {}, currencies: {} };
  const tomorrow: Sums = new Map();
  let tomorrowProblem: string | null = null;
  for (const kind of ['demurrage', 'detention'] as const) {
    const header = kind === 'demurrage' ? 'Demurrage' : 'Detention';
    const sums: Sums = new Map();
    let problem: string | null = null;
    for (const m of moneys) {
      const o: KindOutcome = m[kind];
      if (o.state === 'problem') problem ??= o.text;
      else if (o.state === 'charge') {
        add(sums, o.charge.currency, o.charge.amount);
        // Only a running clock adds tomorrow: a box at sea or done with shows no Cost Tomorrow.
        if (!o.charge.final) add(tomorrow, o.charge.currency, o.charge.tomorrow);
      }
    }
    if (problem) {
      cells.outputs[header] = problem;
      tomorrowProblem ??= problem;
    } else amountCell(sums, header, cells, true);
  }
  if (tomorrowProblem) cells.outputs['Cost Tomorrow'] = tomorrowProblem;
  else amountCell(tomorrow, 'Cost Tomorrow', cells, false);
  cells.outputs['Return By'] = returnByCell(moneys, sheetTimeZone);
  return cells;
}

/** The earliest Return By among the boxes whose empty is not back (else among all of them). */
function returnByCell(moneys: readonly ContainerMoney[], sheetTimeZone: string): string | Date {
  const problem = moneys.find((m) => typeof m.returnBy === 'string');
  if (problem) return problem.returnBy as string;
  const open: number[] = [];
  const all: number[] = [];
  for (const m of moneys) {
    if (typeof m.returnBy !== 'number') continue;
    all.push(m.returnBy);
    const finished = m.detention.state === 'charge' && m.detention.charge.final;
    if (!finished) open.push(m.returnBy);
  }
  const days = open.length > 0 ? open : all;
  return days.length > 0 ? serialCellDate(Math.min(...days), sheetTimeZone) : '';
}

export function containerMoneyCells(
  box: PricedBox,
  terms: FreeTimeTerms,
  now: number,
  sheetTimeZone: string,
): MoneyCells {
  return sumUp([pricedMoney(box, terms, now)], sheetTimeZone);
}

/** A BOL/booking row: its boxes summed per currency. */
export function shipmentMoneyCells(
  boxes: readonly PricedBox[],
  terms: FreeTimeTerms,
  now: number,
  sheetTimeZone: string,
): MoneyCells {
  return sumUp(
    boxes.map((b) => pricedMoney(b, terms, now)),
    sheetTimeZone,
  );
}
