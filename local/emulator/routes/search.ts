// GET /search?query=: shipments first, then containers ("cargo"), then tracking requests, each
// newest first, at most 25; requests whose number already has a shipment are left out.
import { isoSeconds } from '../core/time';
import type { ContainerRecord, ShipmentRecord, TrackingRequestRecord } from '../data/records';
import type { EmulatorEnv } from '../env';
import { withoutParams, type RequestContext } from '../http/request-context';
import { apiError, jsonApi } from '../http/respond';
import type { Route } from '../http/router';
import { containerMatches, fold, shipmentMatches } from './matching';

const LIMIT = 25;

export const searchRoutes: Route<EmulatorEnv>[] = [
  { method: 'GET', pattern: '/v2/search', area: 'api', auth: true, handler: (ctx) => search(ctx) },
];

function search(ctx: RequestContext) {
  const query = (ctx.query.get('query') ?? '').trim();
  if (query === '') return apiError(400, { detail: 'Query parameter is required' });
  const account = ctx.account;
  const shipments = account.shipments().filter((s) => shipmentMatches(s, query));
  const containers = account.containers().filter((c) => containerMatches(c, query));
  const tracked = new Set(account.shipments().map((s) => fold(s.attributes.bill_of_lading_number)));
  const requests = account
    .trackingRequests()
    .filter(
      (r) => fold(r.requestNumber).includes(fold(query)) && !tracked.has(fold(r.requestNumber)),
    );
  const results = [
    ...shipments.slice(0, LIMIT).map(shipmentHit),
    ...containers.slice(0, LIMIT).map((c) => containerHit(c, account.shipmentOf(c))),
    ...requests.slice(0, LIMIT).map(requestHit),
  ].slice(0, LIMIT);
  return jsonApi(200, { data: results, links: searchLinks(ctx) });
}

/**
 * `self` as requested and `current` with `page[number]=1` among the other parameters in name
 * order (`/v2/search?page[number]=1&query=…`), as live-2026-02.search.*.json show them. One page:
 * the hits are capped, not paginated.
 */
function searchLinks(ctx: RequestContext): Record<string, string> {
  const own = withoutParams(ctx.url, ['page[number]', 'page[size]', '__fault']);
  const [base = '', search = ''] = own.split('?');
  const params = [...search.split('&').filter((p) => p !== ''), 'page[number]=1'].sort();
  return { self: ctx.publicUrl, current: `${base}?${params.join('&')}` };
}

const EMPTY = {
  shipment_id: null,
  scac: null,
  port_of_lading_name: null,
  port_of_discharge_name: null,
  containers_count: null,
  tracking_stopped: null,
  tracking_stopped_reason: null,
  status: null,
  failed_reason: null,
};

/** Every hit is a `search_result`; `entity_type` tells what it is (live-2026-02.search.*.json). */
const SEARCH_RESULT = 'search_result';

function shipmentHit(s: ShipmentRecord) {
  const a = s.attributes;
  return {
    id: s.id,
    type: SEARCH_RESULT,
    attributes: {
      ...EMPTY,
      entity_type: 'shipment',
      number: a.bill_of_lading_number,
      scac: a.shipping_line_scac,
      port_of_lading_name: a.port_of_lading_name,
      port_of_discharge_name: a.port_of_discharge_name,
      containers_count: s.containerIds.length,
      tracking_stopped: a.line_tracking_stopped_at !== null,
      tracking_stopped_reason: a.line_tracking_stopped_reason,
      ref_numbers: a.ref_numbers ?? [],
      created_at: isoSeconds(s.createdAtMs),
      updated_at: isoSeconds(s.updatedAtMs),
    },
  };
}

function containerHit(c: ContainerRecord, shipment: ShipmentRecord | undefined) {
  return {
    id: c.id,
    type: SEARCH_RESULT,
    attributes: {
      ...EMPTY,
      entity_type: 'cargo',
      number: c.attributes.number,
      shipment_id: c.shipmentId,
      scac: shipment?.attributes.shipping_line_scac ?? null,
      ref_numbers: c.attributes.ref_numbers,
      created_at: isoSeconds(c.createdAtMs),
      updated_at: isoSeconds(c.updatedAtMs),
    },
  };
}

function requestHit(r: TrackingRequestRecord) {
  return {
    id: r.id,
    type: SEARCH_RESULT,
    attributes: {
      ...EMPTY,
      entity_type: 'tracking_request',
      number: r.requestNumber,
      shipment_id: r.shipmentId,
      scac: r.scac,
      status: r.status,
      failed_reason: r.failedReason,
      ref_numbers: r.refNumbers,
      created_at: isoSeconds(r.createdAtMs),
      updated_at: isoSeconds(r.updatedAtMs),
    },
  };
}
