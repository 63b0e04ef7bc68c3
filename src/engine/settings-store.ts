// Settings live in document properties (custom functions can read those). A copy rides in the
// document cache next to the data so a warm cell reads settings and data in one service call
// and the properties' daily read quota is not spent by every recalculation.

import { AppError } from '../core/errors';
import { rememberSecret } from '../core/redact';
import {
  DEFAULT_REFRESH_REQUESTS_PER_MINUTE,
  DEFAULT_API_BASE_URL,
  DEFAULT_APP_URL,
  alertSettingsOf,
  apiOrigin,
  keyOriginOf,
  mergeSettings,
  type MergedSettings,
  type Settings,
  type SettingsInput,
} from '../core/settings';
import { checkKeyShape } from '../core/api-key';
import type { DurableStore, SharedCache } from '../core/ports';
import { CACHE_TTL_SECONDS } from './record-store';
import { PRODUCT_NAME } from '../core/product';

export const SETTINGS_CACHE_KEY = 'ct:settings';
const PROPERTY = {
  apiKey: 'CT_API_KEY',
  apiKeyOrigin: 'CT_API_KEY_ORIGIN',
  apiBaseUrl: 'CT_API_BASE_URL',
  appUrl: 'CT_APP_URL',
  refreshRequestsPerMinute: 'CT_REFRESH_REQUESTS_PER_MINUTE',
  autoImport: 'CT_AUTO_IMPORT',
  alertRecipients: 'CT_ALERT_RECIPIENTS',
  alertLfdDays: 'CT_ALERT_LFD_DAYS',
  alertDigestHour: 'CT_ALERT_DIGEST_HOUR',
} as const;

export const NO_KEY_MESSAGE = `No API key is set. Open Extensions → ${PRODUCT_NAME} → Settings and paste your tracking API key.`;

/** A stored key counts only for the origin it was saved for (see mergeSettings). */
function boundKey(s: Settings): Settings {
  rememberSecret(s.apiKey);
  if (s.apiKey && keyOriginOf(s) !== apiOrigin(s.apiBaseUrl)) return { ...s, apiKey: null };
  return s;
}

function fromProperties(p: Record<string, string>): Settings {
  return {
    apiKey: p[PROPERTY.apiKey] || null,
    apiKeyOrigin: p[PROPERTY.apiKeyOrigin] || null,
    apiBaseUrl: p[PROPERTY.apiBaseUrl] || DEFAULT_API_BASE_URL,
    appUrl: p[PROPERTY.appUrl] || DEFAULT_APP_URL,
    refreshRequestsPerMinute:
      Number(p[PROPERTY.refreshRequestsPerMinute]) || DEFAULT_REFRESH_REQUESTS_PER_MINUTE,
    autoImport: p[PROPERTY.autoImport] === 'true',
    ...alertSettingsOf({
      alertRecipients: p[PROPERTY.alertRecipients],
      alertLfdDays: p[PROPERTY.alertLfdDays],
      alertDigestHour: p[PROPERTY.alertDigestHour],
    }),
  };
}

function parseCached(raw: string | undefined): Settings | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Settings;
    if (typeof v.apiBaseUrl !== 'string' || typeof v.appUrl !== 'string') return null;
    return boundKey({
      ...v,
      refreshRequestsPerMinute: v.refreshRequestsPerMinute || DEFAULT_REFRESH_REQUESTS_PER_MINUTE,
      autoImport: v.autoImport === true,
      ...alertSettingsOf(v),
    });
  } catch {
    return null;
  }
}

export class SettingsStore {
  constructor(
    private readonly properties: () => DurableStore,
    private readonly cache: SharedCache,
  ) {}

  /**
   * `cached` is the cache entry when the caller already read it along with its data (`null`: read
   * and absent); left out, the cache is asked.
   */
  load(cached?: string | null): Settings {
    const raw =
      cached === undefined ? this.cache.getAll([SETTINGS_CACHE_KEY])[SETTINGS_CACHE_KEY] : cached;
    const hit = parseCached(raw ?? undefined);
    if (hit) return hit;
    const settings = boundKey(fromProperties(this.properties().getAll()));
    this.cache.putAll({ [SETTINGS_CACHE_KEY]: JSON.stringify(settings) }, CACHE_TTL_SECONDS);
    return settings;
  }

  /** Saves and returns the new settings, with a notice when the key was cleared. */
  save(input: SettingsInput): MergedSettings {
    const store = this.properties();
    const merged = mergeSettings(boundKey(fromProperties(store.getAll())), input);
    const next = merged.settings;
    const values: Record<string, string> = {
      [PROPERTY.apiBaseUrl]: next.apiBaseUrl,
      [PROPERTY.appUrl]: next.appUrl,
      [PROPERTY.refreshRequestsPerMinute]: String(next.refreshRequestsPerMinute),
      [PROPERTY.autoImport]: String(next.autoImport),
      [PROPERTY.alertRecipients]: next.alertRecipients,
      [PROPERTY.alertLfdDays]: String(next.alertLfdDays),
      [PROPERTY.alertDigestHour]: String(next.alertDigestHour),
    };
    if (next.apiKey) {
      values[PROPERTY.apiKey] = next.apiKey;
      values[PROPERTY.apiKeyOrigin] = keyOriginOf(next);
    }
    store.setAll(values);
    if (!next.apiKey) {
      // A key bound to another origin is removed, not kept aside: nothing can send it anywhere.
      store.remove(PROPERTY.apiKey);
      store.remove(PROPERTY.apiKeyOrigin);
    }
    rememberSecret(next.apiKey);
    this.cache.putAll({ [SETTINGS_CACHE_KEY]: JSON.stringify(next) }, CACHE_TTL_SECONDS);
    return merged;
  }

  /** The settings without the key, the key gone from the properties and the cache. */
  removeKey(): Settings {
    const store = this.properties();
    const next = { ...boundKey(fromProperties(store.getAll())), apiKey: '' };
    store.remove(PROPERTY.apiKey);
    store.remove(PROPERTY.apiKeyOrigin);
    this.cache.putAll({ [SETTINGS_CACHE_KEY]: JSON.stringify(next) }, CACHE_TTL_SECONDS);
    return next;
  }
}

export function requireKey(settings: Settings): string {
  if (!settings.apiKey) throw new AppError('config', NO_KEY_MESSAGE);
  return checkKeyShape(settings.apiKey);
}
