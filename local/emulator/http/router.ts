// A small route table: `/v2/containers/:id` patterns, with 404 for unknown paths and 405 (plus
// `Allow`) for a known path asked with another method.
import type { HttpResponse } from '../../http';
import type { RequestContext } from './request-context';

/** Where a route lives decides how its errors look: JSON:API, plain JSON, HTML or S3 XML. */
export type Area = 'api' | 'uploads' | 'storage' | 'app';

export type RateBucket = 'general' | 'tracking_requests' | 'infer_number';

export interface Route<Env> {
  method: string;
  pattern: string;
  area: Area;
  /** Needs `Authorization: Token <key>` (and counts against that key's rate limit). */
  auth: boolean;
  /** Rate-limit bucket; POST /tracking_requests and infer_number have their own, like the real service. */
  bucket?: RateBucket;
  /** `json`: parsed JSON document; `raw`: bytes only. */
  body?: 'json' | 'raw';
  handler: (ctx: RequestContext, env: Env) => HttpResponse;
}

interface Compiled<Env> {
  route: Route<Env>;
  regex: RegExp;
  names: string[];
}

export type Match<Env> =
  | { kind: 'found'; route: Route<Env>; params: Record<string, string> }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allow: string[]; area: Area };

export class Router<Env> {
  private readonly compiled: Compiled<Env>[];

  constructor(routes: Route<Env>[]) {
    this.compiled = routes.map((route) => {
      const names: string[] = [];
      const source = route.pattern.replace(/:([a-z_]+)/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { route, regex: new RegExp(`^${source}$`), names };
    });
  }

  match(method: string, path: string): Match<Env> {
    const allow: string[] = [];
    let area: Area = 'api';
    for (const { route, regex, names } of this.compiled) {
      const m = regex.exec(path);
      if (!m) continue;
      const params = decodeParams(names, m.slice(1));
      if (params === null) continue;
      if (route.method === method) return { kind: 'found', route, params };
      allow.push(route.method);
      area = route.area;
    }
    return allow.length > 0 ? { kind: 'method-not-allowed', allow, area } : { kind: 'not-found' };
  }
}

function decodeParams(names: string[], values: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  try {
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(values[i] ?? '');
    });
  } catch {
    return null;
  }
  return params;
}
