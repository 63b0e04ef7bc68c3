// CONTAINER_INFO / SHIPMENT_INFO field names → cell values.

import { AppError } from './errors';
import { closest } from './did-you-mean';
import { feesText, feesTotal, holdsDetail, holdsText, isReadyForPickup } from './derived';
import { isRecord, isUnreadable, readInstant, type Unreadable } from './attribute-values';
import { lfdSerial, type LfdSource } from './lfd';
import { fitCellText } from './sheet-text';
import { localTimeText } from './local-time';
import { isValidTimeZone } from './timezone';
import {
  CONTAINER_ATTRIBUTES,
  IMPORT_DEADLINE_FIELDS,
  OBSERVED_CONTAINER_ATTRIBUTES,
  OBSERVED_SHIPMENT_ATTRIBUTES,
  PICKUP_FACILITY_NAME,
  POD_TERMINAL_NAME,
  SHIPMENT_ATTRIBUTES,
  isDateTimeAttribute,
  isOversized,
  type ContainerAttributes,
  type ShipmentAttributes,
} from './model';

export type CellValue = string | number | boolean | Date;

export const DERIVED_CONTAINER_FIELDS = ['ready_for_pickup', 'holds', 'fees_total'] as const;
export const DERIVED_SHIPMENT_FIELDS = ['containers'] as const;

/**
 * `unlisted`: a name we do not know yet but that reads like an attribute. The service adds
 * attributes over time, so it is looked up in the data; absent there, the cell says so.
 */
export type ContainerField =
  | { kind: 'attribute'; name: string; unlisted?: boolean }
  | { kind: 'deadline'; name: string }
  | { kind: 'derived'; name: (typeof DERIVED_CONTAINER_FIELDS)[number] }
  | { kind: 'shipment'; field: ShipmentField };

export type ShipmentField =
  | { kind: 'attribute'; name: string; unlisted?: boolean }
  | { kind: 'derived'; name: (typeof DERIVED_SHIPMENT_FIELDS)[number] };

function clean(raw: unknown): string {
  return String(raw ?? '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_');
}

const CONTAINER_ATTRIBUTE_NAMES: readonly string[] = [
  ...CONTAINER_ATTRIBUTES,
  ...OBSERVED_CONTAINER_ATTRIBUTES,
  POD_TERMINAL_NAME, // from the included terminal (api/pod-terminal.ts)
  PICKUP_FACILITY_NAME, // an inland move's pickup facility, name and city
];
const SHIPMENT_ATTRIBUTE_NAMES: readonly string[] = [
  ...SHIPMENT_ATTRIBUTES,
  ...OBSERVED_SHIPMENT_ATTRIBUTES,
];
const CONTAINER_FIELD_NAMES: readonly string[] = [
  ...CONTAINER_ATTRIBUTE_NAMES,
  ...IMPORT_DEADLINE_FIELDS.map((f) => `import_deadlines.${f}`),
  ...DERIVED_CONTAINER_FIELDS,
];
const SHIPMENT_FIELD_NAMES: readonly string[] = [
  ...SHIPMENT_ATTRIBUTE_NAMES,
  ...DERIVED_SHIPMENT_FIELDS,
];

/**
 * An unknown name gets the closest known one, or a few that contain what was typed, and a short
 * pointer to the full list: ~55 names in a cell's error tooltip help nobody.
 */
function unknownField(name: string, valid: readonly string[], extra = ''): AppError {
  const guess = closest(name, valid);
  if (guess) {
    return new AppError('input', `Unknown field "${name}". Did you mean "${guess}"?`);
  }
  const near = valid.filter((v) => name.length >= 2 && v.includes(name)).slice(0, 4);
  const hint =
    near.length > 0
      ? ` Fields with "${name}" in their name: ${near.join(', ')}.`
      : ` Examples: ${valid.slice(0, 4).join(', ')}${extra}.`;
  return new AppError('input', `Unknown field "${name}".${hint}`);
}

/** snake_case and not a near miss of a known name (a typo gets "did you mean" instead). */
function looksLikeNewAttribute(name: string, known: readonly string[]): boolean {
  return /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(name) && closest(name, known) == null;
}

function absentField(name: string, valid: readonly string[]): AppError {
  return new AppError(
    'input',
    `The service sends no field "${name}". Valid fields: ${valid.join(', ')}.`,
  );
}

/** Parses a SHIPMENT_INFO field (also the part after `shipment.` in CONTAINER_INFO). */
export function parseShipmentField(raw: unknown): ShipmentField {
  const name = clean(raw);
  if (name === '')
    throw new AppError(
      'input',
      `Missing field name. Valid fields: ${SHIPMENT_FIELD_NAMES.join(', ')}.`,
    );
  if ((DERIVED_SHIPMENT_FIELDS as readonly string[]).includes(name)) {
    return { kind: 'derived', name: name as (typeof DERIVED_SHIPMENT_FIELDS)[number] };
  }
  if (SHIPMENT_ATTRIBUTE_NAMES.includes(name)) return { kind: 'attribute', name };
  if (looksLikeNewAttribute(name, SHIPMENT_FIELD_NAMES))
    return { kind: 'attribute', name, unlisted: true };
  throw unknownField(name, SHIPMENT_FIELD_NAMES);
}

export function parseContainerField(raw: unknown): ContainerField {
  const name = clean(raw);
  if (name === '') {
    throw new AppError(
      'input',
      `Missing field name. Valid fields: ${CONTAINER_FIELD_NAMES.join(', ')}, shipment.<field>.`,
    );
  }
  if (name.startsWith('shipment.'))
    return { kind: 'shipment', field: parseShipmentField(name.slice(9)) };
  if ((DERIVED_CONTAINER_FIELDS as readonly string[]).includes(name)) {
    return { kind: 'derived', name: name as (typeof DERIVED_CONTAINER_FIELDS)[number] };
  }
  const deadline = name.replace(/^import_deadlines\./, '');
  if ((IMPORT_DEADLINE_FIELDS as readonly string[]).includes(deadline))
    return { kind: 'deadline', name: deadline };
  if (CONTAINER_ATTRIBUTE_NAMES.includes(name)) return { kind: 'attribute', name };
  if (looksLikeNewAttribute(name, CONTAINER_FIELD_NAMES))
    return { kind: 'attribute', name, unlisted: true };
  throw unknownField(name, CONTAINER_FIELD_NAMES, ', shipment.<field> (e.g. shipment.pod_eta_at)');
}

function unreadable(name: string): AppError {
  return new AppError(
    'upstream',
    `The tracking service sent ${name} in a form this add-in cannot read (or too large to keep).`,
  );
}

function readable<T>(name: string, value: T | Unreadable): T {
  if (isUnreadable(value)) throw unreadable(name);
  return value;
}

function listItemText(item: unknown): string {
  if (item == null) return '';
  return typeof item === 'object' ? JSON.stringify(item) : String(item);
}

/**
 * Any API value → what a cell can hold: instants as Dates, lists as text, null as blank. A value
 * whose type does not fit its attribute (an object where an instant belongs) throws, so only that
 * cell says so.
 * A date-time stays a Date (an instant): Sheets shows it in the spreadsheet's time zone if it
 * converts returned Dates there (convention A, assumed); if it used the script's zone (Etc/UTC)
 * instead, the time of day would be off by the difference, which no single value can avoid. The
 * sidebar's Diagnostics says when the two zones differ and what to do (see core/lfd.ts).
 */
export function toCellValue(name: string, value: unknown): CellValue {
  if (value == null) return '';
  if (isOversized(value)) throw unreadable(name);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'string') {
    if (isDateTimeAttribute(name)) {
      const ms = Date.parse(value);
      if (!Number.isNaN(ms)) return new Date(ms);
    }
    return fitCellText(value);
  }
  if (isDateTimeAttribute(name)) throw unreadable(name);
  if (name === 'holds_at_pod_terminal') return readable(name, holdsText(value));
  if (name === 'fees_at_pod_terminal') return readable(name, feesText(value));
  if (Array.isArray(value))
    return fitCellText(
      value
        .map(listItemText)
        .filter((t) => t !== '')
        .join(', '),
    );
  return fitCellText(JSON.stringify(value));
}

export function containerFieldValue(
  c: ContainerAttributes,
  field: Exclude<ContainerField, { kind: 'shipment' }>,
): CellValue {
  switch (field.kind) {
    case 'derived':
      if (field.name === 'ready_for_pickup')
        return readable('holds_at_pod_terminal or available_for_pickup', isReadyForPickup(c));
      if (field.name === 'holds')
        // As the Tracking sheet's Holds shows it, the terminal's description included.
        return readable('holds_at_pod_terminal', holdsDetail(c.holds_at_pod_terminal));
      return readable('fees_at_pod_terminal', feesTotal(c.fees_at_pod_terminal));
    case 'deadline': {
      const deadlines = c.import_deadlines;
      if (deadlines != null && !isRecord(deadlines)) throw unreadable('import_deadlines');
      return toCellValue(field.name, deadlines?.[field.name as keyof typeof deadlines]);
    }
    case 'attribute':
      if (field.unlisted && !Object.prototype.hasOwnProperty.call(c, field.name))
        throw absentField(field.name, CONTAINER_FIELD_NAMES);
      return toCellValue(field.name, c[field.name]);
  }
}

/** The zone attribute the service gives a shipment's date-time (`pod_eta_at` → `pod_timezone`). */
function shipmentZoneOf(s: ShipmentAttributes, name: string): string | null {
  const prefix = /^(pol|pod|destination)_/.exec(name)?.[1];
  const zone = prefix ? s[`${prefix}_timezone`] : null;
  return typeof zone === 'string' && isValidTimeZone(zone) ? zone : null;
}

/**
 * A shipment attribute. Its date-times (`pod_eta_at`, …) read as the Tracking sheet shows them:
 * the facility's local time labelled with its zone (`2026-11-24 18:24 PST`), the same text in a
 * cell and in the sheet's ETA column, whatever zone the spreadsheet is in.
 */
export function shipmentFieldValue(
  s: ShipmentAttributes,
  containerNumbers: readonly string[] | undefined,
  field: ShipmentField,
): CellValue {
  if (field.kind === 'derived') return fitCellText((containerNumbers ?? []).join(', '));
  if (field.unlisted && !Object.prototype.hasOwnProperty.call(s, field.name))
    throw absentField(field.name, SHIPMENT_FIELD_NAMES);
  const value = toCellValue(field.name, s[field.name]);
  const zone = value instanceof Date ? shipmentZoneOf(s, field.name) : null;
  return zone && value instanceof Date ? localTimeText(value, zone) : value;
}

/** LFD(): the deadline as a cell date; blank when there is none, a message when unreadable. */
/**
 * LFD() in a cell: the serial number of the facility's day (core/lfd.ts: right whichever zone
 * Sheets converts returned Dates in), or a throw when the deadline is not readable.
 */
export function lfdFieldValue(c: ContainerAttributes, source: LfdSource): CellValue {
  const deadlines = c.import_deadlines;
  if (source !== 'pickup' && deadlines != null && !isRecord(deadlines))
    throw unreadable('import_deadlines');
  const name = source === 'pickup' ? 'pickup_lfd' : `pickup_lfd_${source}`;
  const raw = source === 'pickup' ? c.pickup_lfd : deadlines?.[name as keyof typeof deadlines];
  readable(name, readInstant(raw));
  return lfdSerial(c, source) ?? '';
}
