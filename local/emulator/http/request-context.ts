// A parsed request plus what the route handlers need: the account, the clock reading, the
// parsed JSON document. Built once per request by the pipeline.
import { header, type HttpRequest } from '../../http';
import type { AccountStore } from '../data/account-store';

export interface RequestContext {
  request: HttpRequest;
  method: string;
  url: URL;
  /** The request URL as received, minus the emulator's own `__fault` parameter. */
  publicUrl: string;
  params: Record<string, string>;
  query: URLSearchParams;
  now: number;
  /** The authenticated account (routes without auth get the demo account). */
  account: AccountStore;
  /** The parsed JSON body for routes that take one. */
  body: unknown;
  bytes: Uint8Array;
  /** True when this list answer must be empty (an `empty-list` fault, policy/faults.ts); asking
   * spends a queued one, so only a route that lists asks. */
  emptyList(): boolean;
}

export function requestHeader(ctx: RequestContext, name: string): string | undefined {
  return header(ctx.request.headers ?? {}, name);
}

/**
 * Removes query parameters from a URL while keeping every other parameter exactly as it was
 * written (literal brackets stay literal, as in the real service's links).
 */
export function withoutParams(url: URL, names: readonly string[]): string {
  const raw = url.search.startsWith('?') ? url.search.slice(1) : url.search;
  const kept = raw.split('&').filter((token) => token !== '' && !names.includes(decodeKey(token)));
  return `${url.origin}${url.pathname}${kept.length > 0 ? `?${kept.join('&')}` : ''}`;
}

function decodeKey(token: string): string {
  const key = token.split('=')[0] ?? '';
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}
