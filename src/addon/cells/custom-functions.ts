// The custom functions. Each call serves its whole range from one cache read when the data is
// warm; cells without usable input get their own `#message` and cost nothing.

import {
  asGrid,
  cellError,
  isRange,
  mapCells,
  shapeOutput,
  type CellResult,
  type Grid,
} from '../../core/grid';
import { AppError } from '../../core/errors';
import {
  containerFieldValue,
  lfdFieldValue,
  parseContainerField,
  parseShipmentField,
  shipmentFieldValue,
  type CellValue,
} from '../../core/fields';
import { DEFAULT_LFD_SOURCE, parseLfdSource, LFD_SOURCES } from '../../core/lfd';
import { trackingLink } from '../../core/settings';
import { RecordStore } from '../../engine/record-store';
import {
  shipmentMissing,
  type ContainerAnswer,
  type ShipmentAnswer,
} from '../../engine/tracking-data';
import { Execution } from '../../execution/execution';
import { containerNumberFrom, shipmentIdentifierFrom } from './cell-inputs';
import { cellErrorValue, isBlank } from '../../core/cell-input';
import { parseRow } from '../../core/row-input';

type Parsed = { key: string } | { error: AppError };

function parseGrid(input: unknown, parse: (v: unknown) => string): Grid<Parsed | null> {
  return mapCells(asGrid(input), (v) => {
    try {
      return { key: parse(v) };
    } catch (e) {
      return { error: e as AppError };
    }
  });
}

function keysOf(grid: Grid<Parsed | null>): string[] {
  return grid.flat().flatMap((p) => (p && 'key' in p ? [p.key] : []));
}

/** Each parsed cell's answer as a cell value, or that cell's own error. */
function answerCells<A extends object>(
  parsed: Grid<Parsed | null>,
  answers: Map<string, A | { error: AppError }>,
  toValue: (answer: A) => CellValue,
): Grid<CellResult | null> {
  return parsed.map((row) =>
    row.map((p): CellResult | null => {
      if (p == null) return null;
      if ('error' in p) return { error: p.error };
      const answer = answers.get(p.key);
      if (!answer) return null;
      if ('error' in answer) return { error: answer.error };
      try {
        return { value: toValue(answer as A) };
      } catch (e) {
        return cellError(e);
      }
    }),
  );
}

/** Looks up the containers of a grid and maps each answer to a cell value. */
function containerCells(
  input: unknown,
  toValue: (answer: Exclude<ContainerAnswer, { error: AppError }>) => CellValue,
  withShipments = false,
): CellValue | Grid<CellValue> {
  const parsed = parseGrid(input, containerNumberFrom);
  const numbers = keysOf(parsed);
  let answers = new Map<string, ContainerAnswer>();
  if (numbers.length > 0) {
    const run = new Execution('cell');
    const { view, settings } = run.readWithSettings(RecordStore.containerKeys(numbers));
    answers = run.tracking(settings).containers(numbers, { withShipments, view });
  }
  const results = answerCells(parsed, answers, toValue);
  return shapeOutput(input, results);
}

export function CONTAINER_STATUS(
  container: unknown,
  _refresh?: unknown,
): CellValue | Grid<CellValue> {
  return containerCells(container, (a) =>
    containerFieldValue(a.container.attributes, { kind: 'attribute', name: 'current_status' }),
  );
}

export function LFD(
  container: unknown,
  source?: unknown,
  _refresh?: unknown,
): CellValue | Grid<CellValue> {
  const which = parseLfdSource(isRange(source) ? source[0]?.[0] : source);
  if (!which) {
    throw new Error(
      `Unknown LFD source "${String(source).slice(0, 20)}". Use one of: ${LFD_SOURCES.join(', ')} (default ${DEFAULT_LFD_SOURCE}).`,
    );
  }
  // A serial day number, not a Date: right whichever zone Sheets converts Dates in (core/lfd.ts).
  return containerCells(container, (a) => lfdFieldValue(a.container.attributes, which));
}

export function CONTAINER_INFO(
  container: unknown,
  field: unknown,
  _refresh?: unknown,
): CellValue | Grid<CellValue> {
  // A bad field name is wrong for every cell: one error for the whole formula.
  const f = parseContainerField(isRange(field) ? field[0]?.[0] : field);
  return containerCells(
    container,
    (a) => {
      if (f.kind !== 'shipment') return containerFieldValue(a.container.attributes, f);
      if (!a.shipment) throw shipmentMissing(a.container.attributes.number, a.container);
      return shipmentFieldValue(a.shipment.attributes, a.shipment.containerNumbers, f.field);
    },
    f.kind === 'shipment',
  );
}

export function SHIPMENT_INFO(
  identifier: unknown,
  field: unknown,
  _refresh?: unknown,
): CellValue | Grid<CellValue> {
  const f = parseShipmentField(isRange(field) ? field[0]?.[0] : field);
  const parsed = parseGrid(identifier, shipmentIdentifierFrom);
  const ids = keysOf(parsed);
  let answers = new Map<string, ShipmentAnswer>();
  if (ids.length > 0) {
    const run = new Execution('cell');
    const keys = [...RecordStore.identifierKeys(ids), ...RecordStore.containerKeys(ids)];
    const { view, settings } = run.readWithSettings(keys);
    answers = run.tracking(settings).shipments(ids, { view });
  }
  const results = answerCells(parsed, answers, (a) =>
    shipmentFieldValue(a.shipment.attributes, a.shipment.containerNumbers, f),
  );
  return shapeOutput(identifier, results);
}

export function TRACKING_LINK(identifier: unknown): CellValue | Grid<CellValue> {
  const grid = asGrid(identifier);
  if (grid.flat().every(isBlank))
    return shapeOutput(
      identifier,
      grid.map((r) => r.map(() => null)),
    );
  const settings = new Execution('cell').settings();
  return shapeOutput(
    identifier,
    mapCells(grid, (v): CellResult => {
      const error = cellErrorValue(v);
      if (error) return { error: new AppError('input', `The cell shows the error ${error}.`) };
      // The number as the Tracking sheet's Link has it (a container number normalised).
      const row = parseRow(0, v, '', '', '');
      const number = row && !row.unusable ? row.number : String(v).trim();
      return { value: trackingLink(settings.appUrl, number) };
    }),
  );
}
