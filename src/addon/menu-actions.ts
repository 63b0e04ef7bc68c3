// What the menu items and the trigger call. Each reports back in a toast, not a stack trace.

import { redact } from '../core/redact';
import { disableAutoRefresh, enableAutoRefresh } from './auto-refresh';
import { refreshTrackingSheet, type RefreshReport } from './tracking-sheet-refresh';
import { setupTrackingSheet } from './tracking-sheet-setup';

function toast(message: string): void {
  SpreadsheetApp.getActive().toast(redact(message), 'Container Tracking', 6);
}

function guarded(action: () => string): void {
  try {
    toast(action());
  } catch (e) {
    toast(e instanceof Error ? e.message : String(e));
  }
}

export function showSidebar(): void {
  const html = HtmlService.createHtmlOutputFromFile('Sidebar')
    .setTitle('Container Tracking')
    .setWidth(300);
  SpreadsheetApp.getUi().showSidebar(html);
}

export function showSettings(): void {
  const html = HtmlService.createHtmlOutputFromFile('Sidebar')
    .setTitle('Container Tracking')
    .setWidth(300);
  SpreadsheetApp.getUi().showSidebar(
    html.append('<script>window.CT_START_TAB="settings"</script>'),
  );
}

export function menuSetUpTrackingSheet(): void {
  guarded(setupTrackingSheet);
}

export function menuRefreshNow(): void {
  // refreshTrackingSheet reports in the sheet and a toast itself.
  refreshTrackingSheet();
}

/** The sidebar's "Track all untracked rows": a refresh is what finds and tracks them. */
export function trackUntrackedRows(): RefreshReport {
  return refreshTrackingSheet();
}

export function runScheduledRefresh(): RefreshReport {
  return refreshTrackingSheet({ scheduled: true });
}

const autoRefreshMessage = (minutes: number) => () => {
  const state = enableAutoRefresh(minutes);
  return state.note ?? `The Tracking sheet refreshes every ${state.minutes} minutes.`;
};

export const menuAutoRefresh15 = (): void => guarded(autoRefreshMessage(15));
export const menuAutoRefresh60 = (): void => guarded(autoRefreshMessage(60));
export const menuAutoRefresh360 = (): void => guarded(autoRefreshMessage(360));
export function menuAutoRefreshOff(): void {
  guarded(() => {
    disableAutoRefresh();
    return 'Auto-refresh is off.';
  });
}
