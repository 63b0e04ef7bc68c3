// The sidebar's Stop / Resume tracking and Timeline for the selected Tracking row. A row's number
// (container, BOL or booking) leads to its shipment through the same look-ups as the cells; a
// container number leads to the shipment it travels in. Stop and resume are per shipment (the
// service has no per-container stop); the answer's shipment goes into the cache at once, so cells
// and the next refresh agree with what the sidebar said.

import { resourceDocument, type JsonApiDocument } from '../../api/jsonapi';
import { paginate } from '../../api/paginate';
import { recordsOf } from '../../api/resources';
import { setShipmentTracking, transportEventsCall } from '../../api/shipment-tracking';
import { AppError } from '../../core/errors';
import type { ContainerRecord, ShipmentRecord } from '../../core/model';
import { parseRow } from '../../core/row-input';
import { buildTimeline, type EventResource, type TimelineEvent } from '../../core/timeline';
import { isUnreadable } from '../../core/attribute-values';
import { STOPPED_BY_USER, stopStateOf, trackingStateText } from '../../core/tracking-state';
import { plural, sentence } from '../../core/wording';
import { notTrackedError, shipmentMissing } from '../../engine/tracking-data';
import { identifierKey } from '../../engine/record-store';
import { Execution } from '../../execution/execution';
import { applyFresh } from '../updates/apply-fresh';
import { activeSpreadsheet } from '../../gas/stores';

/** Pages of events read per container (100 each): a journey has a few dozen. */
const MAX_EVENT_PAGES = 3;
/** Containers of a BOL row whose timelines are read in one call. */
export const MAX_TIMELINE_CONTAINERS = 10;

export interface TrackingChange {
  number: string;
  /** The shipment's bill of lading (or booking) number. */
  shipment: string;
  /** What the row's `Tracking` column says now: `tracked`, `stopped: by user`, … */
  tracking: string;
  message: string;
}

export interface ContainerTimeline {
  container: string;
  events: TimelineEvent[];
  /** Why this container's events could not be read, when they could not. */
  problem?: string;
}

export interface Timeline {
  number: string;
  containers: ContainerTimeline[];
  /** Containers of the shipment left out beyond MAX_TIMELINE_CONTAINERS. */
  more: number;
}

function rowNumber(input: { number?: unknown } | undefined) {
  const parsed = parseRow(0, input?.number, '', '', '');
  if (!parsed) throw new AppError('input', 'Select a row with a number first.');
  if (parsed.unusable)
    throw new AppError('input', sentence(parsed.problem ?? 'The Number is not usable'));
  return parsed;
}

interface Resolved {
  number: string;
  shipment: ShipmentRecord | null;
  shipmentId: string;
  containers: ContainerRecord[];
}

/** The row's shipment (and, for a container row, that container), or an error saying why not. */
function resolve(run: Execution, input: { number?: unknown } | undefined): Resolved {
  const { number, kind } = rowNumber(input);
  const tracking = run.tracking();
  if (kind === 'container') {
    const a = tracking.containers([number], { withShipments: true }).get(number);
    if (!a) throw notTrackedError(number);
    if ('error' in a) throw a.error;
    const shipmentId = a.container.shipmentId;
    if (!shipmentId) throw shipmentMissing(number, a.container);
    return { number, shipment: a.shipment ?? null, shipmentId, containers: [a.container] };
  }
  const a = tracking.shipments([number]).get(number);
  if (!a) throw notTrackedError(number);
  if ('error' in a) throw a.error;
  const numbers = a.shipment.containerNumbers ?? [];
  const boxes = tracking.containers(numbers);
  const containers = numbers.flatMap((n) => {
    const found = boxes.get(n);
    return found && !('error' in found) ? [found.container] : [];
  });
  return { number, shipment: a.shipment, shipmentId: a.shipment.id, containers };
}

function changeTracking(
  input: { number?: unknown } | undefined,
  action: 'stop' | 'resume',
): TrackingChange {
  const run = new Execution('sidebar');
  const found = resolve(run, input);
  const doc = run.client().send(setShipmentTracking(found.shipmentId, action));
  const { shipments } = recordsOf(resourceDocument(doc));
  const saved = shipments.find((s) => s.id === found.shipmentId);
  if (!saved)
    throw new AppError('upstream', 'The tracking service did not send the shipment back.');
  run.store.write({ shipments: [saved], asIs: true });
  showInRows(run, saved, found);
  const state = stopStateOf(saved.attributes);
  const tracking =
    state === undefined || isUnreadable(state) ? 'unknown' : trackingStateText(state);
  const bol = String(
    saved.attributes.bill_of_lading_number ??
      found.shipment?.attributes.bill_of_lading_number ??
      '',
  );
  const boxes = saved.containerNumbers?.length ?? found.shipment?.containerNumbers?.length;
  const what = `shipment ${bol}${boxes ? ` (${plural(boxes, 'container')})` : ''}`;
  return {
    number: found.number,
    shipment: bol,
    tracking,
    message: outcome(action, what, tracking),
  };
}

/**
 * The rows of the shipment (its BOL/booking rows and its boxes' rows) say the new state at once,
 * and the change pipeline logs it (source `sidebar`). Its boxes come from this call's look-up and,
 * for a BOL row's summary, the cache. Never fails the stop or resume the service has done.
 */
function showInRows(run: Execution, saved: ShipmentRecord, found: Resolved): void {
  try {
    const ss = activeSpreadsheet();
    const boxes = new Map<string, ContainerRecord>();
    for (const c of run.store.allContainers())
      if (c.shipmentId === saved.id) boxes.set(c.attributes.number, c);
    for (const c of found.containers) boxes.set(c.attributes.number, c);
    const identifiers = new Map<string, string>();
    for (const n of [
      found.number,
      saved.attributes.bill_of_lading_number,
      saved.attributes.booking_number,
    ])
      if (typeof n === 'string' && n !== '') identifiers.set(identifierKey(n), saved.id);
    applyFresh(
      ss,
      run,
      { containers: boxes, shipments: new Map([[saved.id, saved]]), identifiers },
      run.settings().appUrl,
      'sidebar',
    );
  } catch {
    // The sheet will show it at the next refresh, as before.
  }
}

/** What happened, in words; the service may answer 200 without a change (already stopped). */
function outcome(action: 'stop' | 'resume', what: string, tracking: string): string {
  if (
    action === 'stop' &&
    tracking !== trackingStateText({ stopped: true, reason: STOPPED_BY_USER })
  )
    return tracking.startsWith('stopped')
      ? `The service had already stopped tracking ${what} (${tracking}).`
      : `The service still tracks ${what}; try again later.`;
  if (action === 'resume' && tracking !== 'tracked')
    return `The service still reports ${what} as ${tracking}.`;
  return action === 'stop'
    ? `Stopped tracking ${what}: the service no longer updates it; its rows say so.`
    : `Resumed tracking ${what}. Data the service could not collect while it was stopped may be missing.`;
}

export function stopTracking(input: { number: string }): TrackingChange {
  return changeTracking(input, 'stop');
}

export function resumeTracking(input: { number: string }): TrackingChange {
  return changeTracking(input, 'resume');
}

function containerTimeline(run: Execution, container: ContainerRecord): ContainerTimeline {
  const events: EventResource[] = [];
  const included: EventResource[] = [];
  const failure = paginate(
    run.client(),
    transportEventsCall(container.id),
    MAX_EVENT_PAGES,
    ({ doc }: { doc: JsonApiDocument }) => {
      if (!Array.isArray(doc.data))
        throw new AppError(
          'upstream',
          'The tracking service answered in a form that is not the documented shape (no list of events).',
        );
      events.push(...doc.data);
      if (Array.isArray(doc.included)) included.push(...doc.included);
      return true;
    },
  );
  const timeline: ContainerTimeline = {
    container: container.attributes.number,
    events: buildTimeline(events, included),
  };
  if (failure) timeline.problem = failure.message;
  return timeline;
}

/** The row's container's transport events (each container's, for a BOL or booking row). */
export function getTimeline(input: { number: string }): Timeline {
  const run = new Execution('sidebar');
  const found = resolve(run, input);
  if (found.containers.length === 0)
    throw new AppError(
      'not-found',
      `${found.number} has no containers in the tracking service yet.`,
    );
  const shown = found.containers.slice(0, MAX_TIMELINE_CONTAINERS);
  return {
    number: found.number,
    containers: shown.map((c) => containerTimeline(run, c)),
    more: found.containers.length - shown.length,
  };
}
