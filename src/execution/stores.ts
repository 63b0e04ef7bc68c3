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

import type { DeploymentMode } from '../core/deployment';
import { documentStores, scriptWideStores, type SheetStores } from '../gas/stores';

declare const __DEPLOYMENT__: DeploymentMode | undefined;

export function spreadsheetStores(): SheetStores {
  const bound = typeof __DEPLOYMENT__ === 'undefined' || __DEPLOYMENT__ === 'bound';
  return bound ? scriptWideStores() : documentStores();
}
