// GET /containers (paged, newest first), GET and PATCH /containers/{id}.
import type { AccountStore } from '../data/account-store';
import type { EmulatorEnv } from '../env';
import { parseIncludes, withIncluded } from '../http/includes';
import { paginate } from '../http/pagination';
import { jsonApi } from '../http/respond';
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
      const page = paginate(ctx, ctx.account.containers());
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
