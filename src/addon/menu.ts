// The Container Tracking menu, always through createAddonMenu(): a published add-on's menus live
// under Extensions (top-level ones are moved there), and a bound script's add-on menu sits there
// too under the project's name (Custom menus for Editor add-ons). onOpen may run before the user
// authorised the add-on (AuthMode.NONE): then it builds the menu and touches no other service.

import { deploymentMode } from './auto-refresh';
import { intervalChoices, type DeploymentMode } from './refresh-intervals';

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
}

export function onInstall(e?: OpenEvent): void {
  onOpen(e);
}
