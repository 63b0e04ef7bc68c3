// Fresh records → Tracking sheet rows: the one place that turns the service's data into a row's
// outputs and writes them, shared by the refresh (every row, from its listing), push updates and
// the sidebar's stop/resume (the rows of one changed container or shipment:
// updates/apply-fresh.ts). `source` says which one produced the write.

import type { RowInput } from '../../core/row-input';
import { readBox, type Box } from '../../core/box';
import { boxRowOutputs, shipmentBoxRowOutputs, type RowOutputs } from '../../core/row-outputs';
import type { SheetLayout } from '../../core/sheet-layout';
import { trackingLink } from '../../core/settings';
import type { ContainerRecord } from '../../core/model';
import { identifierKey } from '../../engine/record-store';
import type { FreeTimeTerms } from '../../core/free-time';
import { moneyCellsOf, type AmountHeader, type MoneyCells } from '../../core/money-outputs';
import { boxMoney, type ContainerMoney } from '../../core/money';
import { returnDue } from '../../core/attention';
import { dayOfSerial, dayText } from '../../core/timezone';
import { applyCurrencyFormats, type AmountCell } from './currency-formats';
import { writeOutputs, type Row } from './rows-io';
import { carrierOf, type FreshRecords, type UpdateSource } from './fresh-records';

/**
 * The money columns' inputs for one run: the Free Time rules (read once) and, filled as rows are
 * computed, the currency of each amount written (row index → column → currency) for its format.
 */
export interface MoneyRun {
  terms: FreeTimeTerms;
  currencies: Map<number, Partial<Record<AmountHeader, string>>>;
  /**
   * Each priced box's Return By while its empty is out (`YYYY-MM-DD@zone`, '' when it has none):
   * the change pipeline's alerts read it (core/alert-rules.ts).
   */
  returnBy: Map<string, string>;
}

export const moneyRun = (terms: FreeTimeTerms): MoneyRun => ({
  terms,
  currencies: new Map(),
  returnBy: new Map(),
});

/** Prices a box with the run's rules, and notes its Return By for the alerts. */
function priceBox(
  money: MoneyRun,
  box: Box,
  carrier: string | null,
  contract: string | null,
): ContainerMoney {
  const priced = boxMoney(box, carrier, money.terms, contract);
  const due = returnDue(box, priced);
  money.returnBy.set(box.number, due ? `${dayText(dayOfSerial(due.day))}@${due.zone}` : '');
  return priced;
}

/** The row's data from the fresh records, or null when they did not include it. */
export function freshOutputs(
  row: RowInput,
  fresh: FreshRecords,
  byShipment: Map<string, ContainerRecord[]>,
  tz: string,
  now: number,
  money?: MoneyRun,
): RowOutputs | null {
  const priced = (cells: MoneyCells) => {
    money!.currencies.set(row.index, cells.currencies);
    return cells.outputs;
  };
  if (row.kind === 'container') {
    const c = fresh.containers.get(row.number);
    if (!c) return null;
    // Not included in the answer (undefined) is unknown, not "no shipment": those outputs stay.
    const shipment = c.shipmentId ? fresh.shipments.get(c.shipmentId) : null;
    // One reading of the box for its cells and its money (and the run's other outputs).
    const box = readBox(c, shipment, now);
    if (!money) return boxRowOutputs(box, tz);
    const cost = priceBox(money, box, carrierOf(shipment, row), row.contract ?? null);
    return { ...boxRowOutputs(box, tz, cost), ...priced(moneyCellsOf([cost], tz)) };
  }
  const id = fresh.identifiers.get(identifierKey(row.number));
  const shipment = id ? fresh.shipments.get(id) : undefined;
  if (!shipment) return null;
  const boxes = (byShipment.get(shipment.id) ?? []).map((c) => readBox(c, shipment, now));
  if (!money) return shipmentBoxRowOutputs(shipment, boxes, tz);
  const carrier = carrierOf(shipment, row);
  const moneys = boxes.map((box) => priceBox(money, box, carrier, row.contract ?? null));
  const out = shipmentBoxRowOutputs(shipment, boxes, tz, moneys);
  // Like the other summaries, money needs all the boxes: without them the row keeps its value.
  if (!('Status' in out)) return out;
  return { ...out, ...priced(moneyCellsOf(moneys, tz)) };
}

/** A row the service tracks: its outputs, its link, `tracked`, and when it was confirmed. */
export function trackedRowUpdate(
  row: RowInput,
  fresh: FreshRecords,
  byShipment: Map<string, ContainerRecord[]>,
  tz: string,
  now: number,
  appUrl: string,
  money?: MoneyRun,
): RowOutputs | null {
  const outputs = freshOutputs(row, fresh, byShipment, tz, now, money);
  return outputs
    ? {
        Link: trackingLink(appUrl, row.number),
        // The shipment's stop state, when the answer carried it, says more than `tracked`.
        Tracking: 'tracked',
        ...outputs,
        Updated: new Date(now),
      }
    : null;
}

/** One write of row outputs, as read in one `getValues()` of the Tracking sheet. */
export interface RowWrite {
  sheet: GoogleAppsScript.Spreadsheet.Sheet;
  values: Row[];
  layout: SheetLayout;
  /** The rows the write may touch (only their contiguous runs are written). */
  rows: RowInput[];
  updates: Map<number, RowOutputs>;
  /** Who computed the outputs; the change pipeline (Change Log, alerts) hooks in here. */
  source: UpdateSource;
  /** The currencies of the amounts among `updates` (money columns), for their number formats. */
  money?: MoneyRun;
}

/**
 * The write step of both the refresh and push updates: one setValues per block of owned columns,
 * then one number-format call per currency for the amounts that changed. An amount the sheet
 * already showed keeps the format it was written with, so a refresh where no amount moved (most
 * of a day's refreshes) spends no format call; a row where any amount moved gets all of its
 * amounts' formats again, so a rule's currency change is never left behind on its own row.
 */
export function writeRowUpdates(write: RowWrite): number {
  const writes = writeOutputs(write.sheet, write.values, write.layout, write.rows, write.updates);
  if (!write.money) return writes;
  const cells: AmountCell[] = [];
  for (const [index, currencies] of write.money.currencies) {
    const update = write.updates.get(index);
    if (!update) continue;
    const amounts = (Object.entries(currencies) as [AmountHeader, string][]).flatMap(
      ([header, currency]) => {
        const column = header in update ? write.layout.outputs[header] : undefined;
        return column == null ? [] : [{ header, column, currency }];
      },
    );
    const moved = amounts.some(
      ({ header, column }) => write.values[index]?.[column] !== update[header],
    );
    if (!moved) continue;
    for (const a of amounts)
      cells.push({ row: index + 1, column: a.column + 1, currency: a.currency });
  }
  return writes + applyCurrencyFormats(write.sheet, cells);
}
