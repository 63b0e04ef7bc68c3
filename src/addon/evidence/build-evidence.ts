// buildEvidence({number}) (sidebar: References → Evidence for a dispute): the sheet
// `Evidence <number>` for one box (docs/reference.md#evidence), rebuilt whole each time and owned
// by the add-in, except the invoiced days and amounts the user typed, which a rebuild keeps. It
// spends at most one request (the box with its transport events), reads the Tracking row, the
// Free Time and Closed Days sheets and the Change Log with its archive once each, and writes only
// its own sheet: never the Tracking sheet, the Change Log or the cache.

import { boxHistory } from '../../core/box-history';
import { boxOf } from '../../core/box';
import { boxSnapshot } from '../../core/change-snapshot';
import { AppError } from '../../core/errors';
import { equipmentText } from '../../core/equipment';
import { buildEvidence as evidenceOf } from '../../core/evidence';
import { evidenceDates } from '../../core/evidence-dates';
import {
  EVIDENCE_SHEET_PREFIX,
  evidenceGrid,
  invoicedInputs,
  type BoxFacts,
  type QuotedRule,
} from '../../core/evidence-layout';
import { isBroken, type MoneyKind } from '../../core/free-time';
import { localTimeText } from '../../core/local-time';
import { parseRow } from '../../core/row-input';
import { trackingLink } from '../../core/settings';
import { serialCellDate } from '../../core/timezone';
import { sentence } from '../../core/wording';
import { Execution } from '../../execution/execution';
import { activeSpreadsheet } from '../../gas/stores';
import { fetchBox, logRowsOf, readTerms, trackingRowOf } from './evidence-inputs';
import { writeEvidenceSheet } from './evidence-sheet';

export interface EvidenceReport {
  sheet: string;
  /** Charged days to dispute, per kind. */
  disputed: Partial<Record<MoneyKind, number>>;
  message: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const lowerFirst = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);

function containerNumber(input: { number?: unknown } | undefined): string {
  const row = parseRow(0, input?.number, '', '', '');
  if (!row) throw new AppError('input', 'Select a row with a container number first.');
  if (row.unusable)
    throw new AppError('input', sentence(row.problem ?? 'The Number is not usable'));
  if (row.kind !== 'container')
    throw new AppError(
      'input',
      `Evidence is built for one container, and ${row.number} is a bill of lading or booking: select the row of one of its containers (Import all tracked containers adds them).`,
    );
  if (row.invalid) throw new AppError('input', sentence(`${row.number}: ${row.invalid}`));
  return row.number;
}

export function buildEvidence(input: { number?: unknown }): EvidenceReport {
  const number = containerNumber(input);
  const run = new Execution('sidebar');
  const ss = activeSpreadsheet();
  const zone = ss.getSpreadsheetTimeZone();
  const now = run.startedAt;
  const fetched = fetchBox(run, number);
  if (!('container' in fetched))
    throw new AppError(
      'not-found',
      `No evidence for ${number}: the add-in has no record of it (${lowerFirst(fetched.problem.replace(/\.$/, ''))}). Refresh the Tracking sheet, then try again.`,
    );
  const { container, shipment } = fetched;
  const row = trackingRowOf(ss, number, shipment);
  const { terms, values: freeTime } = readTerms(ss, zone);
  const history = boxHistory(logRowsOf(ss, number));
  const box = boxOf(container, shipment, now);
  const carrier = text(shipment?.attributes.shipping_line_scac) || row?.scac || null;
  const contract = row?.contract || null;

  const availability = fetched.events
    .filter((e) => e.at && /\.(not_)?available$/.test(e.event))
    .map((e) => ({ at: Date.parse(e.at!), available: !e.event.endsWith('not_available') }));
  const dischargedEvent = fetched.events.find((e) => e.event.endsWith('vessel_discharged'))?.at;
  const dischargedAt = Date.parse(
    text(container.attributes.pod_discharged_at) || dischargedEvent || '',
  );
  const discharged = Number.isNaN(dischargedAt) ? null : dischargedAt;
  const evidence = evidenceOf(
    { box, carrier, contract, terms, history, events: availability, discharged },
    now,
  );
  const facts = evidenceDates({
    box,
    current: boxSnapshot(box),
    history,
    events: fetched.events,
    money: evidence.money,
    sheetZone: zone,
    now,
  });

  const rules: QuotedRule[] = [];
  for (const kind of ['demurrage', 'detention'] as const) {
    const charge = evidence.charges[kind];
    const rule = charge ? terms.rules.find((r) => r.row === charge.rule && !isBroken(r)) : null;
    if (rule)
      rules.push({
        kind,
        row: rule.row,
        headers: (freeTime[0] ?? []).map((h) => String(h ?? '')),
        cells: [...(freeTime[rule.row - 1] ?? [])],
      });
  }
  const a = shipment?.attributes;
  const facts0: BoxFacts = {
    number,
    shipment: text(a?.bill_of_lading_number) || text(a?.booking_number) || 'not known',
    carrier: carrier ?? 'not known',
    terminal: typeof box.terminal === 'string' ? box.terminal : 'not known',
    equipment: [equipmentText(box.money.equipment), text(container.attributes.equipment_height)]
      .filter((t) => t !== '')
      .join(', '),
    refNumbers: (container.attributes.ref_numbers ?? []).join(', '),
    contract: contract ?? (row ? '(blank)' : 'no Tracking row holds this box'),
    link: trackingLink(run.settings().appUrl, number),
  };
  const built =
    `Built ${localTimeText(now, zone)} from ` +
    (fetched.problem
      ? `the record the add-in last cached (the service could not be asked: ${fetched.problem}; no transport events)`
      : 'the tracking service (one request: the box and its transport events)') +
    ', the Change Log and your Free Time and Closed Days sheets. Rebuilt each time: only the invoiced figures you type are kept. ' +
    `Times the add-in saw something are in the spreadsheet's zone (${zone}); facility times carry their own zone.`;

  const name = `${EVIDENCE_SHEET_PREFIX}${number}`;
  const existing = ss.getSheetByName(name);
  const invoiced = existing ? invoicedInputs(existing.getDataRange().getValues()) : new Map();
  const grid = evidenceGrid({
    box: facts0,
    built,
    facts,
    evidence,
    rules,
    invoiced,
    dayCell: (serial) => serialCellDate(serial, zone),
  });
  writeEvidenceSheet(ss, name, existing, grid);

  const disputed: Partial<Record<MoneyKind, number>> = {};
  for (const d of evidence.disputes) disputed[d.kind] = (disputed[d.kind] ?? 0) + 1;
  const count = evidence.disputes.length;
  return {
    sheet: name,
    disputed,
    message:
      `Sheet "${name}" written: ${count === 0 ? 'no charged day to dispute' : `${count} charged day${count === 1 ? '' : 's'} to dispute`}.` +
      (fetched.problem ? ` Built from the cached record: ${fetched.problem}` : ''),
  };
}
