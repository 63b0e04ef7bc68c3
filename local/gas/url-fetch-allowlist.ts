// The manifest's urlFetchWhitelist, enforced as Apps Script does. Rules from the "Allowlist URLs"
// guide (developers.google.com/apps-script/manifest/allowlist-url): each prefix is a valid
// https:// URL with a full domain and a non-empty path (https://www.google.com/ is valid,
// https://www.google.com is not); a single leading wildcard matches subdomains
// (https://*.example.com/foo matches https://sub.example.com/foo and
// https://a.b.example.com/foo, not https://example.com/foo); path matching is case-sensitive; a
// URL matches when it is the prefix or a child of it (https://example.com/foo matches /foo,
// /foo/, /foo/bar, /foo?bar and /foo#bar). With no urlFetchWhitelist every URL is allowed.
// The refusal's text is the one users report (e.g. diegomanuel/binance-to-google-sheets#82):
// "Request to <url> failed because the URL has not been whitelisted in the script manifest."
// Not known, so not modelled: whether redirect targets are checked too (only the URL a script
// passes is checked here).

export const notAllowlisted = (url: string) =>
  `Request to ${url} failed because the URL has not been whitelisted in the script manifest.`;

interface Prefix {
  /** Lower-case host, without the `*.` of a wildcard. */
  host: string;
  wildcard: boolean;
  /** Path (with any query) as written: matching is case-sensitive. */
  path: string;
}

function parsePrefix(prefix: string): Prefix {
  const m = /^https:\/\/(\*\.)?([^/?#*:]+)(\/[^*]*)$/.exec(prefix);
  const host = m?.[2]?.toLowerCase() ?? '';
  if (!m || !host.includes('.') || host.startsWith('.') || host.endsWith('.')) {
    throw new Error(
      `appsscript.json: urlFetchWhitelist entry "${prefix}" is not valid: it must be an https:// URL with a full domain and a path, e.g. "https://api.example.com/", with at most one leading "*." wildcard`,
    );
  }
  return { host, wildcard: m[1] !== undefined, path: m[3] ?? '/' };
}

function hostMatches(prefix: Prefix, host: string): boolean {
  return prefix.wildcard ? host.endsWith(`.${prefix.host}`) : host === prefix.host;
}

function pathMatches(prefix: string, path: string): boolean {
  if (!path.startsWith(prefix)) return false;
  if (path.length === prefix.length || prefix.endsWith('/')) return true;
  return '/?#'.includes(path.charAt(prefix.length));
}

export class UrlFetchAllowlist {
  private readonly prefixes: Prefix[];
  private readonly standIns: Set<string>;

  /**
   * @param prefixes the manifest's urlFetchWhitelist
   * @param standIns origins treated as if the list held them: a local emulator standing in for
   *   the API host (http://127.0.0.1:4949 is no host a manifest may list).
   */
  constructor(prefixes: readonly string[], standIns: readonly string[] = []) {
    this.prefixes = prefixes.map(parsePrefix);
    this.standIns = new Set(standIns.map((origin) => new URL(origin).origin));
  }

  allows(url: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (this.standIns.has(parsed.origin)) return true;
    if (parsed.protocol !== 'https:' || parsed.port !== '') return false;
    const rest = parsed.pathname + parsed.search + parsed.hash;
    return this.prefixes.some((p) => hostMatches(p, parsed.hostname) && pathMatches(p.path, rest));
  }
}
