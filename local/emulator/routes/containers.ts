// GET /containers (paged, newest first, filter[number]), GET and PATCH /containers/{id},
// GET /containers/{id}/transport_events (paged, with include).
import { normalizeContainerNumber } from '../core/iso6346';
import type { AccountStore } from '../data/account-store';
import type { EmulatorEnv } from '../env';
import { parseIncludes, withIncluded } from '../http/includes';
import { paginate } from '../http/pagination';
import { jsonApi, notFound } from '../http/respond';
import type { Route } from '../http/router';
import { containerNode } from '../serialize/graph';
import { patchById, showById } from './resource-by-id';

const byId = (account: AccountStore, id: string) => account.container(id);

export const containerRoutes: Route<EmulatorEnv>[] = [
  {
    method: 'GET',
    pattern: '/v2/containers',
    area: 'api',
    auth: true,
    handler: (ctx) => {
      const paths = parseIncludes(ctx.query, 'container');
      if (!Array.isArray(paths)) return paths;
      // filter[number]: the look-up the OpenAPI names for a container number ("to look up a
      // shipment by container number, use GET /containers?filter[number]=…").
      const number = ctx.query.get('filter[number]');
      const all = ctx.account.containers();
      const wanted = number === null ? null : normalizeContainerNumber(number);
      const list = wanted === null ? all : all.filter((c) => c.attributes.number === wanted);
      const page = paginate(ctx, list);
      const nodes = page.items.map((c) => containerNode(ctx.account, c));
      return jsonApi(200, {
        data: nodes.map((n) => n.resource),
        ...withIncluded(nodes, paths),
        links: page.links,
        meta: page.meta,
      });
    },
  },
  {
    method: 'GET',
    pattern: '/v2/containers/:id',
    area: 'api',
    auth: true,
    handler: showById('container', byId, containerNode),
  },
  {
    method: 'GET',
    pattern: '/v2/containers/:id/transport_events',
    area: 'api',
    auth: true,
    handler: (ctx) => {
      const paths = parseIncludes(ctx.query, 'transport_event');
      if (!Array.isArray(paths)) return paths;
      const container = byId(ctx.account, ctx.params.id ?? '');
      if (!container) return notFound();
      const events = containerNode(ctx.account, container).related('transport_events');
      const page = paginate(ctx, events);
      return jsonApi(200, {
        data: page.items.map((n) => n.resource),
        ...withIncluded(page.items, paths),
        links: page.links,
        meta: page.meta,
      });
    },
  },
  {
    method: 'PATCH',
    pattern: '/v2/containers/:id',
    area: 'api',
    auth: true,
    body: 'json',
    handler: patchById('container', byId, containerNode, [
      {
        attribute: 'ref_numbers',
        label: 'Ref numbers',
        set: (container, refs) => {
          container.attributes.ref_numbers = refs;
        },
      },
    ]),
  },
];
