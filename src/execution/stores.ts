// Which stores a spreadsheet's executions share, by build (src/core/deployment.ts):
// - a bound script's project serves one spreadsheet, so its script-wide cache and lock are that
//   spreadsheet's; they are the only ones its web app has (no document cache or lock there), so
//   every run of a bound script, cells included, uses them: a push, a refresh and a cell share one
//   lock, one rate window and one data cache;
// - an add-on's script-wide stores are shared by every user of every spreadsheet: it uses the
//   document's cache, lock and properties, and in a time-driven run without a document the
//   user's own, namespaced by the spreadsheet. Nothing of it ever reads or writes the script
//   cache, lock or properties (the deployer's Picker settings aside, read only: drive-files.ts).
//   The build's constant is tested right here, so esbuild drops the bound branch from the
//   add-on's bundle: the code that would open the script-wide stores is not even in it
//   (test/addon/bundle.test.ts).
// The service's limit is the key's (docs/reference.md#one-key): in the add-on, one user's
// spreadsheets on one key also share a window of that key, kept in the user's own cache under a
// digest of the key and its host (never the key). A bound script has no store another
// spreadsheet could share: its pace follows the service's answers (engine/rate-window.ts).

import type { DeploymentMode } from '../core/deployment';
import type { Settings } from '../core/settings';
import { sha256Hex } from '../core/sha256';
import { parseHttpUrl } from '../core/url';
import type { WindowPlace } from '../engine/request-gate';
import {
  documentStores,
  scriptWideStores,
  userCache,
  userLock,
  type SheetStores,
} from '../gas/stores';

declare const __DEPLOYMENT__: DeploymentMode | undefined;

export function spreadsheetStores(): SheetStores {
  const bound = typeof __DEPLOYMENT__ === 'undefined' || __DEPLOYMENT__ === 'bound';
  return bound ? scriptWideStores() : documentStores();
}

/** The name of a key's window: a digest of the API host and the key, never the key. */
export function keyWindowId(settings: Pick<Settings, 'apiKey' | 'apiBaseUrl'>): string {
  const parsed = parseHttpUrl(settings.apiBaseUrl).url;
  const host = parsed ? parsed.origin.toLowerCase() : settings.apiBaseUrl.trim();
  return sha256Hex(`${host}\n${settings.apiKey}`).slice(0, 32);
}

/**
 * The add-on's window of this key for one service bucket (`rate`, `infer`), in the user's cache
 * under the user's lock; null in a bound script.
 */
export function keyWindow(settings: Settings, bucket: string): WindowPlace | null {
  const bound = typeof __DEPLOYMENT__ === 'undefined' || __DEPLOYMENT__ === 'bound';
  if (bound || !settings.apiKey) return null;
  return { cache: userCache(), lock: userLock(), key: `ct:key:${keyWindowId(settings)}:${bucket}` };
}
