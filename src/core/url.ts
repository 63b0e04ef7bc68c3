// A strict parser for the http(s) URLs the add-in sends the API key to. Apps Script's V8 has no
// URL class, and a regular expression alone is how `https://api.terminal49.com@evil.example/v2`
// passed as the real host: the part before `@` is a user name, the host is evil.example. Here a
// URL is split as RFC 3986 says (scheme, authority, path, query, fragment), the authority is
// refused when it has a user name, and the host is lower-cased and IDNA-encoded (`xn--…`), so a
// look-alike host is shown as what it is.

import { punycodeEncode } from './punycode';

export interface HttpUrl {
  scheme: 'http' | 'https';
  /** ASCII (punycode) and lower-case. */
  host: string;
  /** '' for the scheme's default port. */
  port: string;
  /** '' or starting with '/'. */
  path: string;
  /** '' or starting with '?'. */
  query: string;
  /** scheme://host[:port] */
  origin: string;
}

export type UrlResult =
  { url: HttpUrl; problem?: undefined } | { problem: string; url?: undefined };

export interface UrlRules {
  /** A query string (`?…`) is allowed: pagination links have one, settings URLs do not. */
  allowQuery?: boolean;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/** Whitespace, line breaks, control and invisible format characters, quotes and the characters RFC 3986 never allows. */
const FORBIDDEN = /[\p{Z}\p{Cc}\p{Cf}"'`<>\\^{|}]/u;

export function isLocalHost(host: string): boolean {
  return LOCAL_HOSTS.has(host);
}

/** The key goes over https only, or plain http to this machine (local development). */
export function keyMayGoTo(url: HttpUrl): boolean {
  return url.scheme === 'https' || isLocalHost(url.host);
}

function canonicalIPv4(host: string): boolean {
  const parts = host.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** IDNA ToASCII for a host name, or null when it is not a usable one. */
export function toAsciiHost(raw: string): string | null {
  const mapped = Array.from(raw.normalize('NFKC'), (c) => c.toLowerCase())
    .join('')
    .replace(/[\u3002\uff0e\uff61]/g, '.');
  if (mapped === '' || mapped.length > 253) return null;
  const labels = mapped.split('.');
  const ascii: string[] = [];
  for (const label of labels) {
    if (label === '' || label.startsWith('-') || label.endsWith('-')) return null;
    let out: string;
    if (/^[a-z0-9-]+$/.test(label)) out = label;
    else if (/^[\p{L}\p{N}][\p{L}\p{M}\p{N}-]*$/u.test(label)) out = `xn--${punycodeEncode(label)}`;
    else return null;
    if (out.length > 63) return null;
    ascii.push(out);
  }
  const host = ascii.join('.');
  // A name ending in a number is an IP address: only the plain dotted form (no 0x7f, no 017).
  if (/^\d/.test(ascii[ascii.length - 1]!) && !canonicalIPv4(host)) return null;
  return host.length <= 253 ? host : null;
}

const SHAPE = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/s;

export function parseHttpUrl(text: unknown, rules: UrlRules = {}): UrlResult {
  if (typeof text !== 'string')
    return { problem: 'must be text like https://api.terminal49.com/v2' };
  if (FORBIDDEN.test(text)) {
    return {
      problem: 'contains a space, line break, quote or other character an address cannot have',
    };
  }
  const shape = SHAPE.exec(text);
  if (!shape) return { problem: 'is not a full address like https://api.terminal49.com/v2' };
  const scheme = shape[1]!.toLowerCase();
  const authority = shape[2]!;
  const path = shape[3]!;
  const query = shape[4] ?? '';
  if (scheme !== 'http' && scheme !== 'https') return { problem: 'must start with https://' };
  if (shape[5] !== undefined) return { problem: 'must not contain a # part' };
  if (query !== '' && !rules.allowQuery) return { problem: 'must not contain a ? part' };
  if (authority.includes('@')) {
    const real = authority.slice(authority.lastIndexOf('@') + 1);
    return {
      problem: `has a user name before "@", which would send requests to ${toAsciiHost(real.replace(/:\d*$/, '')) ?? 'another host'}; remove everything between // and @`,
    };
  }
  if (authority.startsWith('[')) return { problem: 'uses an IPv6 address; use a host name' };
  const colon = authority.lastIndexOf(':');
  const rawHost = colon >= 0 ? authority.slice(0, colon) : authority;
  let port = colon >= 0 ? authority.slice(colon + 1) : '';
  if (colon >= 0 && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) {
    return { problem: 'has a port that is not a number from 1 to 65535' };
  }
  if (port !== '') port = String(Number(port));
  if (port === DEFAULT_PORTS[scheme]) port = '';
  const host = toAsciiHost(rawHost);
  if (!host) return { problem: `has "${rawHost.slice(0, 60)}", which is not a valid host name` };
  if (/[^\x21-\x7e]/.test(path + query) || /%(?![0-9a-f]{2})/i.test(path + query)) {
    return { problem: 'has characters in its path that must be percent-encoded' };
  }
  if (/(^|\/)\.\.?(\/|$)/.test(path) || /%2e/i.test(path)) {
    return { problem: 'must not contain /./ or /../ in its path' };
  }
  const origin = `${scheme}://${host}${port ? `:${port}` : ''}`;
  return {
    url: { scheme: scheme as HttpUrl['scheme'], host, port, path, query, origin },
  };
}

export function formatUrl(url: HttpUrl): string {
  return `${url.origin}${url.path}${url.query}`;
}

/**
 * Resolves a link or a redirect's Location against the URL it came from (RFC 3986 section 5,
 * without dot segments, which parseHttpUrl refuses anyway).
 */
export function resolveReference(base: HttpUrl, ref: string, rules: UrlRules = {}): UrlResult {
  if (typeof ref !== 'string' || ref === '') return { problem: 'is empty' };
  let absolute: string;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(ref)) absolute = ref;
  else if (ref.startsWith('//')) absolute = `${base.scheme}:${ref}`;
  else if (ref.startsWith('/')) absolute = `${base.origin}${ref}`;
  else if (ref.startsWith('?')) absolute = `${base.origin}${base.path}${ref}`;
  else absolute = `${base.origin}${base.path.replace(/[^/]*$/, '') || '/'}${ref}`;
  return parseHttpUrl(absolute, rules);
}
