// The refresh's money step: the boxes of the Tracking sheet priced with the Free Time rules, the
// Pull List rebuilt from them, and what tomorrow adds per currency for the digest. It spends no
// request (the records are the ones the refresh already has) and no sheet read (the rules were
// read once for the row outputs).

import { readBox } from '../../core/box';
import type { FreeTimeTerms } from '../../core/free-time';
import type { ContainerRecord } from '../../core/model';
import type { PricedBox } from '../../core/money-outputs';
import { emptiesToReturn, moneyAtRisk, pullListRows, type MoneyAtRisk } from '../../core/pull-list';
import type { RowInput } from '../../core/row-input';
import { trackingLink } from '../../core/settings';
import { identifierKey } from '../../engine/record-store';
import { rebuildPullList } from './pull-list-sheet';
import { carrierOf, type FreshRecords } from '../sheets/fresh-records';

/** Every box the sheet's rows stand for, once each (a box on its own row and in a BOL row too). */
export function sheetBoxes(
  rows: readonly RowInput[],
  fresh: FreshRecords,
  byShipment: Map<string, ContainerRecord[]>,
  now: number,
): PricedBox[] {
  const boxes = new Map<string, PricedBox>();
  for (const row of rows) {
    if (row.unusable) continue;
    if (row.kind === 'container') {
      const c = fresh.containers.get(row.number);
      if (!c || boxes.has(row.number)) continue;
      const shipment = c.shipmentId ? fresh.shipments.get(c.shipmentId) : null;
      boxes.set(row.number, {
        attributes: c.attributes,
        carrier: carrierOf(shipment, row),
        contract: row.contract,
        box: readBox(c, shipment, now),
      });
      continue;
    }
    const id = fresh.identifiers.get(identifierKey(row.number));
    const shipment = id ? fresh.shipments.get(id) : undefined;
    if (!shipment) continue;
    for (const c of byShipment.get(shipment.id) ?? []) {
      if (!boxes.has(c.attributes.number))
        boxes.set(c.attributes.number, {
          attributes: c.attributes,
          carrier: carrierOf(shipment, row),
          contract: row.contract,
          box: readBox(c, shipment, now),
        });
    }
  }
  return [...boxes.values()];
}

export interface MoneyStepInput {
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet;
  rows: readonly RowInput[];
  fresh: FreshRecords;
  byShipment: Map<string, ContainerRecord[]>;
  terms: FreeTimeTerms;
  timeZone: string;
  now: number;
  appUrl: string;
  /** The run saw every row's record: only then is the Pull List rebuilt (else it would shrink). */
  complete: boolean;
}

export function moneyStep(input: MoneyStepInput): MoneyAtRisk[] {
  const boxes = sheetBoxes(input.rows, input.fresh, input.byShipment, input.now);
  if (input.complete) {
    const link = (n: string) => trackingLink(input.appUrl, n);
    const { terms, now, timeZone } = input;
    rebuildPullList(
      input.ss,
      pullListRows(boxes, terms, now, timeZone, link),
      emptiesToReturn(boxes, terms, now, timeZone, link),
    );
  }
  return moneyAtRisk(boxes, input.terms, input.now);
}
