// Per-spreadsheet settings: the API key (never shown back) and the two service URLs.

import { AppError } from './errors';

export const DEFAULT_API_BASE_URL = 'https://api.terminal49.com/v2';
export const DEFAULT_APP_URL = 'https://app.terminal49.com';

/** The scheduled refresh leaves the rest of the minute's 100 requests to people using cells and the sidebar. */
export const DEFAULT_REFRESH_REQUESTS_PER_MINUTE = 80;
export const MAX_REFRESH_REQUESTS_PER_MINUTE = 95;

export interface Settings {
  apiKey: string | null;
  apiBaseUrl: string;
  appUrl: string;
  /** The scheduled refresh's share of the per-key limit. */
  refreshRequestsPerMinute: number;
}

export interface SettingsInput {
  apiKey?: string | null;
  apiBaseUrl?: string | null;
  appUrl?: string | null;
  refreshRequestsPerMinute?: number | string | null;
}

/** What getSettings() returns: never the key itself. */
export interface PublicSettings {
  apiKeySet: boolean;
  apiKeyLast4: string | null;
  apiBaseUrl: string;
  appUrl: string;
  refreshRequestsPerMinute: number;
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

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** https only, except plain http on this machine for the local emulator; no trailing slash. */
export function normalizeServiceUrl(raw: string, label: string): string {
  const text = raw.trim();
  const match = /^(https?):\/\/([^/?#:]+)(:\d+)?(\/[^?#]*)?$/i.exec(text);
  if (!match) {
    throw new AppError(
      'config',
      `${label} "${text.slice(0, 60)}" is not a valid URL. Use a full address like https://api.terminal49.com/v2.`,
    );
  }
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.toLowerCase();
  if (scheme !== 'https' && !LOCAL_HOSTS.has(host)) {
    throw new AppError(
      'config',
      `${label} must use https:// (plain http is only allowed for localhost and 127.0.0.1).`,
    );
  }
  const path = (match[4] ?? '').replace(/\/+$/, '');
  return `${scheme}://${host}${match[3] ?? ''}${path}`;
}

/** Keys are pasted from web pages: stray spaces, line breaks, quotes or a "Token " prefix. */
export function cleanApiKey(raw: string): string {
  const key = raw
    .trim()
    .replace(/^["']|["']$/g, '')
    .replace(/^Token\s+/i, '')
    .trim();
  if (/\s/.test(key) || key.length > 200) {
    throw new AppError(
      'config',
      "The API key contains spaces or is too long. Paste only the key from your account's developer page.",
    );
  }
  return key;
}

export function mergeSettings(current: Settings, input: SettingsInput): Settings {
  const next: Settings = { ...current };
  if (input.apiKey != null && input.apiKey.trim() !== '') next.apiKey = cleanApiKey(input.apiKey);
  if (input.apiBaseUrl != null && input.apiBaseUrl.trim() !== '') {
    next.apiBaseUrl = normalizeServiceUrl(input.apiBaseUrl, 'API base URL');
  }
  if (input.appUrl != null && input.appUrl.trim() !== '')
    next.appUrl = normalizeServiceUrl(input.appUrl, 'App URL');
  if (
    input.refreshRequestsPerMinute != null &&
    String(input.refreshRequestsPerMinute).trim() !== ''
  ) {
    next.refreshRequestsPerMinute = parseRefreshShare(input.refreshRequestsPerMinute);
  }
  return next;
}

export function publicSettings(s: Settings): PublicSettings {
  return {
    apiKeySet: !!s.apiKey,
    // A short key would be mostly given away by its last four characters.
    apiKeyLast4: s.apiKey && s.apiKey.length >= 8 ? s.apiKey.slice(-4) : null,
    apiBaseUrl: s.apiBaseUrl,
    appUrl: s.appUrl,
    refreshRequestsPerMinute: s.refreshRequestsPerMinute,
  };
}

/** The direct-upload endpoint lives at the origin of the API, not under /v2. */
export function apiOrigin(apiBaseUrl: string): string {
  const match = /^(https?:\/\/[^/]+)/i.exec(apiBaseUrl);
  return match ? match[1]! : apiBaseUrl;
}

export function trackingLink(appUrl: string, identifier: string): string {
  return `${appUrl}/shipments/find?q=${encodeURIComponent(identifier)}`;
}
