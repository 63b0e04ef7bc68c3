// The Container Tracking menu, always through createAddonMenu(): a published add-on's menus live
// under Extensions (top-level ones are moved there), and a bound script's add-on menu sits there
// too under the project's name (Custom menus for Editor add-ons). onOpen may run before the user
// authorised the add-on (AuthMode.NONE): then it builds the menu and touches no other service.

import { deploymentMode } from '../schedule/auto-refresh';
import { intervalChoices, type DeploymentMode } from '../schedule/refresh-intervals';
import { STATUS_SHEET } from '../sheets/sheet-names';

type OpenEvent = { authMode?: GoogleAppsScript.Script.AuthMode };

/** Only an add-on's onOpen runs in AuthMode.NONE (before it is used in the document). */
function menuMode(e?: OpenEvent): DeploymentMode {
  if (e?.authMode != null && String(e.authMode) === String(ScriptApp.AuthMode.NONE)) {
    return 'add-on';
  }
  try {
    return deploymentMode();
  } catch {
    return 'add-on'; // the stricter list: every item of it works in both modes
  }
}

export function onOpen(e?: OpenEvent): void {
  const ui = SpreadsheetApp.getUi();
  const autoRefresh = ui.createMenu('Auto-refresh');
  for (const choice of intervalChoices(menuMode(e))) {
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
  if (e?.authMode != null && String(e.authMode) === String(ScriptApp.AuthMode.NONE)) return;
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
    const failure = ss?.getSheetByName(STATUS_SHEET)?.getRange('B3').getValue();
    if (typeof failure === 'string' && failure.trim() !== '') {
      ss.toast(
        `${failure} The Attention column shows the rows that are not up to date.`,
        'Container Tracking: the last refresh failed',
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
