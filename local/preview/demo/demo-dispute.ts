// One demo box with a history worth disputing, so the tour shows a full `Evidence <number>` sheet
// (docs/reference.md#evidence): a box already returned when the preview opens, whose two weeks at
// the terminal the add-in "watched" daily. The preview cannot run refreshes in the past (the
// emulator's clock never goes back), so the seed makes the box's record at the emulator what the
// story ends with (through its control surface, as a terminal would report it) and writes the
// Change Log rows those daily refreshes would have written, with the add-in's own snapshot and
// diff code (core/change-snapshot.ts), plus one Closed Days row inside the charged period.
//
// The story, in the terminal's days from the add-in's first look f (10:00 local each day):
// f: not available, customs hold, LFD f+3. f+1: available; the LFD moved to f+2. f+4: the hold
// is released (f+3, the first charged day, was on hold all day) and the gate is closed all day.
// f+6 14:00: picked up (demurrage f+3 … f+6). f+12 11:00: the empty is back (Return By f+10 on the
// demo's 4 calendar free days: two days of detention).

import { FIRST_SEEN_FIELD, firstSeenText } from '../../../src/core/box-history';
import { boxOf } from '../../../src/core/box';
import { boxSnapshot, diffSnapshots } from '../../../src/core/change-snapshot';
import type { ContainerAttributes } from '../../../src/core/model';
import {
  calendarDayIn,
  dayOfSerial,
  sheetSerialOfDay,
  startOfDayIn,
} from '../../../src/core/timezone';
import { CHANGE_LOG_HEADERS, CHANGE_LOG_SHEET } from '../../../src/addon/changes/change-log';
import { CLOSED_DAYS_SHEET } from '../../../src/core/closed-days';
import type { SpreadsheetModel } from '../../gas/spreadsheet/model';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const HOLD = { name: 'customs', status: 'hold', description: 'CBP exam ordered' } as const;
export const DISPUTE_CLOSED_NOTE = 'Gate closed all day: storm';

export interface DisputeBox {
  number: string;
  attributes: Record<string, unknown>;
}

export interface DisputePlan {
  number: string;
  /** What the emulator's record becomes (POST /__emulator/containers/{number}/changes). */
  change: { lfd: { line: string; terminal: string }; pickedUp: string; emptyReturned: string };
  /** The Change Log rows the daily refreshes would have written. */
  log: { at: number; field: string; old: string; new: string }[];
  /** The Closed Days row: its date (yyyy-mm-dd) and note. */
  closed: { date: string; note: string };
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const dayText = (serial: number) => {
  const d = dayOfSerial(serial);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
};

/**
 * A returned box that left its terminal by road (pod_full_out_at set) and whose story fits before
 * `now`; null when the account has none (then the demo goes without one).
 */
export function disputeCandidate(boxes: readonly DisputeBox[], now: number): DisputeBox | null {
  return (
    boxes.find((b) => {
      const a = b.attributes;
      if (a.current_status !== 'empty_returned' || typeof a.pod_full_out_at !== 'string')
        return false;
      const plan = planDispute(b, now);
      return plan !== null && plan.log.every((r) => r.at < now);
    }) ?? null
  );
}

/**
 * `now`: when the preview opens. The last daily look is at 10:00 on the day after the return, or
 * just before `now` when that is earlier: the seed ages the account by whole days, so early in the
 * terminal's day the story's last morning has not come yet.
 */
export function planDispute(box: DisputeBox, now: number): DisputePlan | null {
  const a = box.attributes;
  const zone = typeof a.pod_timezone === 'string' ? a.pod_timezone : null;
  const discharged = Date.parse(String(a.pod_discharged_at ?? ''));
  if (!zone || Number.isNaN(discharged)) return null;
  // Day f at 10:00 local: the first daily refresh after the discharge.
  const at = (day: number, hour: number) => startOfDayIn(dayOfSerial(day), zone) + hour * HOUR;
  let f = sheetSerialOfDay(calendarDayIn(discharged, zone));
  if (at(f, 10) <= discharged) f += 1;
  const lfd = (day: number) => iso(at(day, 0));
  const final = {
    ...a,
    import_deadlines: {
      pickup_lfd_line: lfd(f + 2),
      pickup_lfd_terminal: lfd(f + 2),
      pickup_lfd_rail: null,
    },
    pickup_lfd: lfd(f + 2),
    pod_full_out_at: iso(at(f + 6, 14)),
    empty_terminated_at: iso(at(f + 12, 11)),
    empty_terminated_timezone: zone,
    current_status: 'empty_returned',
    available_for_pickup: false,
    holds_at_pod_terminal: [],
  };
  const atTerminal = { pod_full_out_at: null, empty_terminated_at: null };
  const states: [number, Record<string, unknown>][] = [
    [
      at(f, 10),
      {
        ...final,
        ...atTerminal,
        current_status: 'not_available',
        available_for_pickup: false,
        holds_at_pod_terminal: [HOLD],
        import_deadlines: {
          pickup_lfd_line: lfd(f + 3),
          pickup_lfd_terminal: lfd(f + 3),
          pickup_lfd_rail: null,
        },
        pickup_lfd: lfd(f + 3),
      },
    ],
    [
      at(f + 1, 10),
      {
        ...final,
        ...atTerminal,
        current_status: 'available',
        available_for_pickup: true,
        holds_at_pod_terminal: [HOLD],
      },
    ],
    [
      at(f + 4, 10),
      { ...final, ...atTerminal, current_status: 'available', available_for_pickup: true },
    ],
    [at(f + 7, 10), { ...final, empty_terminated_at: null, current_status: 'picked_up' }],
    [Math.min(at(f + 13, 10), now - MINUTE), final],
  ];
  const snapshot = (attributes: Record<string, unknown>, when: number) =>
    boxSnapshot(
      boxOf({ attributes: attributes as unknown as ContainerAttributes }, undefined, when),
    );
  const log: DisputePlan['log'] = [];
  let before = snapshot(states[0]![1], states[0]![0]);
  log.push({ at: states[0]![0], field: FIRST_SEEN_FIELD, old: '', new: firstSeenText(before) });
  for (const [when, attributes] of states.slice(1)) {
    const next = snapshot(attributes, when);
    for (const d of diffSnapshots(before, next)) log.push({ at: when, ...d });
    before = next;
  }
  return {
    number: box.number,
    change: {
      lfd: { line: lfd(f + 2), terminal: lfd(f + 2) },
      pickedUp: final.pod_full_out_at,
      emptyReturned: final.empty_terminated_at,
    },
    log,
    closed: { date: dayText(f + 4), note: DISPUTE_CLOSED_NOTE },
  };
}

/** Writes the plan's Change Log rows (as the add-in writes them) and its Closed Days row. */
export function writeDisputeHistory(model: SpreadsheetModel, plan: DisputePlan): void {
  const log =
    model.sheetByName(CHANGE_LOG_SHEET) ?? model.addSheet(CHANGE_LOG_SHEET, model.sheets.length);
  if (log.lastRow() === 0) CHANGE_LOG_HEADERS.forEach((h, i) => (log.ensure(1, i + 1).value = h));
  let row = Math.max(log.lastRow(), 1);
  for (const r of plan.log) {
    row += 1;
    const cells = [new Date(r.at), plan.number, r.field, r.old, r.new, 'refresh'];
    cells.forEach((v, i) => (log.ensure(row, i + 1).value = v));
    log.ensure(row, 1).numberFormat = 'yyyy-mm-dd hh:mm';
  }
  const closed = model.sheetByName(CLOSED_DAYS_SHEET);
  if (!closed) return;
  const next = Math.max(closed.lastRow(), 1) + 1;
  model.write(closed, next, 1, plan.closed.date);
  model.write(closed, next, 3, plan.closed.note);
}
