// What the Tracking sheet already shows about each row, read from its own cells, so the sync
// spends nothing it need not: a row whose shipment stopped and whose final state it shows is
// settled (its data no longer changes at the service), a row confirmed as tracked should be in
// the active listing, a number whose tracking request has no shipment yet needs no look-up, and a
// number typed into a sheet in use (`fresh`) gets its tracking request before any look-up.

import type { RowInput } from '../../core/row-input';
import { calendarDayIn } from '../../core/timezone';
import type { OutputHeader, SheetLayout } from '../../core/sheet-layout';
import { requestIdentity } from '../../core/number-identity';
import type { LedgerEntry } from '../../engine/request-ledger';
import type { SheetKnowledge } from '../../engine/sheet-sync';
import type { Row } from '../sheets/rows-io';

/** Ledger states in which the service has no shipment for the number (yet, or ever). */
const NO_SHIPMENT: ReadonlySet<LedgerEntry['status']> = new Set([
  'sending',
  'pending',
  'awaiting_manifest',
  'failed',
  'rejected',
]);

const text = (v: unknown) => String(v ?? '').trim();

export function sheetKnowledge(
  values: readonly Row[],
  layout: SheetLayout,
  rows: readonly RowInput[],
  ledger: ReadonlyMap<string, LedgerEntry>,
  today: { now: number; zone: string } = { now: Date.now(), zone: 'UTC' },
): SheetKnowledge & { requested: Set<string>; settled: Set<string>; fresh: Set<string> } {
  const cell = (r: RowInput, h: OutputHeader) => {
    const c = layout.outputs[h];
    return c == null ? '' : values[r.index]?.[c];
  };
  const confirmed = (r: RowInput) => text(cell(r, 'Updated')) !== '';
  // Stopped, confirmed, and nothing due: an LFD still counting (a box left at the terminal) or a
  // "not updated since" mark needs the row read again, so Attention must be blank. A money clock
  // still running (detention of an empty not yet back can outlive tracking: Cost Tomorrow neither
  // blank nor 0) moves once a facility day, so such a row is read again once a day, not each run.
  const confirmedToday = (r: RowInput) => {
    const at = cell(r, 'Updated');
    return (
      at instanceof Date &&
      JSON.stringify(calendarDayIn(at.getTime(), today.zone)) ===
        JSON.stringify(calendarDayIn(today.now, today.zone))
    );
  };
  const moneyRunning = (r: RowInput) => {
    const tomorrow = cell(r, 'Cost Tomorrow');
    return text(tomorrow) !== '' && tomorrow !== 0 && text(tomorrow) !== '0' && !confirmedToday(r);
  };
  const isSettled = (r: RowInput) =>
    !r.problem &&
    !r.invalid &&
    confirmed(r) &&
    /^stopped\b/.test(text(cell(r, 'Tracking'))) &&
    text(cell(r, 'Attention')) === '' &&
    !moneyRunning(r);
  // A row never confirmed (no Updated, no Tracking), SCAC or not: if the listing missed it, its
  // tracking request is the look-up (the service answers 422 duplicate when it tracks the number
  // already, recorded as tracked), so a new number costs one request, not two.
  const isNew = (r: RowInput) =>
    !r.problem && text(cell(r, 'Updated')) === '' && text(cell(r, 'Tracking')) === '';

  const settled = new Set<string>();
  const unsettled = new Set<string>();
  const active = new Set<string>();
  const untracked = new Set<string>();
  const requested = new Set<string>();
  const fresh = new Set<string>();
  const oldRows = new Set<string>();
  for (const r of rows) {
    if (r.unusable) continue;
    // One number on several rows is settled only when every one of them is.
    (isSettled(r) ? settled : unsettled).add(r.number);
    if (confirmed(r) && text(cell(r, 'Tracking')) === 'tracked') active.add(r.number);
    const entry = ledger.get(requestIdentity(r.requestType, r.number));
    if (entry && NO_SHIPMENT.has(entry.status)) untracked.add(r.number);
    if (entry || isNew(r)) requested.add(r.number);
    (!entry && isNew(r) ? fresh : oldRows).add(r.number);
  }
  for (const n of unsettled) settled.delete(n);
  // One number on several rows is new only when none of them was confirmed or requested.
  for (const n of oldRows) fresh.delete(n);
  // A sheet refreshed before: rows typed since are numbers to start tracking. On a sheet's first
  // refresh every row is unconfirmed, and a list brought from elsewhere is mostly tracked already:
  // those are looked up first.
  if (!rows.some(confirmed)) fresh.clear();
  return { settled, active, untracked, requested, fresh };
}
