// GET /shipments (q, number, filter[tracking_stopped], include, pages), GET and PATCH /shipments/{id}.
import type { AccountStore } from '../data/account-store';
import type { ShipmentRecord } from '../data/records';
import type { EmulatorEnv } from '../env';
import { parseIncludes, withIncluded } from '../http/includes';
import { paginate } from '../http/pagination';
import type { RequestContext } from '../http/request-context';
import { jsonApi } from '../http/respond';
import type { Route } from '../http/router';
import { shipmentNode } from '../serialize/graph';
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
];

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
