// Which rows the demo Tracking sheet starts with, picked from what the demo account holds (its
// containers and shipments as the API lists them) rather than from hard-coded numbers: a ready
// container, one whose last free day has passed, one due within two days, one on hold, one at
// sea, a BOL with several containers, two untracked BOLs with SCACs (one that completes, one that
// waits for its manifest), one without a SCAC, and a mistyped container number.

import { containerCheckDigit } from '../../../src/core/container-number';
import { boxOf } from '../../../src/core/box';
import { lfdSerial } from '../../../src/core/lfd';
import { todaySerial } from '../formula/sheet-values';
import type { ContainerAttributes } from '../../../src/core/model';

/** Statuses that have left the terminal: their last free day no longer matters to anyone. */
const DONE = new Set([
  'picked_up',
  'delivered',
  'empty_returned',
  'loaded',
  'dropped',
  'off_dock',
  'on_rail',
]);

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data?: { id: string; type: string }[] | { id: string } | null }>;
}

export interface ShipmentsDocument {
  data: Resource[];
  included?: Resource[];
}

export interface DemoRow {
  number: string;
  scac?: string;
  type?: string;
  refNumbers?: string;
  /** Why the row is there (shown in a column of the user's own). */
  note: string;
}

interface Box {
  number: string;
  status: string;
  /** The earliest last free day as a day number, taken (as the add-in does) at the facility. */
  lfd: number | null;
  /** Days from the facility's today to that LFD (negative: passed), as the sheet counts them. */
  daysLeft: number | null;
  terminalLfd: number | null;
  lineLfd: number | null;
  podZone: unknown;
  appointment: boolean;
  currencies: Set<string>;
  ready: boolean;
  onHold: boolean;
  refs: string;
  /** Moved inland by rail and to be picked up at its pickup facility. */
  inland: boolean;
  /** The day (serial) it went out, while its empty is not back; null otherwise. */
  outSince: number | null;
}

const DAY_MS = 86_400_000;
const serialOf = (iso: unknown) =>
  typeof iso === 'string' ? Math.floor(Date.parse(iso) / DAY_MS) + 25_569 : null;

function box(resource: Resource, now: number): Box {
  const a = resource.attributes;
  const attributes = a as ContainerAttributes;
  const fees = Array.isArray(a.fees_at_pod_terminal)
    ? (a.fees_at_pod_terminal as { currency_code?: unknown }[])
    : [];
  const holds = Array.isArray(a.holds_at_pod_terminal)
    ? (a.holds_at_pod_terminal as { status?: unknown }[])
    : [];
  const onHold = holds.some((h) => h.status === 'hold');
  return {
    number: String(a.number),
    status: String(a.current_status),
    lfd: lfdSerial(attributes, 'earliest'),
    daysLeft: boxOf({ attributes }, undefined, now).lfd?.daysLeft ?? null,
    terminalLfd: lfdSerial(attributes, 'terminal'),
    lineLfd: lfdSerial(attributes, 'line'),
    podZone: a.pod_timezone,
    appointment: typeof a.pickup_appointment_at === 'string',
    currencies: new Set(fees.map((f) => String(f.currency_code ?? ''))),
    ready: a.available_for_pickup === true && !onHold,
    onHold,
    refs: Array.isArray(a.ref_numbers) ? a.ref_numbers.join(', ') : '',
    inland:
      !!resource.relationships?.pickup_facility?.data &&
      ['available', 'on_rail'].includes(String(a.current_status)),
    outSince:
      a.empty_terminated_at == null && a.current_status !== 'empty_returned'
        ? serialOf(a.pod_full_out_at ?? a.final_destination_full_out_at)
        : null,
  };
}

/** The same number with a wrong check digit: what a typo usually produces. */
export function mistype(number: string): string {
  const right = containerCheckDigit(number.slice(0, 10));
  const digit = right === null ? 0 : (Number(right) + 3) % 10;
  return `${number.slice(0, 10)}${digit}`;
}

/** The demo account's containers as the listing gives them (number and attributes). */
export function containersOf(
  doc: ShipmentsDocument,
): { number: string; attributes: Record<string, unknown> }[] {
  return (doc.included ?? [])
    .filter((r) => r.type === 'container')
    .map((r) => ({ number: String(r.attributes.number), attributes: r.attributes }));
}

/**
 * `at`: the moment and the spreadsheet's time zone (whose today dates the detention picks; an
 * LFD counts on its facility's calendar, as the sheet does);
 * `dispute` the box whose history is worth disputing (demo-dispute.ts), given its own row.
 */
export function pickDemoRows(
  doc: ShipmentsDocument,
  at: { now: number; timeZone: string },
  dispute: string | null = null,
): DemoRow[] {
  const today = todaySerial(at.now, at.timeZone);
  const boxes = (doc.included ?? [])
    .filter((r) => r.type === 'container')
    .map((r) => box(r, at.now));
  const chosen = new Set<string>(dispute ? [dispute] : []);
  const take = (test: (b: Box) => boolean): Box | undefined => {
    const found = boxes.find((b) => !chosen.has(b.number) && !DONE.has(b.status) && test(b));
    if (found) chosen.add(found.number);
    return found;
  };
  /** Any box not chosen yet, whatever its status. */
  const takeAny = (test: (b: Box) => boolean): Box | undefined => {
    const found = boxes.find((b) => !chosen.has(b.number) && test(b));
    if (found) chosen.add(found.number);
    return found;
  };
  const picks: [Box | undefined, string][] = [
    [take((b) => b.ready && b.daysLeft !== null && b.daysLeft > 2), 'Ready for pickup: green'],
    [take((b) => b.daysLeft !== null && b.daysLeft < 0), 'Last free day passed: red'],
    [
      take((b) => b.daysLeft !== null && b.daysLeft > 0 && b.daysLeft <= 2),
      'Last free day within 2 days: amber',
    ],
    [take((b) => b.onHold), 'On hold at the terminal'],
    [take((b) => b.status === 'on_ship'), 'Still at sea'],
    [
      take((b) => b.appointment && b.podZone === 'America/Los_Angeles'),
      'Appointment in the terminal’s own time (Long Beach / Los Angeles)',
    ],
    [
      take((b) => b.terminalLfd !== null && b.lineLfd !== null && b.terminalLfd < b.lineLfd),
      'The terminal’s LFD is earlier than the line’s: the sheet shows the earliest',
    ],
    [
      takeAny((b) => b.status === 'picked_up' && b.daysLeft !== null && b.daysLeft < 0),
      'Picked up: its passed LFD is history, no colour',
    ],
    [
      takeAny((b) => b.inland && b.status === 'available'),
      'Inland rail: picked up at the ramp (Terminal), by its rail LFD',
    ],
    [
      // Out for more than the demo terms' 4 free days with the empty not back: detention runs.
      takeAny((b) => b.outSince !== null && b.outSince < today - 5),
      'Empty not back after Return By: detention running',
    ],
    [takeAny((b) => b.status === 'empty_returned'), 'Returned empty: nothing to do'],
    [
      boxes.find((b) => b.number === dispute),
      'Returned late after a hold and a moved LFD: References → Evidence for a dispute',
    ],
  ];
  const rows: DemoRow[] = picks.flatMap(([b, note]) =>
    b ? [{ number: b.number, ...(b.refs ? { refNumbers: b.refs } : {}), note }] : [],
  );

  const multi = doc.data.find((s) => {
    const list = s.relationships?.containers?.data;
    return Array.isArray(list) && list.length >= 3;
  });
  if (multi) {
    const a = multi.attributes;
    rows.push({
      number: String(a.bill_of_lading_number),
      scac: String(a.shipping_line_scac),
      type: 'bill_of_lading',
      ...(Array.isArray(a.ref_numbers) && a.ref_numbers.length
        ? { refNumbers: a.ref_numbers.join(', ') }
        : {}),
      note: 'A BOL with several containers: one row sums them up',
    });
  }
  const twoCurrencies = doc.data.find((s) => {
    const ids = new Set(
      (Array.isArray(s.relationships?.containers?.data) ? s.relationships.containers.data : []).map(
        (c) => c.id,
      ),
    );
    const codes = new Set(
      (doc.included ?? [])
        .filter((r) => r.type === 'container' && ids.has(r.id))
        .flatMap((r) => [...box(r, at.now).currencies].filter((c) => c !== '')),
    );
    return codes.size >= 2;
  });
  if (twoCurrencies && twoCurrencies !== multi) {
    rows.push({
      number: String(twoCurrencies.attributes.bill_of_lading_number),
      scac: String(twoCurrencies.attributes.shipping_line_scac),
      type: 'bill_of_lading',
      note: 'A BOL with fees in two currencies: each summed on its own',
    });
  }
  // The emulator decides a new request's fate by its number: "AWAIT" waits for a manifest.
  rows.push(
    {
      number: 'MAEU261100017',
      scac: 'MAEU',
      refNumbers: 'PO-DEMO-1',
      note: 'Not tracked yet, has a SCAC: a refresh starts tracking it',
    },
    {
      number: 'HLCUAWAIT2611',
      scac: 'HLCU',
      note: 'Not tracked yet: waits for the line’s manifest',
    },
    {
      number: 'ONEYTYO0011223',
      note: 'Not tracked, no SCAC: the service detects the carrier from the number',
    },
  );
  const first = rows[0];
  if (first && !first.scac) {
    rows.push({ number: mistype(first.number), note: 'A mistyped container number' });
  }
  return rows;
}
