// Whether a box could be picked up on a given facility day, from what the add-in saw (the Change
// Log, from its first look on) and, before that, from the service's transport events alone
// (docs/reference.md#evidence). A day counts as "available and free of holds" when the box was so
// at any moment of it: a terminal only owes a day it kept the box out of reach all day long. A
// day the add-in cannot account for at every moment is "unknown", never disputed.

import { activeHolds, parseHolds, valueAt, type BoxHistory } from './box-history';
import { startOfDayIn } from './timezone';
import { dayOfSerial } from './timezone';

export interface AvailabilityInputs {
  history: BoxHistory;
  /** The values the add-in holds now (`true`/`false`/'' and the holds' text), as the log writes them. */
  current: { available: string; holds: string };
  /** The service's `available` / `not_available` events, in time order. */
  events: readonly { at: number; available: boolean }[];
  /** When the box was discharged (the service's), or null. */
  discharged: number | null;
  /** When it left the terminal (full-out), or null while it has not. */
  left: number | null;
  /** The facility's zone: its days are the charged days. */
  zone: string;
}

/** At one moment: reachable (`free`), on hold, not available, gone, or not known. */
type Moment =
  | { state: 'free' }
  | { state: 'held'; holds: string[] }
  | { state: 'unavailable'; source: 'log' | 'events' }
  | { state: 'unknown' };

export type DayAvailability =
  | { state: 'free' }
  | { state: 'unknown' }
  | { state: 'blocked'; notAvailable: boolean; holds: string[]; source: 'log' | 'events' };

function fromEvents(inputs: AvailabilityInputs, at: number): Moment {
  const { events, discharged } = inputs;
  let last: boolean | null = null;
  for (const e of events) if (e.at <= at) last = e.available;
  if (last === true) return { state: 'free' };
  if (last === false) return { state: 'unavailable', source: 'events' };
  // Discharged, and the service had not said "available" yet: not available, by its events.
  if (events.some((e) => e.available) && discharged !== null && at >= discharged)
    return { state: 'unavailable', source: 'events' };
  return { state: 'unknown' };
}

function momentAt(inputs: AvailabilityInputs, at: number): Moment {
  // Picked up: it was reachable then, and what follows is no terminal day of it.
  if (inputs.left !== null && at >= inputs.left) return { state: 'free' };
  const { history, current } = inputs;
  const available = valueAt(history, 'available_for_pickup', at, current.available);
  if (available === undefined) return fromEvents(inputs, at);
  if (available === 'false') return { state: 'unavailable', source: 'log' };
  if (available !== 'true') return { state: 'unknown' };
  const holdsText = valueAt(history, 'holds', at, current.holds) ?? '';
  const holds = parseHolds(holdsText);
  if (holds === null) return { state: 'unknown' };
  const active = activeHolds(holds);
  return active.length === 0
    ? { state: 'free' }
    : {
        state: 'held',
        holds: active.map((h) => (h.description ? `${h.name} (${h.description})` : h.name)),
      };
}

/** The moments within [from, to) at which what the add-in knows may change. */
function breakpoints(inputs: AvailabilityInputs, from: number, to: number): number[] {
  const points = new Set<number>([from]);
  const add = (at: number | null | undefined) => {
    if (at != null && at > from && at < to) points.add(at);
  };
  add(inputs.history.firstSeen);
  add(inputs.left);
  add(inputs.discharged);
  for (const field of ['available_for_pickup', 'holds'])
    for (const c of inputs.history.changes.get(field) ?? []) add(c.at);
  for (const e of inputs.events) add(e.at);
  return [...points].sort((a, b) => a - b);
}

/** The box on one facility day (a sheet serial in `inputs.zone`). */
export function dayAvailability(inputs: AvailabilityInputs, day: number): DayAvailability {
  const from = startOfDayIn(dayOfSerial(day), inputs.zone);
  const to = startOfDayIn(dayOfSerial(day + 1), inputs.zone);
  const moments = breakpoints(inputs, from, to).map((at) => momentAt(inputs, at));
  if (moments.some((m) => m.state === 'free')) return { state: 'free' };
  if (moments.some((m) => m.state === 'unknown')) return { state: 'unknown' };
  const holds = new Set<string>();
  let notAvailable = false;
  let source: 'log' | 'events' = 'log';
  for (const m of moments) {
    if (m.state === 'held') m.holds.forEach((h) => holds.add(h));
    if (m.state === 'unavailable') {
      notAvailable = true;
      if (m.source === 'events') source = 'events';
    }
  }
  return { state: 'blocked', notAvailable, holds: [...holds], source };
}

/** The first moment the add-in saw the box available (its first look, or a change), or null. */
export function firstSeenAvailable(history: BoxHistory, currentAvailable: string): number | null {
  if (history.firstSeen === null) return null;
  if (valueAt(history, 'available_for_pickup', history.firstSeen, currentAvailable) === 'true')
    return history.firstSeen;
  const change = (history.changes.get('available_for_pickup') ?? []).find((c) => c.new === 'true');
  return change?.at ?? null;
}
