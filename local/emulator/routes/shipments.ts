// GET /shipments (q, number, filter[tracking_stopped], include, pages), GET and PATCH /shipments/{id}.
import type { ShipmentRecord } from '../data/records';
import type { EmulatorEnv } from '../env';
import { readResource, readStringList } from '../http/documents-in';
import { parseIncludes, withIncluded } from '../http/includes';
import { paginate } from '../http/pagination';
import type { RequestContext } from '../http/request-context';
import { apiErrors, invalid, jsonApi, notFound, type ApiError } from '../http/respond';
import type { Route } from '../http/router';
import { shipmentNode } from '../serialize/graph';
import { fold, shipmentNumbers, shipmentsMatching } from './matching';

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
    handler: (ctx) => {
      const paths = parseIncludes(ctx.query, 'shipment');
      if (!Array.isArray(paths)) return paths;
      const shipment = ctx.account.shipment(ctx.params.id ?? '');
      if (!shipment) return notFound();
      const node = shipmentNode(ctx.account, shipment);
      return jsonApi(200, {
        data: node.resource,
        ...withIncluded([node], paths),
        links: { self: ctx.publicUrl },
      });
    },
  },
  {
    method: 'PATCH',
    pattern: '/v2/shipments/:id',
    area: 'api',
    auth: true,
    body: 'json',
    handler: (ctx) => patchShipment(ctx),
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

function patchShipment(ctx: RequestContext) {
  const shipment = ctx.account.shipment(ctx.params.id ?? '');
  if (!shipment) return notFound();
  const input = readResource(ctx.body, 'shipment', shipment.id);
  if ('status' in input) return input;
  const errors: ApiError[] = [];
  const refs = readStringList(
    input.attributes.ref_numbers,
    '/data/attributes/ref_numbers',
    'Ref numbers',
    errors,
  );
  const tags = readStringList(input.attributes.tags, '/data/attributes/tags', 'Tags', errors);
  if (tags && new Set(tags).size !== tags.length) {
    errors.push(invalid('/data/attributes/tags', 'Tags must be unique', 'invalid'));
  }
  if (errors.length > 0) return apiErrors(422, errors);
  if (refs !== undefined) shipment.attributes.ref_numbers = refs;
  if (tags !== undefined) shipment.attributes.tags = tags;
  if (refs !== undefined || tags !== undefined) shipment.updatedAtMs = ctx.now;
  return jsonApi(200, {
    data: shipmentNode(ctx.account, shipment).resource,
    links: { self: ctx.publicUrl },
  });
}
