// Lazy lifecycle: nothing runs in the background. Whenever an account is read, every request whose
// next step is due at the current clock time is moved forward, and a `created` step builds its
// shipment as of the moment it was due (not the moment it was read), so results do not depend on
// how often anyone polls.
import { createRng, hashString } from '../core/prng';
import type { AccountStore } from '../data/account-store';
import type { TrackingRequestRecord } from '../data/records';
import { randomShipmentPlan } from '../seed/random-plan';
import { buildShipment } from '../seed/shipment-builder';
import { autoStopDue, markStopped } from './line-tracking';

/**
 * `onStep` hears each step as it is applied, at the time it was due (the webhooks publish
 * tracking-request outcomes from it).
 */
export function advanceLifecycles(
  account: AccountStore,
  now: number,
  onStep?: (request: TrackingRequestRecord, at: number) => void,
): void {
  for (const request of [...account.unsettledRequests]) {
    while (request.steps.length > 0 && (request.steps[0]?.at ?? Infinity) <= now) {
      const next = request.steps.shift();
      if (!next) break;
      request.status = next.status;
      request.failedReason = next.failedReason;
      request.isRetrying = next.isRetrying;
      request.retryCount = next.retryCount;
      request.updatedAtMs = next.at;
      if (next.scac) request.scac = next.scac;
      if (next.createsShipment) request.shipmentId = createShipment(account, request, next.at);
      onStep?.(request, next.at);
    }
    if (request.steps.length === 0) account.unsettledRequests.delete(request);
  }
  applyAutoStops(account, now);
}

/** The service stops checking, by its own rules, the shipments whose moment has passed. */
function applyAutoStops(account: AccountStore, now: number): void {
  for (const { id, at } of account.autoStops.takeDue(now)) {
    const shipment = account.shipment(id);
    if (!shipment || shipment.attributes.line_tracking_stopped_at !== null) continue;
    const rule = autoStopDue(shipment, account.containersOf(shipment));
    if (rule) markStopped(shipment, at, rule.reason, null);
  }
}

function createShipment(account: AccountStore, request: TrackingRequestRecord, at: number): string {
  const seed = hashString(`${account.key}|${request.id}|${request.requestNumber}`);
  const rng = createRng(seed);
  const isContainer = request.requestType === 'container';
  const plan = randomShipmentPlan(rng, {
    scac: request.scac ?? undefined,
    phase: rng.chance(0.6) ? 'sailing' : 'at_port',
    containers: isContainer ? 1 : rng.int(1, 3),
    refNumbers: request.refNumbers,
  });
  plan.createdAtMs = at;
  plan.tags = request.shipmentTags;
  if (isContainer)
    plan.containerNumbers = [request.requestNumber.toUpperCase().replace(/[\s-]/g, '')];
  else plan.billOfLading = request.requestNumber.trim();
  const built = buildShipment(
    {
      anchor: at,
      rng,
      usedNumbers: new Set(account.containers().map((c) => c.attributes.number)),
      usedBillsOfLading: new Set(
        account.shipments().map((s) => s.attributes.bill_of_lading_number),
      ),
    },
    plan,
  );
  built.shipment.requestNumber = request.requestNumber;
  account.addShipment(built.shipment, built.containers);
  return built.shipment.id;
}
