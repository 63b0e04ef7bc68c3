// The `Pull List` (docs/reference.md#pull-list): the boxes still at the terminal, available and
// without an active hold, most expensive to leave first (Cost Tomorrow descending, then the
// earlier LFD). Pure: the rows, their amounts' currencies, and the money at risk tomorrow per
// currency that the digest reports (core/money-at-risk in the same pass).

import { isUnreadable } from './attribute-values';
import type { Box } from './box';
import type { FreeTimeTerms } from './free-time';
import { localTimeText } from './local-time';
import type { ContainerMoney } from './money';
import {
  containerMoneyCells,
  moneyCellsOf,
  pricedMoney,
  readingOf,
  type PricedBox,
} from './money-outputs';
import { serialCellDate } from './timezone';

export const PULL_LIST_SHEET = 'Pull List';
export const PULL_LIST_HEADERS = [
  'Number',
  'Terminal',
  'LFD',
  'Cost Tomorrow',
  'Demurrage',
  'Appointment',
  'Link',
] as const;

/**
 * The Pull List's second part, under a blank row: the empties to return (boxes out with their
 * empty not back whose detention is priced), in the same columns so the dates line up.
 */
export const EMPTIES_HEADERS = [
  'Empties to return',
  'Picked up at',
  'Return By',
  'Cost Tomorrow',
  'Detention',
  'Picked Up',
  'Link',
] as const;

/**
 * A row of the Pull List. Its amounts are text with their currency (`USD 450.00`): the list is
 * sorted already and rebuilt whole, so plain text saves a number-format call per rebuild.
 */
export interface PullListRow {
  cells: (string | number | Date)[];
  /** Cost Tomorrow as a number, for sorting and the digest. */
  cost: number;
}

/** Per currency: what tomorrow adds and across how many boxes (the digest's lines). */
export interface MoneyAtRisk {
  currency: string;
  amount: number;
  boxes: number;
}

const terminalText = (box: Box) => (isUnreadable(box.terminal) ? '' : (box.terminal ?? ''));

function appointment(box: Box): string {
  const { at, zone } = box.appointment;
  return at instanceof Date ? localTimeText(at, zone) : '';
}

/** `USD 1,250.00` for an amount in its currency; text (per currency, a problem) as it is. */
function amountText(value: string | number | Date, currency: string | undefined): string {
  if (typeof value !== 'number' || !currency) return String(value);
  const amount = value.toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${currency} ${amount}`;
}

/** A sortable amount: a number, or the largest of a text's per-currency amounts. */
function sortAmount(v: unknown): number {
  if (typeof v === 'number') return v;
  const amounts = String(v ?? '')
    .match(/\d+(?:\.\d+)?/g)
    ?.map(Number);
  return amounts && amounts.length > 0 ? Math.max(...amounts) : -1;
}

/** Most expensive tomorrow first, then the earlier deadline `day`, then the number. */
function mostExpensiveFirst(rows: { row: PullListRow; day: number }[]): PullListRow[] {
  return rows
    .sort(
      (x, y) =>
        y.row.cost - x.row.cost ||
        x.day - y.day ||
        String(x.row.cells[0]).localeCompare(String(y.row.cells[0])),
    )
    .map((r) => r.row);
}

export function pullListRows(
  boxes: readonly PricedBox[],
  terms: FreeTimeTerms,
  now: number,
  sheetTimeZone: string,
  link: (number: string) => string,
): PullListRow[] {
  const rows = boxes
    .map((b) => {
      const box = readingOf(b, now);
      return { priced: { ...b, box }, box };
    })
    .filter(({ box }) => box.waiting && box.ready === true)
    .map(({ priced, box }) => {
      const money = containerMoneyCells(priced, terms, now, sheetTimeZone);
      const cost = money.outputs['Cost Tomorrow'] ?? '';
      const row: PullListRow = {
        cells: [
          box.number,
          terminalText(box),
          box.lfd ? serialCellDate(box.lfd.day, sheetTimeZone) : '',
          amountText(cost, money.currencies['Cost Tomorrow']),
          amountText(money.outputs.Demurrage ?? '', money.currencies.Demurrage),
          appointment(box),
          link(box.number),
        ],
        cost: sortAmount(cost),
      };
      return { row, day: box.lfd?.day ?? Infinity };
    });
  return mostExpensiveFirst(rows);
}

/**
 * Return By is a deadline like the LFD (docs/reference.md, "Pull List"): the boxes out with their
 * empty not back and detention priced, most expensive to keep out first (Cost Tomorrow, then the
 * earlier Return By, then the number).
 */
export function emptiesToReturn(
  boxes: readonly PricedBox[],
  terms: FreeTimeTerms,
  now: number,
  sheetTimeZone: string,
  link: (number: string) => string,
): PullListRow[] {
  const rows = boxes.flatMap((b) => {
    const box = readingOf(b, now);
    const money = pricedMoney({ ...b, box }, terms, now);
    const detention = money.detention;
    if (
      detention.state !== 'charge' ||
      detention.charge.final ||
      typeof money.returnBy !== 'number'
    )
      return [];
    const cells = moneyCellsOf([money], sheetTimeZone);
    const cost = cells.outputs['Cost Tomorrow'] ?? '';
    const { at, zone } = box.pickedUp;
    const row: PullListRow = {
      cells: [
        box.number,
        terminalText(box),
        serialCellDate(money.returnBy, sheetTimeZone),
        amountText(cost, cells.currencies['Cost Tomorrow']),
        amountText(cells.outputs.Detention ?? '', cells.currencies.Detention),
        at instanceof Date ? localTimeText(at, zone) : '',
        link(box.number),
      ],
      cost: sortAmount(cost),
    };
    return [{ row, day: money.returnBy }];
  });
  return mostExpensiveFirst(rows);
}

/** What tomorrow adds, per currency, over the boxes still at the terminal or out and not back. */
export function moneyAtRisk(
  boxes: readonly PricedBox[],
  terms: FreeTimeTerms,
  now: number,
): MoneyAtRisk[] {
  const by = new Map<string, MoneyAtRisk>();
  for (const b of boxes) {
    const m: ContainerMoney = pricedMoney(b, terms, now);
    const counted = new Set<string>();
    for (const o of [m.demurrage, m.detention]) {
      if (o.state !== 'charge' || o.charge.tomorrow <= 0) continue;
      const entry = by.get(o.charge.currency) ?? {
        currency: o.charge.currency,
        amount: 0,
        boxes: 0,
      };
      entry.amount = Math.round((entry.amount + o.charge.tomorrow) * 100) / 100;
      if (!counted.has(o.charge.currency)) entry.boxes += 1;
      counted.add(o.charge.currency);
      by.set(o.charge.currency, entry);
    }
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
