// The one place that removes the API key from text a person can see. Error texts come from the
// service (`detail` may echo the request's headers), from UrlFetchApp (its exception text may
// carry the URL and headers) and from our own code; whatever the path, they pass through here:
// AppError redacts its message when it is built, and the edges (cells, toasts, the status sheet,
// the sidebar) call `redact` again on the text they show.

const HIDDEN = '[hidden]';
/** The keys this execution has seen (normally one; bounded so a long run cannot grow it). */
const known: string[] = [];
const MAX_KNOWN = 4;
/** Shorter "keys" would erase ordinary words; no real key is this short. */
const MIN_SECRET = 4;

/** Called wherever the key is read from storage or handed to a client. */
export function rememberSecret(secret: string | null | undefined): void {
  if (typeof secret !== 'string' || secret.length < MIN_SECRET || known.includes(secret)) return;
  known.unshift(secret);
  known.length = Math.min(known.length, MAX_KNOWN);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The forms a key takes inside other text: as is, URL-encoded, JSON-escaped (also `\/`). */
function formsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    encodeURIComponent(secret),
    encodeURI(secret),
    json,
    json.replace(/\//g, '\\/'),
    JSON.stringify(json).slice(1, -1), // JSON inside JSON (an error body quoted in a message)
  ];
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

// A credential in any header-like form, whoever's key it is: `Authorization: …`, `Token …`,
// `Bearer …`, `token=…` (long enough to be a credential, not a word like "Token expired").
const HEADER =
  /(authorization["']?\s*[:=]\s*["']?)(?:(?:token|bearer)(?:\s|%20|\+)+)?[^\s"',;&}\])]+/gi;
const SCHEME = /\b(token|bearer)((?:\s|%20|\+|=|:)+)[A-Za-z0-9._~+/=%-]{8,}/gi;

export function redact(text: string, secrets: readonly string[] = known): string {
  let out = String(text);
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET) continue;
    for (const form of formsOf(secret)) {
      out = out.replace(new RegExp(escapeRegExp(form), 'gi'), HIDDEN);
    }
  }
  return out.replace(HEADER, `$1${HIDDEN}`).replace(SCHEME, `$1$2${HIDDEN}`);
}

/** For tests: forget the keys seen so far. */
export function forgetSecrets(): void {
  known.length = 0;
}
