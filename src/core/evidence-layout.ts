// The `Evidence <number>` sheet as a grid (docs/reference.md#evidence): the box, its dates, a row
// per day, the days to dispute with their reasons, the Free Time rows quoted, and the Invoice
// check. Pure: the add-in writes the grid in one block. Every text is data (the writer makes it
// literal text); the only formulas are the Invoice check's differences, over this sheet's own
// cells (the add-in's counts and what the user typed), never over text from the service.

import type { DateFact } from './evidence-dates';
import type { Evidence, EvidenceDay } from './evidence';
import type { MoneyKind } from './free-time';
import { columnLetter } from './sheet-layout';

export const EVIDENCE_SHEET_PREFIX = 'Evidence ';
export const INVOICE_CHECK = 'Invoice check';
const KINDS: readonly MoneyKind[] = ['demurrage', 'detention'];

export interface BoxFacts {
  number: string;
  shipment: string;
  carrier: string;
  terminal: string;
  equipment: string;
  refNumbers: string;
  contract: string;
  link: string;
}

/** A Free Time row as the user wrote it: its headers and its cells, for quoting. */
export interface QuotedRule {
  kind: MoneyKind;
  row: number;
  headers: string[];
  cells: unknown[];
}

export interface EvidenceGrid {
  values: unknown[][];
  /** Cells holding a formula (row, column; 1-based): written as formulas, not as text. */
  formulas: { row: number; column: number }[];
  /** A1 ranges: facility days as dates, amounts in their currency, headers in bold, inputs. */
  dates: string[];
  amounts: { a1: string; currency: string }[];
  bold: string[];
  inputs: string[];
}

export interface LayoutInput {
  box: BoxFacts;
  built: string;
  facts: DateFact[];
  evidence: Evidence;
  rules: QuotedRule[];
  /** The invoiced days and amount the user typed at the last build, per kind. */
  invoiced: Map<MoneyKind, [unknown, unknown]>;
  /** A facility day (sheet serial) as the Date the sheet shows as that day. */
  dayCell: (serial: number) => Date;
}

const DAY_HEADERS = [
  'Date',
  'Weekday',
  'Closed (Closed Days)',
  'Available and free of holds',
  'Demurrage day',
  'Demurrage charged',
  'Detention day',
  'Detention charged',
];

function availabilityText(d: EvidenceDay): string {
  const a = d.availability;
  if (!a) return '';
  if (a.state === 'free') return 'yes';
  if (a.state === 'unknown') return 'not known (no look of the add-in, no word from the service)';
  const why = [
    ...(a.notAvailable ? ['not available'] : []),
    ...(a.holds.length > 0 ? [`on hold: ${a.holds.join(', ')}`] : []),
  ];
  return `no: ${why.join('; ')}`;
}

export function evidenceGrid(input: LayoutInput): EvidenceGrid {
  const { evidence } = input;
  const currencies = [...new Set(KINDS.flatMap((k) => evidence.charges[k]?.currency ?? []))];
  const width = DAY_HEADERS.length + currencies.length + 1;
  const values: unknown[][] = [];
  const grid: EvidenceGrid = { values, formulas: [], dates: [], amounts: [], bold: [], inputs: [] };
  const row = (...cells: unknown[]) => {
    values.push([...cells, ...Array<unknown>(Math.max(0, width - cells.length)).fill('')]);
    return values.length;
  };
  const cell = (r: number, c: number) => `${columnLetter(c - 1)}${r}`;
  const heading = (text: string) => {
    row('');
    grid.bold.push(cell(row(text), 1));
  };
  const headerRow = (...cells: string[]) => {
    const r = row(...cells);
    grid.bold.push(`A${r}:${columnLetter(cells.length - 1)}${r}`);
    return r;
  };
  const amount = (r: number, c: number, currency: string) =>
    grid.amounts.push({ a1: cell(r, c), currency });

  grid.bold.push(cell(row(`Evidence for a dispute: ${input.box.number}`), 1));
  row(input.built);

  heading('The box');
  const b = input.box;
  for (const [label, value] of [
    ['Container', b.number],
    ['Bill of lading or booking', b.shipment],
    ['Carrier (SCAC)', b.carrier],
    ['Terminal', b.terminal],
    ['Equipment', b.equipment],
    ['Ref numbers', b.refNumbers],
    ['Contract (Tracking row)', b.contract],
    ['Tracking page', b.link],
  ])
    row(label, value);

  heading('Dates');
  headerRow('What', 'When', 'Source');
  for (const f of input.facts) row(f.label, f.value, f.note);

  heading(`Days (the facility's calendar days, ${evidence.zone})`);
  if (evidence.daysLeftOut > 0)
    row(
      `The first ${evidence.daysLeftOut} days are left out (${evidence.days.length} days at most); the totals count them.`,
    );
  headerRow(...DAY_HEADERS, ...currencies.map((c) => `Running total ${c}`), 'To dispute');
  const dayRow = new Map<number, number>();
  for (const d of evidence.days) {
    const dem = evidence.charges.demurrage;
    const det = evidence.charges.detention;
    const r = row(
      input.dayCell(d.day),
      d.weekday,
      d.closed ? d.closed.note || 'closed' : '',
      availabilityText(d),
      d.demurrage ? d.demurrage.k : '',
      d.demurrage ? d.demurrage.rate : '',
      d.detention ? d.detention.k : '',
      d.detention ? d.detention.rate : '',
      ...currencies.map((c) => d.totals.get(c) ?? 0),
      d.reasons.join('; '),
    );
    dayRow.set(d.day, r);
    grid.dates.push(cell(r, 1));
    if (d.demurrage && dem) amount(r, 6, dem.currency);
    if (d.detention && det) amount(r, 8, det.currency);
    currencies.forEach((c, i) => amount(r, DAY_HEADERS.length + 1 + i, c));
  }

  heading('Days to dispute');
  if (evidence.disputes.length === 0) {
    row(
      'None: on every charged day the box was available, free of holds and its terminal open, as far as the add-in and the service saw.',
    );
  } else {
    // Why sits in the wide column the day rows' availability uses.
    headerRow('Date', 'Kind', 'Charged', 'Why', 'Day row');
    for (const d of evidence.disputes) {
      const r = row(
        input.dayCell(d.day),
        d.kind,
        d.rate,
        d.reasons.join('; '),
        `row ${dayRow.get(d.day) ?? ''}`,
      );
      grid.dates.push(cell(r, 1));
      amount(r, 3, d.currency);
    }
  }

  heading('Free Time rows that priced it');
  for (const kind of KINDS) {
    const rule = input.rules.find((q) => q.kind === kind);
    const outcome = evidence.money[kind];
    if (!rule) {
      row(kind, outcome.state === 'problem' ? outcome.text : 'no rule matched: no money');
      continue;
    }
    row(`${kind}: Free Time row ${rule.row}`);
    headerRow(...rule.headers);
    row(...rule.cells.map((v) => (v instanceof Date ? v : String(v ?? ''))));
  }

  heading(INVOICE_CHECK);
  row(
    'Type the invoice’s days and amount in the two input columns: the differences are the invoice minus the add-in’s count.',
  );
  headerRow(
    'Kind',
    'Days (add-in)',
    'Amount (add-in)',
    'Currency',
    'Invoiced days',
    'Invoiced amount',
    'Days diff.',
    'Amount diff.',
    'Days to dispute',
    'Amount to dispute',
  );
  for (const kind of KINDS) {
    const charge = evidence.charges[kind];
    const disputed = evidence.disputes.filter((d) => d.kind === kind);
    const [days, money] = input.invoiced.get(kind) ?? ['', ''];
    const r = values.length + 1;
    row(
      kind,
      charge ? charge.days : 0,
      charge ? charge.amount : 0,
      charge?.currency ?? '',
      days,
      money,
      `=IF(${cell(r, 5)}="","",${cell(r, 5)}-${cell(r, 2)})`,
      `=IF(${cell(r, 6)}="","",${cell(r, 6)}-${cell(r, 3)})`,
      disputed.length,
      Math.round(disputed.reduce((s, d) => s + d.rate, 0) * 100) / 100,
    );
    grid.formulas.push({ row: r, column: 7 }, { row: r, column: 8 });
    grid.inputs.push(`${cell(r, 5)}:${cell(r, 6)}`);
    if (charge) for (const c of [3, 6, 8, 10]) amount(r, c, charge.currency);
  }
  return grid;
}

/** The invoiced days and amount typed in an earlier build of the sheet, per kind. */
export function invoicedInputs(
  values: readonly (readonly unknown[])[],
): Map<MoneyKind, [unknown, unknown]> {
  const out = new Map<MoneyKind, [unknown, unknown]>();
  const at = values.findIndex((r) => r[0] === INVOICE_CHECK);
  if (at < 0) return out;
  for (const r of values.slice(at + 1, at + 6)) {
    const kind = r[0];
    if (kind === 'demurrage' || kind === 'detention') out.set(kind, [r[4] ?? '', r[5] ?? '']);
  }
  return out;
}
