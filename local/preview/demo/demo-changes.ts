// "Demo changes" in the preview: what a terminal and a carrier do to a dispatcher's boxes in a
// day, made at the emulator through its control surface, so anyone trying the preview sees the
// Change Log fill and alert emails land in the Outbox. Picks boxes still at the terminal from
// the Tracking sheet; each change is one POST /__emulator/containers/{number}/changes.

import { readLayout, type SheetLayout } from '../../../src/core/sheet-layout';
import type { SheetModel } from '../../gas/spreadsheet/model';

export interface ContainerChange {
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

const CONTAINER = /^[A-Z]{4}\d{7}$/;
/** Statuses of a box that has left the terminal: changing its LFD would be no news. */
const GONE = new Set(['picked_up', 'delivered', 'empty_returned', 'dropped']);
const DAY_MS = 86_400_000;

/** The container rows of the Tracking sheet whose box may still be at (or bound for) the terminal. */
export function waitingContainers(sheet: SheetModel): { number: string; status: string }[] {
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
  const statusCol = (layout.outputs.Status ?? -1) + 1;
  if (numberCol === 0) return [];
  const out: { number: string; status: string }[] = [];
  for (let row = 2; row <= sheet.lastRow(); row++) {
    const number = String(sheet.cell(row, numberCol)?.value ?? '').trim();
    const status = statusCol ? String(sheet.cell(row, statusCol)?.value ?? '').trim() : '';
    if (CONTAINER.test(number) && !GONE.has(status)) out.push({ number, status });
  }
  return out;
}

/**
 * Four changes on four different boxes: the terminal moves an LFD to today (an alert at once),
 * customs places a hold (at once), a box becomes available (at once), and the carrier moves an
 * arrival estimate to two days from now (more than a day's move: in the digest).
 */
export function planDemoChanges(
  boxes: readonly { number: string; status: string }[],
  now: number,
): PlannedChange[] {
  const atTerminal = boxes.filter((b) => b.status !== 'on_ship');
  const onShip = boxes.filter((b) => b.status === 'on_ship');
  const today = new Date(now).toISOString().slice(0, 10);
  const used = new Set<string>();
  const pick = (list: readonly { number: string }[]) => {
    const found = list.find((b) => !used.has(b.number));
    if (found) used.add(found.number);
    return found?.number;
  };
  const plan: PlannedChange[] = [];
  const lfd = pick(atTerminal);
  // Noon UTC of today is today at every terminal from UTC-11 to UTC+11.
  const noon = `${today}T12:00:00Z`;
  if (lfd)
    plan.push({
      number: lfd,
      what: 'LFD moved to today',
      change: { lfd: { line: noon, terminal: noon } },
    });
  const hold = pick(atTerminal);
  if (hold)
    plan.push({
      number: hold,
      what: 'customs hold placed',
      change: { hold: { name: 'customs', status: 'hold', description: 'CBP exam ordered' } },
    });
  const ready = pick(atTerminal.filter((b) => b.status !== 'available'));
  if (ready) plan.push({ number: ready, what: 'made available', change: { available: true } });
  const eta = pick(onShip.length > 0 ? onShip : atTerminal);
  if (eta)
    plan.push({
      number: eta,
      what: 'arrival estimate moved to 2 days from now',
      change: { eta: new Date(now + 2 * DAY_MS).toISOString() },
    });
  return plan;
}
