// The Container Tracking menu. onOpen may run before the user authorised the add-on
// (AuthMode.NONE): it only builds the menu and touches no other service.

export function onOpen(e?: { authMode?: GoogleAppsScript.Script.AuthMode }): void {
  const ui = SpreadsheetApp.getUi();
  const isAddOn = e?.authMode != null && String(e.authMode) === String(ScriptApp.AuthMode.NONE);
  const menu = isAddOn ? ui.createAddonMenu() : ui.createMenu('Container Tracking');
  menu
    .addItem('Open sidebar', 'showSidebar')
    .addItem('Set up Tracking sheet', 'menuSetUpTrackingSheet')
    .addItem('Refresh now', 'menuRefreshNow')
    .addSubMenu(
      ui
        .createMenu('Auto-refresh')
        .addItem('Every 15 minutes', 'menuAutoRefresh15')
        .addItem('Every hour', 'menuAutoRefresh60')
        .addItem('Every 6 hours', 'menuAutoRefresh360')
        .addItem('Off', 'menuAutoRefreshOff'),
    )
    .addItem('Settings', 'showSettings')
    .addToUi();
}

export function onInstall(e?: { authMode?: GoogleAppsScript.Script.AuthMode }): void {
  onOpen(e);
}
