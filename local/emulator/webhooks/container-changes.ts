// Changes to a container's data made through the control surface
// (POST /__emulator/containers/{number}/changes), as a terminal or line would report them: the
// attributes the container and shipment JSON show change, `updatedAtMs` moves, and the webhook
// events the service sends for such a change are published.
//
// Body: { lfd?: {line?, terminal?, rail?, pickup?: ISO string | "today" | null},
//         hold?: {name, status: 'hold' | 'released', description?},
//         available?: boolean, eta?: ISO string, pickedUp?: ISO string,
//         emptyReturned?: ISO string }
import type { Rng } from '../core/prng';
import { isoSeconds, localDay, zonedTime } from '../core/time';
import type { AccountStore } from '../data/account-store';
import type { ContainerRecord, HoldName, TerminalHold } from '../data/records';
import type { WebhookEvent } from './events';
import {
  publishContainerUpdate,
  publishEstimatedArrival,
  publishTransportEvent,
  type Publisher,
} from './publish';

const HOLD_NAMES: readonly HoldName[] = ['customs', 'freight', 'USDA', 'VACIS', 'TMF', 'other'];
const LFD_SOURCES = ['line', 'terminal', 'rail', 'pickup'] as const;
type LfdSource = (typeof LFD_SOURCES)[number];
/** Statuses at the terminal, where availability decides between `available` and `not_available`. */
const AT_TERMINAL = new Set(['available', 'not_available', 'grounded']);

export interface ChangeInput {
  lfd?: Partial<Record<LfdSource, string | null>>;
  hold?: { name: HoldName; status: 'hold' | 'released'; description: string | null };
  available?: boolean;
  eta?: string;
  pickedUp?: string;
  /** The empty came back (`empty_terminated_at`, at the POD's zone): status `empty_returned`. */
  emptyReturned?: string;
}

const isIso = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v));
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body checked field by field: the first problem, said plainly, or the changes. */
export function readChanges(body: Record<string, unknown>): ChangeInput | string {
  const known = new Set(['lfd', 'hold', 'available', 'eta', 'pickedUp', 'emptyReturned']);
  const unknown = Object.keys(body).filter((k) => !known.has(k));
  if (unknown.length > 0) return `unknown field(s): ${unknown.join(', ')}`;
  const out: ChangeInput = {};
  if (body.lfd !== undefined) {
    if (!isObject(body.lfd)) return 'lfd must be an object of line/terminal/rail/pickup';
    const lfd: ChangeInput['lfd'] = {};
    for (const [source, value] of Object.entries(body.lfd)) {
      if (!(LFD_SOURCES as readonly string[]).includes(source))
        return `lfd.${source} is not one of line, terminal, rail, pickup`;
      if (value !== null && value !== TODAY && !isIso(value))
        return `lfd.${source} must be an ISO time, "today" or null`;
      lfd[source as LfdSource] = value;
    }
    out.lfd = lfd;
  }
  if (body.hold !== undefined) {
    const h = body.hold;
    if (!isObject(h)) return 'hold must be an object {name, status, description?}';
    if (!HOLD_NAMES.includes(h.name as HoldName))
      return `hold.name must be one of ${HOLD_NAMES.join(', ')}`;
    if (h.status !== 'hold' && h.status !== 'released')
      return "hold.status must be 'hold' or 'released'";
    if (h.description !== undefined && h.description !== null && typeof h.description !== 'string')
      return 'hold.description must be text';
    out.hold = {
      name: h.name as HoldName,
      status: h.status,
      description: typeof h.description === 'string' ? h.description : null,
    };
  }
  if (body.available !== undefined) {
    if (typeof body.available !== 'boolean') return 'available must be true or false';
    out.available = body.available;
  }
  if (body.eta !== undefined) {
    if (!isIso(body.eta)) return 'eta must be an ISO time';
    out.eta = body.eta;
  }
  if (body.pickedUp !== undefined) {
    if (!isIso(body.pickedUp)) return 'pickedUp must be an ISO time';
    out.pickedUp = body.pickedUp;
  }
  if (body.emptyReturned !== undefined) {
    if (!isIso(body.emptyReturned)) return 'emptyReturned must be an ISO time';
    out.emptyReturned = body.emptyReturned;
  }
  return out;
}

type Changeset = Record<string, [unknown, unknown]>;

/**
 * `"today"`: the facility's own today (the terminal's zone for line and terminal LFDs, the inland
 * ramp's for rail), as local noon: a demo that moves an LFD "to today" must not write yesterday
 * for a box already in tomorrow's local day, nor depend on UTC's date.
 */
const TODAY = 'today';

function facilityToday(container: ContainerRecord, source: LfdSource, now: number): string {
  const a = container.attributes;
  const zone = (source === 'rail' ? a.final_destination_timezone : null) ?? a.pod_timezone ?? 'UTC';
  return isoSeconds(zonedTime(localDay(now, zone), zone, 12));
}

function setLfds(
  container: ContainerRecord,
  given: NonNullable<ChangeInput['lfd']>,
  now: number,
): Changeset {
  const a = container.attributes;
  const lfd = Object.fromEntries(
    Object.entries(given).map(([source, v]) => [
      source,
      v === TODAY ? facilityToday(container, source as LfdSource, now) : v,
    ]),
  ) as NonNullable<ChangeInput['lfd']>;
  const changes: Changeset = {};
  const deadlines = (a.import_deadlines ??= {
    pickup_lfd_line: null,
    pickup_lfd_terminal: null,
    pickup_lfd_rail: null,
  });
  for (const source of ['line', 'terminal', 'rail'] as const) {
    const value = lfd[source];
    const key = `pickup_lfd_${source}` as const;
    if (value === undefined || deadlines[key] === value) continue;
    changes[key] = [deadlines[key], value];
    deadlines[key] = value;
  }
  // The service coalesces pickup_lfd line first, then terminal, then rail, unless it is given.
  const pickup =
    lfd.pickup !== undefined
      ? lfd.pickup
      : (deadlines.pickup_lfd_line ?? deadlines.pickup_lfd_terminal ?? deadlines.pickup_lfd_rail);
  if (pickup !== a.pickup_lfd) {
    changes.pickup_lfd = [a.pickup_lfd, pickup];
    a.pickup_lfd = pickup;
  }
  return changes;
}

function setHold(container: ContainerRecord, hold: NonNullable<ChangeInput['hold']>): Changeset {
  const before = container.attributes.holds_at_pod_terminal;
  const others = before.filter((h) => h.name !== hold.name);
  const after: TerminalHold[] =
    hold.status === 'hold'
      ? [...others, { name: hold.name, status: 'hold', description: hold.description }]
      : others;
  if (JSON.stringify(before) === JSON.stringify(after)) return {};
  container.attributes.holds_at_pod_terminal = after;
  return { holds_at_pod_terminal: [before, after] };
}

export interface ChangeOutcome {
  container: ContainerRecord;
  notifications: string[];
}

/** Applies the changes to the container (and its shipment's ETA) and publishes their events. */
export function applyContainerChanges(
  account: AccountStore,
  container: ContainerRecord,
  input: ChangeInput,
  ids: Rng,
  now: number,
): ChangeOutcome {
  const a = container.attributes;
  const changeset: Changeset = {};
  const events: WebhookEvent[] = [];
  const p: Publisher = { account, ids, now };
  const notifications: string[] = [];

  if (input.lfd) {
    const lfd = setLfds(container, input.lfd, now);
    Object.assign(changeset, lfd);
    if ('pickup_lfd' in lfd) events.push('container.pickup_lfd.changed');
    if ('pickup_lfd_line' in lfd) events.push('container.pickup_lfd_line.changed');
    if ('pickup_lfd_terminal' in lfd) events.push('container.pickup_lfd_terminal.changed');
    if ('pickup_lfd_rail' in lfd) events.push('container.pickup_lfd_rail.changed');
  }
  if (input.hold) Object.assign(changeset, setHold(container, input.hold));
  let availability: WebhookEvent | null = null;
  if (input.available !== undefined && input.available !== a.available_for_pickup) {
    changeset.available_for_pickup = [a.available_for_pickup, input.available];
    a.available_for_pickup = input.available;
    a.availability_known = true;
    if (AT_TERMINAL.has(a.current_status))
      a.current_status = input.available ? 'available' : 'not_available';
    availability = input.available
      ? 'container.transport.available'
      : 'container.transport.not_available';
  }
  const shipment = account.shipmentOf(container);
  const etaChanged = input.eta !== undefined && shipment?.attributes.pod_eta_at !== input.eta;
  if (etaChanged && shipment && input.eta !== undefined) {
    shipment.attributes.pod_eta_at = input.eta;
    shipment.updatedAtMs = now;
  }
  const pickedUp = input.pickedUp !== undefined && a.pod_full_out_at !== input.pickedUp;
  if (pickedUp && input.pickedUp !== undefined) {
    a.pod_full_out_at = input.pickedUp;
    a.current_status = 'picked_up';
    a.available_for_pickup = false;
  }

  const emptyBack =
    input.emptyReturned !== undefined && a.empty_terminated_at !== input.emptyReturned;
  if (emptyBack && input.emptyReturned !== undefined) {
    a.empty_terminated_at = input.emptyReturned;
    a.empty_terminated_timezone ??= a.pod_timezone;
    a.current_status = 'empty_returned';
    a.available_for_pickup = false;
  }

  const changed = Object.keys(changeset).length > 0 || etaChanged || pickedUp || emptyBack;
  if (changed) container.updatedAtMs = now;
  if (Object.keys(changeset).length > 0) {
    // container.updated carries the changeset; the LFD events refer to the same update.
    notifications.push(
      ...publishContainerUpdate(p, ['container.updated', ...events], container, changeset),
    );
  }
  if (availability) notifications.push(...publishTransportEvent(p, availability, container));
  if (pickedUp)
    notifications.push(...publishTransportEvent(p, 'container.transport.full_out', container));
  if (emptyBack)
    notifications.push(...publishTransportEvent(p, 'container.transport.empty_in', container));
  if (etaChanged && input.eta !== undefined)
    notifications.push(...publishEstimatedArrival(p, container, input.eta));
  return { container, notifications };
}
