// Per-spreadsheet settings: the API key (never shown back) and the two service URLs.

import { AppError } from './errors';
import { cleanApiKey } from './api-key';
import { keyMayGoTo, parseHttpUrl } from './url';

export const DEFAULT_API_BASE_URL = 'https://api.terminal49.com/v2';
export const DEFAULT_APP_URL = 'https://app.terminal49.com';

/** The scheduled refresh leaves the rest of the minute's 100 requests to people using cells and the sidebar. */
export const DEFAULT_REFRESH_REQUESTS_PER_MINUTE = 80;
export const MAX_REFRESH_REQUESTS_PER_MINUTE = 95;

export const DEFAULT_ALERT_LFD_DAYS = 2;
export const MAX_ALERT_LFD_DAYS = 30;
export const DEFAULT_ALERT_DIGEST_HOUR = 7;
/** More would spend a consumer account's 100 recipients a day on a single email. */
export const MAX_ALERT_RECIPIENTS = 10;
/** Longer than any real service address, far below the 9 KB a property value may hold. */
export const MAX_SERVICE_URL_CHARS = 2000;

export interface Settings {
  apiKey: string | null;
  /** The API origin the key was saved for; absent for keys saved before keys were bound. */
  apiKeyOrigin?: string | null;
  apiBaseUrl: string;
  appUrl: string;
  /** The scheduled refresh's share of the per-key limit. */
  refreshRequestsPerMinute: number;
  /** Each refresh appends a row for every unfinished container the account tracks (off by default). */
  autoImport: boolean;
  /** Addresses alerts go to, normalised to `a@x.com, b@y.com`; empty = alerts off. */
  alertRecipients: string;
  /** The digest warns of an LFD within this many days. */
  alertLfdDays: number;
  /** The hour (0–23, the spreadsheet's zone) the daily digest goes out. */
  alertDigestHour: number;
}

/** As the sidebar or a script sends it: any value may be of the wrong type. */
export interface SettingsInput {
  apiKey?: unknown;
  apiBaseUrl?: unknown;
  appUrl?: unknown;
  refreshRequestsPerMinute?: unknown;
  autoImport?: unknown;
  alertRecipients?: unknown;
  alertLfdDays?: unknown;
  alertDigestHour?: unknown;
}

/** What getSettings() returns: never the key itself. */
export interface PublicSettings {
  apiKeySet: boolean;
  apiKeyLast4: string | null;
  apiBaseUrl: string;
  appUrl: string;
  refreshRequestsPerMinute: number;
  autoImport: boolean;
  alertRecipients: string;
  alertLfdDays: number;
  alertDigestHour: number;
  /** Only in saveSettings' answer: something the person should know (e.g. the key was cleared). */
  notice?: string;
}

export function parseRefreshShare(raw: unknown): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_REFRESH_REQUESTS_PER_MINUTE) {
    throw new AppError(
      'config',
      `Requests per minute for the scheduled refresh must be a whole number from 1 to ${MAX_REFRESH_REQUESTS_PER_MINUTE} (the service allows 100 a minute for everything).`,
    );
  }
  return n;
}

/** A stored number, or the default when absent or unreadable (an older version never wrote it). */
function storedNumber(raw: unknown, fallback: number, max: number): number {
  const n =
    typeof raw === 'string' && raw !== '' ? Number(raw) : typeof raw === 'number' ? raw : NaN;
  return Number.isInteger(n) && n >= 0 && n <= max ? n : fallback;
}

/**
 * Settings as stored by any version (properties, cache, a trigger's copy): the alert settings an
 * older version never wrote take their defaults.
 */
export function alertSettingsOf(stored: {
  alertRecipients?: unknown;
  alertLfdDays?: unknown;
  alertDigestHour?: unknown;
}): Pick<Settings, 'alertRecipients' | 'alertLfdDays' | 'alertDigestHour'> {
  return {
    alertRecipients: typeof stored.alertRecipients === 'string' ? stored.alertRecipients : '',
    alertLfdDays: storedNumber(stored.alertLfdDays, DEFAULT_ALERT_LFD_DAYS, MAX_ALERT_LFD_DAYS),
    alertDigestHour: storedNumber(stored.alertDigestHour, DEFAULT_ALERT_DIGEST_HOUR, 23),
  };
}

/** A whole number setting within [min, max]. */
function parseWholeNumber(raw: unknown, name: string, min: number, max: number): number {
  const n = typeof raw === 'string' ? Number(raw.trim()) : Number(raw);
  if (typeof raw === 'boolean' || !Number.isInteger(n) || n < min || n > max) {
    throw new AppError('config', `${name} must be a whole number from ${min} to ${max}.`);
  }
  return n;
}

export const parseAlertLfdDays = (raw: unknown): number =>
  parseWholeNumber(raw, 'Alert LFD days (alertLfdDays)', 0, MAX_ALERT_LFD_DAYS);

export const parseAlertDigestHour = (raw: unknown): number =>
  parseWholeNumber(raw, 'Digest hour (alertDigestHour)', 0, 23);

// Deliberately plain: one @, no spaces, quotes, angle brackets or commas, a dotted domain. Enough
// to catch a typo or a pasted "Name <a@b.com>"; MailApp refuses anything else it dislikes.
const EMAIL =
  /^[^\s@"'<>(),;:\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** Comma- (or semicolon-, newline-) separated addresses → `a@x.com, b@y.com`; blank = alerts off. */
export function parseAlertRecipients(raw: unknown): string {
  if (raw == null) return '';
  if (typeof raw !== 'string') {
    throw new AppError('config', 'Alert recipients must be text: addresses separated by commas.');
  }
  const addresses = raw
    .split(/[,;\n]/)
    .map((a) => a.trim())
    .filter((a) => a !== '');
  const bad = addresses.find((a) => a.length > 254 || !EMAIL.test(a));
  if (bad !== undefined) {
    throw new AppError(
      'config',
      `"${bad.slice(0, 60)}" is not an email address. Write addresses like ops@example.com, separated by commas.`,
    );
  }
  const unique = [...new Set(addresses.map((a) => a.toLowerCase()))];
  if (unique.length > MAX_ALERT_RECIPIENTS) {
    throw new AppError(
      'config',
      `At most ${MAX_ALERT_RECIPIENTS} alert recipients: each one counts against the daily email quota. Use a group address for more people.`,
    );
  }
  return unique.join(', ');
}

/** An on/off setting: a boolean, or the text a script or form may send ("true"/"false"). */
export function parseSwitch(raw: unknown, name: string): boolean {
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  throw new AppError('config', `${name} must be true or false.`);
}

/**
 * A service URL as typed in Settings, parsed for real (core/url.ts): https only, except plain http
 * on this machine for the local emulator; no user name, query or fragment; the host in punycode;
 * no trailing slash. Surrounding spaces from a paste are dropped, inner ones refused.
 */
export function normalizeServiceUrl(raw: unknown, label: string): string {
  // Settings live in document properties, where a value over 9 KB fails with the words of a full
  // store; an address this long is a paste gone wrong, so it is refused by name first.
  if (typeof raw === 'string' && raw.trim().length > MAX_SERVICE_URL_CHARS) {
    throw new AppError(
      'config',
      `${label} is too long (over ${MAX_SERVICE_URL_CHARS} characters). Use an address like ${DEFAULT_API_BASE_URL}.`,
    );
  }
  const parsed = parseHttpUrl(typeof raw === 'string' ? raw.trim() : raw);
  if (parsed.problem !== undefined) {
    throw new AppError(
      'config',
      `${label} ${parsed.problem}. Use an address like ${DEFAULT_API_BASE_URL}.`,
    );
  }
  const url = parsed.url;
  // An "@" anywhere reads to a person like a user name before a host, whatever the parser makes
  // of it: a settings address has no need for one.
  if (url.path.includes('@')) {
    throw new AppError(
      'config',
      `${label} must not contain "@". Use an address like ${DEFAULT_API_BASE_URL}.`,
    );
  }
  if (!keyMayGoTo(url)) {
    throw new AppError(
      'config',
      `${label} must use https:// (plain http is only allowed for localhost and 127.0.0.1).`,
    );
  }
  return `${url.origin}${url.path.replace(/\/+$/, '')}`;
}

/** Blank text and null/undefined mean "keep what is stored"; anything else is parsed. */
function given(value: unknown): boolean {
  return value != null && !(typeof value === 'string' && value.trim() === '');
}

export interface MergedSettings {
  settings: Settings;
  /** Said to the person saving: e.g. the key was cleared because the host changed. */
  notice: string | null;
}

/**
 * The longest text each setting may be: far above any real value, well below what Apps Script's
 * properties hold (9 KB a value; a longer one fails with a bare "Argument too large: value").
 */
const SETTING_LIMITS: Record<keyof SettingsInput, { label: string; max: number }> = {
  apiKey: { label: 'The API key (apiKey)', max: 1_000 },
  apiBaseUrl: { label: 'The API base URL (apiBaseUrl)', max: 2_000 },
  appUrl: { label: 'The App URL (appUrl)', max: 2_000 },
  refreshRequestsPerMinute: { label: 'Requests per minute (refreshRequestsPerMinute)', max: 20 },
  autoImport: { label: 'autoImport', max: 20 },
  // 10 addresses of up to 254 characters, with their separators.
  alertRecipients: { label: 'Alert recipients (alertRecipients)', max: 2_600 },
  alertLfdDays: { label: 'Alert LFD days (alertLfdDays)', max: 20 },
  alertDigestHour: { label: 'Digest hour (alertDigestHour)', max: 20 },
};

/** Says which setting is too long and its limit, before anything is parsed or stored. */
function checkLengths(input: SettingsInput): void {
  for (const [name, limit] of Object.entries(SETTING_LIMITS)) {
    const value = input[name as keyof SettingsInput];
    if (typeof value === 'string' && value.length > limit.max) {
      throw new AppError(
        'config',
        `${limit.label} is too long: ${value.length.toLocaleString('en-US')} characters, at most ${limit.max.toLocaleString('en-US')}.`,
      );
    }
  }
}

/**
 * The key is bound to the origin it was saved for: moving `apiBaseUrl` to another origin without
 * a new key clears it, so no editor can send the stored key to a host of their choosing.
 */
export function mergeSettings(current: Settings, input: SettingsInput): MergedSettings {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new AppError('config', 'Settings must be an object like {apiKey, apiBaseUrl, appUrl}.');
  }
  checkLengths(input);
  const next: Settings = { ...current };
  let notice: string | null = null;
  if (given(input.apiBaseUrl))
    next.apiBaseUrl = normalizeServiceUrl(input.apiBaseUrl, 'API base URL');
  if (given(input.appUrl)) next.appUrl = normalizeServiceUrl(input.appUrl, 'App URL');
  const origin = apiOrigin(next.apiBaseUrl);
  if (given(input.apiKey)) {
    next.apiKey = cleanApiKey(input.apiKey);
    next.apiKeyOrigin = origin;
  } else if (next.apiKey && keyOriginOf(current) !== origin) {
    next.apiKey = null;
    next.apiKeyOrigin = null;
    notice = `The API key was cleared: it was saved for ${keyOriginOf(current)}, not ${origin}. Paste the key for ${origin}.`;
  }
  if (given(input.refreshRequestsPerMinute)) {
    next.refreshRequestsPerMinute = parseRefreshShare(input.refreshRequestsPerMinute);
  }
  if (input.autoImport != null) next.autoImport = parseSwitch(input.autoImport, 'autoImport');
  // An empty text is meaningful here: it turns alerts off.
  if (input.alertRecipients !== undefined)
    next.alertRecipients = parseAlertRecipients(input.alertRecipients);
  if (given(input.alertLfdDays)) next.alertLfdDays = parseAlertLfdDays(input.alertLfdDays);
  if (given(input.alertDigestHour))
    next.alertDigestHour = parseAlertDigestHour(input.alertDigestHour);
  return { settings: next, notice };
}

/** The origin a stored key belongs to (keys saved before binding belong to the stored base URL). */
export function keyOriginOf(s: Settings): string {
  return s.apiKeyOrigin ?? apiOrigin(s.apiBaseUrl);
}

export function publicSettings(s: Settings): PublicSettings {
  return {
    apiKeySet: !!s.apiKey,
    // A short key would be mostly given away by its last four characters.
    apiKeyLast4: s.apiKey && s.apiKey.length >= 8 ? s.apiKey.slice(-4) : null,
    apiBaseUrl: s.apiBaseUrl,
    appUrl: s.appUrl,
    refreshRequestsPerMinute: s.refreshRequestsPerMinute,
    autoImport: s.autoImport,
    alertRecipients: s.alertRecipients,
    alertLfdDays: s.alertLfdDays,
    alertDigestHour: s.alertDigestHour,
  };
}

/** scheme://host[:port] of the API (the direct-upload endpoint lives there, not under /v2). */
export function apiOrigin(apiBaseUrl: string): string {
  const parsed = parseHttpUrl(apiBaseUrl);
  if (parsed.url) return parsed.url.origin;
  const match = /^(https?:\/\/[^/]+)/i.exec(apiBaseUrl);
  return match ? match[1]!.toLowerCase() : apiBaseUrl;
}

export function trackingLink(appUrl: string, identifier: string): string {
  return `${appUrl}/shipments/find?q=${encodeURIComponent(identifier)}`;
}
