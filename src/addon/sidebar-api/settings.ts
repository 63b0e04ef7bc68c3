// Settings as the sidebar and scripts use them. The key goes in and never comes back out.

import { listContainersPage } from '../../api/resources';
import { metaNumber } from '../../api/jsonapi';
import { AppError, userMessage } from '../../core/errors';
import {
  DEFAULT_API_BASE_URL,
  publicSettings,
  type PublicSettings,
  type SettingsInput,
} from '../../core/settings';
import { plural } from '../../core/wording';
import { Execution } from '../../execution/execution';
import { copySettingsToTrigger } from '../schedule/auto-refresh';

export function saveSettings(input: SettingsInput): PublicSettings {
  const { settings, notice } = new Execution('sidebar').settingsStore.save(input ?? {});
  copySettingsToTrigger(settings);
  return notice ? { ...publicSettings(settings), notice } : publicSettings(settings);
}

/**
 * Removes the API key from this spreadsheet: from its properties, its cached settings and this
 * user's auto-refresh copy. Other users' schedules of an add-on keep their own copies until they
 * save settings or turn auto-refresh off (their user properties are theirs alone).
 */
export function removeApiKey(): PublicSettings {
  const settings = new Execution('sidebar').settingsStore.removeKey();
  copySettingsToTrigger(settings);
  return {
    ...publicSettings(settings),
    notice:
      'The API key is removed from this spreadsheet. Nothing is refreshed until a key is pasted again.',
  };
}

export function getSettings(): PublicSettings {
  return publicSettings(new Execution('sidebar').settings());
}

export interface ConnectionResult {
  ok: boolean;
  message: string;
  containerCount?: number;
}

/** One small request: proves the key and URL work and tells the account's size. */
export function testConnection(): ConnectionResult {
  const run = new Execution('sidebar');
  try {
    const settings = run.settings();
    const doc = run.client(settings).send({ ...listContainersPage(1), query: { 'page[size]': 1 } });
    const total = metaNumber(doc, 'total') ?? 0;
    return {
      ok: true,
      message: `Connected. The account tracks ${plural(total, 'container')}.`,
      containerCount: total,
    };
  } catch (e) {
    return { ok: false, message: connectionProblem(e) };
  }
}

/**
 * The listing exists under every valid base URL, so a 404 for it means the URL's path is wrong
 * (typically `/v2` left out: the service's root answers 404), not that something is untracked.
 */
function connectionProblem(error: unknown): string {
  if (error instanceof AppError && error.status === 404) {
    return `The API base URL answered "not found" for the container list. Check that the URL ends in /v2 (like ${DEFAULT_API_BASE_URL}).`;
  }
  return userMessage(error);
}
