// What the web app checks before it spends anything (docs/reference.md#strangers: "Strangers cost nothing" and
// "A leaked token is bounded"), kept in the cache a web app has (a bound script's script-wide
// cache: CacheService has no daily quota, PropertiesService has 50,000 calls a day, the quotas
// page) so that a flood of POSTs never touches the property quota the refresh needs:
// - the token's digest (SHA-256, never the token itself): a POST with any other token is refused
//   after one cache read. Written when push is turned on or off (a rotation replaces it at once)
//   and re-noted by each refresh from the properties it reads anyway; a cache that dropped it
//   costs one property read, after which it is cached again;
// - the notification ids dealt with (applied, or unknown to the service: forged), the newest
//   DEALT_IDS hashes (8 KB): a repeat (Google's 302 makes the service retry each delivery 12
//   times) or a forged id sent again is answered from that read. Forged ids are never written to
//   the push state; when the cache dropped the list, the push state's own hashes still tell;
// - a window of its own for notification look-ups: at most PUSH_LOOKUPS.limit a rolling minute
//   (the rest wait for the refresh's catch-up), so the refresh keeps its share of the service's.

import { idHash } from './push-state';
import type { WindowRule } from './rate-window';
import type { SharedCache } from '../core/ports';
import { sameSecret } from '../core/secret';

export const TOKEN_DIGEST_KEY = 'ct:push-token';
export const DEALT_IDS_KEY = 'ct:push-done';
export const PUSH_LOOKUPS_KEY = 'ct:rate:push';
export const PUSH_LOOKUPS: WindowRule = { limit: 10, windowMs: 60_000 };
export const DEALT_IDS = 1_000;
/** The cache's longest life (CacheService reference: 21,600 s). */
const TTL_S = 21_600;
/** Cached when push is off: no token is accepted. */
const NO_TOKEN = 'none';

export interface GuardPorts {
  cache: SharedCache;
  /** SHA-256 of a text, as hex. */
  digest(text: string): string;
}

const digestOf = (ports: GuardPorts, token: string | null) =>
  token === null || token === '' ? NO_TOKEN : ports.digest(token);

export interface GuardRead {
  tokenOk: boolean;
  /** The id was applied, or looked up and unknown to the service (from the same read). */
  dealtWith(id: string): boolean;
}

/**
 * One cache read: whether `presented` is the current token, and the ids dealt with.
 * `storedToken` is called (one property read) only when the cache has no digest.
 */
export function checkPost(
  ports: GuardPorts,
  presented: string,
  storedToken: () => string | null,
): GuardRead {
  const cached = ports.cache.getAll([TOKEN_DIGEST_KEY, DEALT_IDS_KEY]);
  let digest = cached[TOKEN_DIGEST_KEY];
  if (digest === undefined) {
    digest = digestOf(ports, storedToken());
    ports.cache.putAll({ [TOKEN_DIGEST_KEY]: digest }, TTL_S);
  }
  const tokenOk = digest !== NO_TOKEN && sameSecret(ports.digest(presented), digest);
  return { tokenOk, dealtWith: (id) => hasHash(cached[DEALT_IDS_KEY], idHash(id)) };
}

/** Push turned on (a new token) or off (null): doPost compares with this from now on. */
export function noteToken(ports: GuardPorts, token: string | null): void {
  ports.cache.putAll({ [TOKEN_DIGEST_KEY]: digestOf(ports, token) }, TTL_S);
}

/** Re-notes the token when the cache holds another digest (a refresh, from its own read). */
export function confirmToken(ports: GuardPorts, token: string | null): void {
  const digest = digestOf(ports, token);
  if (ports.cache.getAll([TOKEN_DIGEST_KEY])[TOKEN_DIGEST_KEY] !== digest)
    ports.cache.putAll({ [TOKEN_DIGEST_KEY]: digest }, TTL_S);
}

function hasHash(list: string | undefined, hash: string): boolean {
  if (!list) return false;
  for (let i = 0; i + 8 <= list.length; i += 8) if (list.slice(i, i + 8) === hash) return true;
  return false;
}

/** Ids applied, or unknown to the service: their repeats are answered from the cache. */
export function rememberDealtWith(cache: SharedCache, ids: readonly string[]): void {
  if (ids.length === 0) return;
  const before = cache.getAll([DEALT_IDS_KEY])[DEALT_IDS_KEY] ?? '';
  let list = before;
  for (const id of ids) {
    const hash = idHash(id);
    if (!hasHash(list, hash)) list += hash;
  }
  if (list !== before) cache.putAll({ [DEALT_IDS_KEY]: list.slice(-DEALT_IDS * 8) }, TTL_S);
}
