// The Container Tracking menu, always through createAddonMenu(): a published add-on's menus live
// under Extensions (top-level ones are moved there), and a bound script's add-on menu sits there
// too under the project's name (Custom menus for Editor add-ons). onOpen may run before the user
// authorised the add-on (AuthMode.NONE): then it builds the menu and touches no other service.

import { DEPLOYMENT } from '../../core/deployment';
import { intervalChoices } from '../schedule/refresh-intervals';
import { unresolvedFailure } from '../sheets/status-sheet';
import { PRODUCT_NAME } from '../../core/product';

type OpenEvent = { authMode?: GoogleAppsScript.Script.AuthMode };

/** An add-on's onOpen runs in AuthMode.NONE before it is used in the document (enums read as their names). */
const beforeUse = (e?: OpenEvent): boolean => e?.authMode != null && String(e.authMode) === 'NONE';

export function onOpen(e?: OpenEvent): void {
  const ui = SpreadsheetApp.getUi();
  const autoRefresh = ui.createMenu('Auto-refresh');
  for (const choice of intervalChoices(DEPLOYMENT)) {
    autoRefresh.addItem(choice.menuLabel, `menuAutoRefresh${choice.minutes}`);
  }
  ui.createAddonMenu()
    .addItem('Open sidebar', 'showSidebar')
    .addItem('Set up Tracking sheet', 'menuSetUpTrackingSheet')
    .addItem('Refresh now', 'menuRefreshNow')
    .addItem('Import all tracked containers', 'menuImportAllContainers')
    .addSubMenu(autoRefresh.addItem('Off', 'menuAutoRefreshOff'))
    .addItem('Settings', 'showSettings')
    .addToUi();
  if (beforeUse(e)) return;
  showUnresolvedFailure();
}

/**
 * A refresh that failed (often a scheduled one nobody watched) is said when the spreadsheet is
 * next opened. AuthMode.LIMITED may read the bound document and show UI (add-on authorization
 * guide), so this reads only the status sheet the refresh wrote; it never blocks the menu.
 */
function showUnresolvedFailure(): void {
  try {
    const ss = SpreadsheetApp.getActive();
    const failure = unresolvedFailure(ss);
    if (failure !== '') {
      ss.toast(
        `${failure} The Attention column shows the rows that are not up to date.`,
        `${PRODUCT_NAME}: the last refresh failed`,
        30,
      );
    }
  } catch {
    // No message rather than no menu.
  }
}

export function onInstall(e?: OpenEvent): void {
  onOpen(e);
}
