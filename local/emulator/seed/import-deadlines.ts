// Last free days for a seeded container: whole days from the anchor's local calendar day, at local
// midnight (what terminals report) or 23:59 local (some lines), in the zone each deadline belongs
// to: the POD's for the terminal, the inland destination's for the rail ramp and, on rail moves,
// for the line.
import { addDays, isoSeconds, localDay, zonedTime } from '../core/time';
import type { ContainerStatus, ImportDeadlines } from '../data/records';
import type { LfdHint } from './plan-types';

const DEFAULT_LFDS: Partial<Record<ContainerStatus, LfdHint>> = {
  not_available: { terminal: 3, line: 3 },
  available: { terminal: 2, line: 2 },
  grounded: { terminal: 4 },
  awaiting_inland_transfer: { line: 5, rail: 7 },
  on_rail: { line: 4, rail: 5 },
  picked_up: { terminal: -1, line: -1 },
  off_dock: { terminal: 1, line: 1 },
  delivered: { terminal: -2, line: -2 },
  dropped: { terminal: -3, line: -3 },
  loaded: { terminal: -4, line: -3 },
  empty_returned: { terminal: -8, line: -8 },
};

export interface DeadlineSetting {
  anchor: number;
  status: ContainerStatus;
  hint: LfdHint | undefined;
  podZone: string | null;
  /** The inland destination's zone on a rail move, null for a local move. */
  railZone: string | null;
  /** Available at the inland ramp: the terminal deadline no longer applies. */
  inlandAvailable: boolean;
}

export function importDeadlines(setting: DeadlineSetting): {
  deadlines: ImportDeadlines;
  pickupLfd: string | null;
} {
  const { anchor, podZone, railZone, inlandAvailable } = setting;
  const hint = setting.hint ?? DEFAULT_LFDS[setting.status] ?? {};
  const at = (days: number | null | undefined, zone: string | null): string | null => {
    if (days === null || days === undefined || zone === null) return null;
    const day = addDays(localDay(anchor, zone), days);
    return isoSeconds(zonedTime(day, zone, hint.endOfDay ? 23 : 0, hint.endOfDay ? 59 : 0));
  };
  const deadlines: ImportDeadlines = {
    pickup_lfd_terminal: inlandAvailable ? null : at(hint.terminal, podZone),
    pickup_lfd_rail:
      railZone === null ? null : at(hint.rail ?? (inlandAvailable ? 2 : undefined), railZone),
    pickup_lfd_line: at(hint.line, railZone ?? podZone),
  };
  // The service coalesces with a fixed priority: line, then terminal, then rail (not the earliest).
  const pickupLfd =
    deadlines.pickup_lfd_line ?? deadlines.pickup_lfd_terminal ?? deadlines.pickup_lfd_rail;
  return { deadlines, pickupLfd };
}
