// `include=a,b.c`: validated against the serialisers' relationships (unknown → 400 with
// source.parameter, in the real service's words), then resolved into a de-duplicated `included`.
import { RELATIONS, type GraphNode } from '../serialize/graph';
import type { Resource } from '../serialize/resource';
import { apiError } from './respond';
import type { HttpResponse } from '../../http';

const SERIALIZERS: Record<string, string> = {
  container: 'V2::ContainerSerializer',
  shipment: 'V2::ShipmentSerializer',
  tracking_request: 'V2::TrackingRequestSerializer',
  document: 'V2::DocumentSerializer',
  terminal: 'V2::TerminalSerializer',
  transport_event: 'V2::TransportEventSerializer',
  port: 'V2::PortSerializer',
};

export type IncludePaths = string[][];

export function parseIncludes(query: URLSearchParams, type: string): IncludePaths | HttpResponse {
  const raw = query.get('include');
  if (raw === null) return [];
  const paths: IncludePaths = [];
  for (const item of raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const path = item.split('.');
    let current = type;
    for (const name of path) {
      const target = RELATIONS[current]?.[name];
      if (target === undefined) {
        const serializer = SERIALIZERS[current] ?? `V2::${current}Serializer`;
        return apiError(400, {
          detail: `${name} is not specified as a relationship on ${serializer}`,
          source: { parameter: 'include' },
        });
      }
      current = target;
    }
    paths.push(path);
  }
  return paths;
}

/** The resources reached by the paths, each once, never repeating a primary resource. */
function collectIncluded(primary: readonly GraphNode[], paths: IncludePaths): Resource[] {
  const key = (r: Resource) => `${r.type}:${r.id}`;
  const seen = new Set(primary.map((n) => key(n.resource)));
  const included: Resource[] = [];
  for (const path of paths) {
    let frontier: GraphNode[] = [...primary];
    for (const name of path) {
      // De-duplicated per step, so deep paths (a.b.a.b…) cannot grow the frontier.
      const next = new Map<string, GraphNode>();
      for (const node of frontier) {
        for (const child of node.related(name)) next.set(key(child.resource), child);
      }
      for (const [k, node] of next) {
        if (!seen.has(k)) {
          seen.add(k);
          included.push(node.resource);
        }
      }
      frontier = [...next.values()];
    }
  }
  return included;
}

/** `{data, included?}` for a list or a single node, `included` only when asked for. */
export function withIncluded(
  nodes: readonly GraphNode[],
  paths: IncludePaths,
): { included?: Resource[] } {
  return paths.length > 0 ? { included: collectIncluded(nodes, paths) } : {};
}
