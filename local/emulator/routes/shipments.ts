// GET /shipments (q, number, filter[tracking_stopped], include, pages), GET and PATCH /shipments/{id},
// PATCH /shipments/{id}/stop_tracking and /resume_tracking.
import type { AccountStore } from '../data/account-store';
import type { ShipmentRecord } from '../data/records';
import type { EmulatorEnv } from '../env';
import { parseIncludes, withIncluded } from '../http/includes';
import { paginate } from '../http/pagination';
import type { RequestContext } from '../http/request-context';
import { jsonApi, notFound } from '../http/respond';
import type { Route } from '../http/router';
import { shipmentNode } from '../serialize/graph';
import { apiUserId, markResumed, markStopped, NEXT_CHECK_MS } from '../lifecycle/line-tracking';
import { fold, shipmentNumbers, shipmentsMatching } from './matching';
import { patchById, showById } from './resource-by-id';

const byId = (account: AccountStore, id: string) => account.shipment(id);

export const shipmentRoutes: Route<EmulatorEnv>[] = [
  {
    method: 'GET',
    pattern: '/v2/shipments',
    area: 'api',
    auth: true,
    handler: (ctx) => listShipments(ctx),
  },
  {
    method: 'GET',
    pattern: '/v2/shipments/:id',
    area: 'api',
    auth: true,
    handler: showById('shipment', byId, shipmentNode),
  },
  {
    method: 'PATCH',
    pattern: '/v2/shipments/:id',
    area: 'api',
    auth: true,
    body: 'json',
    handler: patchById('shipment', byId, shipmentNode, [
      {
        attribute: 'ref_numbers',
        label: 'Ref numbers',
        set: (shipment, refs) => {
          shipment.attributes.ref_numbers = refs;
        },
      },
      {
        attribute: 'tags',
        label: 'Tags',
        unique: true,
        set: (shipment, tags) => {
          shipment.attributes.tags = tags;
        },
      },
    ]),
  },
  {
    method: 'PATCH',
    pattern: '/v2/shipments/:id/stop_tracking',
    area: 'api',
    auth: true,
    handler: (ctx) => setTracking(ctx, 'stop'),
  },
  {
    method: 'PATCH',
    pattern: '/v2/shipments/:id/resume_tracking',
    area: 'api',
    auth: true,
    handler: (ctx) => setTracking(ctx, 'resume'),
  },
];

/**
 * The OpenAPI gives both a 200 with the shipment and no request body (none is read) and no other
 * answer than 404 for an unknown id: stopping a stopped shipment or resuming an active one changes
 * nothing and answers 200 (a stop keeps its first moment and reason). Like the seed's
 * user-stopped shipment, the tracking request that created it reads `tracking_stopped` while it is
 * stopped by a user, and `created` again once resumed.
 */
function setTracking(ctx: RequestContext, action: 'stop' | 'resume') {
  const shipment = ctx.account.shipment(ctx.params.id ?? '');
  if (!shipment) return notFound();
  const stopped = shipment.attributes.line_tracking_stopped_at !== null;
  const requests = ctx.account.trackingRequests().filter((r) => r.shipmentId === shipment.id);
  if (action === 'stop' && !stopped) {
    markStopped(shipment, ctx.now, 'cancelled_by_user', apiUserId(ctx.account.key));
    ctx.account.autoStops.forget(shipment.id);
    for (const r of requests) {
      if (r.status !== 'created') continue;
      r.status = 'tracking_stopped';
      r.updatedAtMs = ctx.now;
    }
  } else if (action === 'resume' && stopped) {
    markResumed(shipment, ctx.now);
    const containers = ctx.account.containersOf(shipment);
    ctx.account.autoStops.watch(shipment, containers, -Infinity, ctx.now + NEXT_CHECK_MS);
    for (const r of requests) {
      if (r.status !== 'tracking_stopped') continue;
      r.status = 'created';
      r.updatedAtMs = ctx.now;
    }
  }
  return jsonApi(200, { data: shipmentNode(ctx.account, shipment).resource });
}

function listShipments(ctx: RequestContext) {
  const paths = parseIncludes(ctx.query, 'shipment');
  if (!Array.isArray(paths)) return paths;
  const q = ctx.query.get('q');
  const number = ctx.query.get('number');
  const stopped = ctx.query.get('filter[tracking_stopped]');
  let list: readonly ShipmentRecord[] = q
    ? shipmentsMatching(ctx.account, q)
    : ctx.account.shipments();
  if (number) list = list.filter((s) => shipmentNumbers(s).includes(fold(number)));
  if (stopped === 'true' || stopped === 'false') {
    list = list.filter(
      (s) => (s.attributes.line_tracking_stopped_at !== null) === (stopped === 'true'),
    );
  }
  const page = paginate(ctx, list);
  const nodes = page.items.map((s) => shipmentNode(ctx.account, s));
  return jsonApi(200, {
    data: nodes.map((n) => n.resource),
    ...withIncluded(nodes, paths),
    links: page.links,
    meta: page.meta,
  });
}
