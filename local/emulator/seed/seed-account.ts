// Fills the demo account: the curated scenarios, then (for benchmarks) random shipments until the
// requested container count is reached, plus the tracking requests that "created" them and a few
// that failed or wait for a manifest.
import { createRng, hashString, type Rng } from '../core/prng';
import { DAY, HOUR, MINUTE, SECOND } from '../core/time';
import type { AccountStore } from '../data/account-store';
import type { RequestType, TrackingRequestRecord, TrackingRequestStatus } from '../data/records';
import { DEMO_SCENARIOS } from './demo-scenarios';
import type { SeedContext } from './plan-types';
import { historicShipmentPlan, randomShipmentPlan } from './random-plan';
import { buildShipment, type BuiltShipment } from './shipment-builder';
import { apiUserId } from '../lifecycle/line-tracking';
import type { TrackingDelays } from '../lifecycle/outcomes';

export interface SeedOptions {
  /** Total containers; the curated demo set (63) is always included. */
  containers?: number;
  /**
   * Share of the drawn shipments still tracked (default 1). Below 1 the account is history-heavy
   * like a real old one: the rest arrived months or years ago, their boxes are back empty and the
   * service stopped tracking them (`all_containers_terminated`, `past_arrival_window`, …).
   */
  activeShare?: number;
}

/** The history-heavy preset: about 2 % of the account still tracked, like the recorded one. */
export const HISTORY_ACTIVE_SHARE = 0.02;

export function seedDemoAccount(
  account: AccountStore,
  anchor: number,
  delays: TrackingDelays,
  options: SeedOptions = {},
): void {
  const ctx: SeedContext = {
    anchor,
    rng: createRng(hashString('container-tracking-demo')),
    usedNumbers: new Set(),
    usedBillsOfLading: new Set(),
  };
  let count = 0;
  DEMO_SCENARIOS.forEach((plan, index) => {
    const built = buildShipment(ctx, plan);
    // A booking with no port of discharge yet was tracked by booking number; one by container.
    const type: RequestType =
      plan.pod === null ? 'booking_number' : index === 2 ? 'container' : 'bill_of_lading';
    const byUser = plan.stopped?.reason === 'cancelled_by_user';
    if (byUser) built.shipment.stoppedByUserId = apiUserId(account.key);
    const status: TrackingRequestStatus = byUser ? 'tracking_stopped' : 'created';
    store(account, ctx.rng, built, type, status);
    count += built.containers.length;
  });
  while (count < (options.containers ?? 0)) {
    // Without a share no draw is spent: the default account stays the same, number for number.
    const share = options.activeShare;
    const current = share === undefined || ctx.rng.next() < share;
    const plan = current ? randomShipmentPlan(ctx.rng) : historicShipmentPlan(ctx.rng);
    const built = buildShipment(ctx, plan);
    store(account, ctx.rng, built, 'bill_of_lading', 'created');
    count += built.containers.length;
  }
  addUnresolvedRequests(account, ctx.rng, anchor, delays);
}

function store(
  account: AccountStore,
  rng: Rng,
  built: BuiltShipment,
  type: RequestType,
  status: TrackingRequestStatus,
): void {
  const { shipment, containers } = built;
  const first = containers[0];
  const number =
    type === 'container' && first
      ? first.attributes.number
      : shipment.attributes.bill_of_lading_number;
  shipment.requestNumber = number;
  account.addShipment(shipment, containers);
  account.addTrackingRequest({
    ...baseRequest(
      rng,
      shipment.createdAtMs - rng.int(20, 90) * SECOND,
      number,
      type,
      shipment.attributes.shipping_line_scac,
    ),
    refNumbers: shipment.attributes.ref_numbers ?? [],
    shipmentTags: shipment.attributes.tags,
    status,
    updatedAtMs: shipment.createdAtMs,
    shipmentId: shipment.id,
  });
}

function baseRequest(
  rng: Rng,
  createdAtMs: number,
  requestNumber: string,
  requestType: RequestType,
  scac: string,
): TrackingRequestRecord {
  return {
    id: rng.uuid(),
    createdAtMs,
    updatedAtMs: createdAtMs,
    requestNumber,
    requestType,
    scac,
    refNumbers: [],
    shipmentTags: [],
    status: 'pending',
    failedReason: null,
    isRetrying: false,
    retryCount: null,
    shipmentId: null,
    steps: [],
  };
}

/** Requests without a shipment: two that failed and one waiting for the manifest (it is created
 * once `awaitingManifestMs` has passed, like any other). */
function addUnresolvedRequests(
  account: AccountStore,
  rng: Rng,
  anchor: number,
  delays: TrackingDelays,
): void {
  account.addTrackingRequest({
    ...baseRequest(rng, anchor - 2 * DAY, 'MEDUNOTFOUND1', 'bill_of_lading', 'MSCU'),
    status: 'failed',
    failedReason: 'not_found',
    updatedAtMs: anchor - 2 * DAY + MINUTE,
  });
  account.addTrackingRequest({
    ...baseRequest(rng, anchor - DAY, 'MSKU1234567', 'container', 'MAEU'),
    status: 'failed',
    failedReason: 'invalid_number',
    updatedAtMs: anchor - DAY + MINUTE,
    refNumbers: ['PO-TYPO'],
  });
  const createdAtMs = anchor - 2 * HOUR;
  account.addTrackingRequest({
    ...baseRequest(rng, createdAtMs, '254AWAIT81', 'booking_number', 'MAEU'),
    status: 'awaiting_manifest',
    updatedAtMs: createdAtMs + delays.pendingMs,
    refNumbers: ['PO-77777'],
    steps: [
      {
        at: createdAtMs + delays.pendingMs + delays.awaitingManifestMs,
        status: 'created',
        failedReason: null,
        isRetrying: false,
        retryCount: null,
        createsShipment: true,
      },
    ],
  });
}
