// "Demo changes" in the preview: what a terminal and a carrier do to a dispatcher's boxes in a
// day, made at the emulator through its control surface, so anyone trying the preview sees the
// Change Log fill and alert emails land in the Outbox. Picks tracked boxes still at the terminal
// from the Tracking sheet, others than an earlier round changed; each change is one
// POST /__emulator/containers/{number}/changes.

import { readLayout, type SheetLayout } from '../../../src/core/sheet-layout';
import type { SheetModel } from '../../gas/spreadsheet/model';

export interface ContainerChange {
  /** `"today"`: the facility's own today, resolved by the emulator (container-changes.ts). */
  lfd?: { line?: string | null; terminal?: string | null; rail?: string | null };
  hold?: { name: string; status: 'hold' | 'released'; description?: string };
  available?: boolean;
  eta?: string;
}

export interface PlannedChange {
  number: string;
  what: string;
  change: ContainerChange;
}

/** A container row of the Tracking sheet, as the demo reads it. */
export interface DemoBox {
  number: string;
  status: string;
  attention?: string;
  holds?: string;
}

const CONTAINER = /^[A-Z]{4}\d{7}$/;
/** Statuses of a box that has left the terminal: changing its LFD would be no news. */
const GONE = new Set(['picked_up', 'delivered', 'empty_returned', 'dropped', 'loaded', 'off_dock']);
const DAY_MS = 86_400_000;

/**
 * The tracked container rows of the Tracking sheet whose box may still be at (or bound for) the
 * terminal (not gone inland by rail). A row the service does not track (no Status: a mistyped number, one not tracked yet)
 * is left out: the emulator has no such container to change.
 */
export function waitingContainers(sheet: SheetModel): DemoBox[] {
  // Columns found by header text the way the add-in finds them (core/sheet-layout.ts).
  let layout: SheetLayout;
  try {
    layout = readLayout(
      Array.from({ length: sheet.lastColumn() }, (_, c) => sheet.cell(1, c + 1)?.value ?? ''),
    );
  } catch {
    return []; // no Number column, or duplicate headers: nothing to pick from
  }
  const numberCol = (layout.inputs.Number ?? -1) + 1;
  if (numberCol === 0) return [];
  const text = (row: number, col: number | undefined) =>
    col == null ? '' : String(sheet.cell(row, col + 1)?.value ?? '').trim();
  const out: DemoBox[] = [];
  for (let row = 2; row <= sheet.lastRow(); row++) {
    const number = text(row, numberCol - 1);
    const status = text(row, layout.outputs.Status);
    if (!CONTAINER.test(number) || status === '' || GONE.has(status)) continue;
    // Gone inland by rail: its deadline is the ramp's; the terminal's LFD, holds and availability
    // that Demo changes moves no longer bear on it (a hold placed there would read "ready").
    if (text(row, layout.outputs['LFD Source']) === 'rail') continue;
    out.push({
      number,
      status,
      attention: text(row, layout.outputs.Attention),
      holds: text(row, layout.outputs.Holds),
    });
  }
  return out;
}

/** The active holds a Holds cell lists (`customs: hold (CBP exam), freight: pending`). */
const activeHolds = (b: DemoBox) =>
  [...(b.holds ?? '').matchAll(/(?:^|, )([^:,]+): hold\b/g)].map((m) => m[1]!);

/**
 * Four changes on four different boxes: the terminal moves an LFD to today (an alert at once),
 * customs places a hold (at once), a box becomes available (at once), and the carrier moves an
 * arrival estimate to two days from now (more than a day's move: in the digest). Boxes already
 * changed by an earlier round (`done`) are picked last, so pressing it again changes other boxes.
 */
export function planDemoChanges(
  boxes: readonly DemoBox[],
  now: number,
  done: ReadonlySet<string> = new Set(),
): PlannedChange[] {
  // Boxes not changed yet first, then the others: a later round still finds something to do.
  const ordered = [
    ...boxes.filter((b) => !done.has(b.number)),
    ...boxes.filter((b) => done.has(b.number)),
  ];
  const atTerminal = ordered.filter((b) => b.status !== 'on_ship');
  const onShip = ordered.filter((b) => b.status === 'on_ship');
  const used = new Set<string>();
  const pick = (list: readonly DemoBox[], fits: (b: DemoBox) => boolean = () => true) => {
    const found = list.find((b) => !used.has(b.number) && fits(b));
    if (found) used.add(found.number);
    return found;
  };
  const plan: PlannedChange[] = [];
  const lfd = pick(atTerminal, (b) => !(b.attention ?? '').startsWith('LFD today'));
  if (lfd)
    plan.push({
      number: lfd.number,
      what: 'LFD moved to today',
      // The facility's today, whatever UTC's date is (the emulator resolves "today").
      change: { lfd: { line: 'today', terminal: 'today' } },
    });
  const hold = pick(atTerminal, (b) => !activeHolds(b).includes('customs'));
  if (hold)
    plan.push({
      number: hold.number,
      what: 'customs hold placed',
      change: { hold: { name: 'customs', status: 'hold', description: 'CBP exam ordered' } },
    });
  // Made available, and ready: a box with no active hold, else one whose single hold is released
  // with it (available with a hold on it would read "not ready" with no word why).
  const notAvailable = (b: DemoBox) => b.status !== 'available';
  const free = pick(atTerminal, (b) => notAvailable(b) && activeHolds(b).length === 0);
  const held = free
    ? undefined
    : pick(atTerminal, (b) => notAvailable(b) && activeHolds(b).length === 1);
  if (free) plan.push({ number: free.number, what: 'made available', change: { available: true } });
  else if (held) {
    const name = activeHolds(held)[0]!;
    plan.push({
      number: held.number,
      what: `made available, its ${name} hold released`,
      change: { available: true, hold: { name, status: 'released' } },
    });
  }
  const eta = pick(onShip.length > 0 ? onShip : atTerminal);
  if (eta)
    plan.push({
      number: eta.number,
      what: 'arrival estimate moved to 2 days from now',
      change: { eta: new Date(now + 2 * DAY_MS).toISOString() },
    });
  return plan;
}
