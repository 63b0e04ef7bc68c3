// GET /containers (paged, newest first), GET and PATCH /containers/{id}.
import type { EmulatorEnv } from '../env';
import { readResource, readStringList } from '../http/documents-in';
import { parseIncludes, withIncluded } from '../http/includes';
import { paginate } from '../http/pagination';
import type { RequestContext } from '../http/request-context';
import { apiErrors, jsonApi, notFound, type ApiError } from '../http/respond';
import type { Route } from '../http/router';
import { containerNode } from '../serialize/graph';

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
    handler: (ctx) => {
      const paths = parseIncludes(ctx.query, 'container');
      if (!Array.isArray(paths)) return paths;
      const container = ctx.account.container(ctx.params.id ?? '');
      if (!container) return notFound();
      const node = containerNode(ctx.account, container);
      return jsonApi(200, {
        data: node.resource,
        ...withIncluded([node], paths),
        links: { self: ctx.publicUrl },
      });
    },
  },
  {
    method: 'PATCH',
    pattern: '/v2/containers/:id',
    area: 'api',
    auth: true,
    body: 'json',
    handler: (ctx) => patchContainer(ctx),
  },
];

function patchContainer(ctx: RequestContext) {
  const container = ctx.account.container(ctx.params.id ?? '');
  if (!container) return notFound();
  const input = readResource(ctx.body, 'container', container.id);
  if ('status' in input) return input;
  const errors: ApiError[] = [];
  const refs = readStringList(
    input.attributes.ref_numbers,
    '/data/attributes/ref_numbers',
    'Ref numbers',
    errors,
  );
  if (errors.length > 0) return apiErrors(422, errors);
  // Other attributes are not editable through the API; like Rails strong parameters, they are ignored.
  if (refs !== undefined) {
    container.attributes.ref_numbers = refs;
    container.updatedAtMs = ctx.now;
  }
  return jsonApi(200, {
    data: containerNode(ctx.account, container).resource,
    links: { self: ctx.publicUrl },
  });
}
