// Types the demo rows into the Tracking sheet (after setupTrackingSheet made its headers), with a
// column of the user's own explaining each row, and fills a Formulas sheet with the add-in's
// custom functions over the same numbers: range formulas that spill, single cells, an error.
// Everything is written as a person typing would (SpreadsheetModel.write parses like the UI).

import type { SpreadsheetModel, SheetModel } from '../../gas/spreadsheet/model';
import type { DemoRow } from './demo-rows';

export const FORMULAS_SHEET = 'Formulas';
const NOTE_HEADER = 'Demo note';

function columnOf(sheet: SheetModel, header: string): number | undefined {
  for (let c = 1; c <= sheet.lastColumn(); c += 1) {
    if (String(sheet.cell(1, c)?.value ?? '').toLowerCase() === header.toLowerCase()) return c;
  }
  return undefined;
}

export function fillTrackingSheet(
  model: SpreadsheetModel,
  sheet: SheetModel,
  rows: DemoRow[],
): void {
  const noteColumn = sheet.lastColumn() + 1;
  // A person adds a column first when the sheet has none left (Sheets refuses writes past it).
  if (noteColumn > sheet.maxColumns) sheet.insertColumns(sheet.maxColumns, 1);
  model.write(sheet, 1, noteColumn, NOTE_HEADER);
  sheet.ensure(1, noteColumn).fontWeight = 'bold';
  sheet.columnWidths.set(noteColumn, 330);
  const inputs: [keyof DemoRow, string][] = [
    ['number', 'Number'],
    ['scac', 'SCAC'],
    ['type', 'Type'],
    ['refNumbers', 'Ref Numbers'],
  ];
  rows.forEach((row, i) => {
    for (const [field, header] of inputs) {
      const column = columnOf(sheet, header);
      const value = row[field];
      if (column !== undefined && value !== undefined) model.write(sheet, i + 2, column, value);
    }
    model.write(sheet, i + 2, noteColumn, row.note);
  });
}

/** A refresh updates CT_LAST_REFRESH, so formulas that take it recalculate after each one. */
const R = 'CT_LAST_REFRESH';

export function fillFormulasSheet(
  model: SpreadsheetModel,
  sheet: SheetModel,
  rows: DemoRow[],
): void {
  const containers = rows.filter((r) => !r.scac).map((r) => r.number);
  const shown = containers.filter((n) => /^[A-Z]{4}\d{7}$/.test(n)).slice(0, 8);
  const last = shown.length + 1;
  const bol = rows.find((r) => r.type === 'bill_of_lading')?.number ?? '';
  const range = `A2:A${last}`;
  const grid: unknown[][] = [
    [
      'Container',
      'Status',
      'LFD (as the Tracking sheet)',
      'Holds',
      'Ready',
      'Vessel',
      'Tracking link',
    ],
    [
      shown[0] ?? '',
      `=CONTAINER_STATUS(${range}, ${R})`,
      // The deadline the Tracking sheet shows (the earliest, LFD()'s default).
      `=LFD(${range}, "earliest", ${R})`,
      `=CONTAINER_INFO(${range}, "holds", ${R})`,
      `=CONTAINER_INFO(${range}, "ready_for_pickup", ${R})`,
      `=CONTAINER_INFO(${range}, "shipment.pod_vessel_name", ${R})`,
      `=TRACKING_LINK(${range})`,
    ],
    ...shown.slice(1).map((n) => [n]),
    [],
    ['One cell each', 'Formula result', '', 'What the formula asks'],
    [
      shown[0] ?? '',
      `=LFD(A${last + 3}, "pickup", ${R})`,
      '',
      'the service’s coalesced pickup_lfd (the line’s first): not always the earliest, which the LFD column and the Tracking sheet show',
    ],
    [shown[0] ?? '', `=CONTAINER_INFO(A${last + 4}, "fees_total", ${R})`, '', 'fees due'],
    [bol, `=SHIPMENT_INFO(A${last + 5}, "containers", ${R})`, '', 'the containers of a BOL'],
    [
      bol,
      `=SHIPMENT_INFO(A${last + 6}, "pod_eta_at", ${R})`,
      '',
      'the vessel’s ETA, in the port’s time with its zone, as the Tracking sheet shows it',
    ],
    [
      rows.find((r) => r.note.startsWith('A mistyped'))?.number ?? 'MSCU1234566',
      `=CONTAINER_STATUS(A${last + 7}, ${R})`,
      '',
      'a mistyped number: select the error to read what to do',
    ],
  ];
  grid.forEach((line, r) => line.forEach((v, c) => model.write(sheet, r + 1, c + 1, v)));
  for (let c = 1; c <= 7; c += 1) {
    sheet.ensure(1, c).fontWeight = 'bold';
    sheet.ensure(last + 2, c).fontWeight = 'bold';
  }
  // LFD() returns a day number (src/core/lfd.ts). Typed, its cells get a date format from the
  // add-in's onEdit; written by this script they would not (no onEdit), so they get it here.
  for (let r = 2; r <= last; r += 1) sheet.ensure(r, 3).numberFormat = 'yyyy-mm-dd';
  sheet.ensure(last + 3, 2).numberFormat = 'yyyy-mm-dd';
  sheet.frozenRows = 1;
  for (const [column, width] of [
    [1, 130],
    [2, 170],
    [4, 330],
    [6, 170],
    [7, 420],
  ] as const) {
    sheet.columnWidths.set(column, width);
  }
}
