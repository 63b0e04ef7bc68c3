// What the menu items and the trigger call. Each reports back in a toast, not a stack trace.

import { redact } from '../../core/redact';
import { recordTriggerTime } from '../../gas/trigger-time';
import { disableAutoRefresh, enableAutoRefresh } from '../schedule/auto-refresh';
import { scheduledTarget } from '../schedule/scheduled-run';
import { noteScheduledRun, outcomeOfError, type ScheduledOutcome } from '../schedule/run-record';
import { widenIfNearQuota } from '../schedule/widening';
import { REFRESH_INTERVALS } from '../schedule/refresh-intervals';
import {
  refreshSpreadsheet,
  refreshTrackingSheet,
  type RefreshReport,
} from '../refresh/refresh-tracking-sheet';
import { setupTrackingSheet } from '../tracking-sheet/setup';
import { importAllContainers } from '../tracking-sheet/import-containers';
import { PRODUCT_NAME } from '../../core/product';
import { grantFor } from '../../gas/authorization';
import { permissionMessage } from '../../core/permissions';

function toast(message: string): void {
  SpreadsheetApp.getActive().toast(redact(message), PRODUCT_NAME, 6);
}

function guarded(action: () => string): void {
  try {
    toast(action());
  } catch (e) {
    toast(e instanceof Error ? e.message : String(e));
  }
}

/**
 * The sidebar, on `tab`. Without the permission to show it, an alert (which needs none) says
 * which permission and how to grant it: a toast would be gone before the address is copied.
 */
function openSidebar(tab?: 'settings'): void {
  const ui = SpreadsheetApp.getUi();
  const grant = grantFor('sidebar');
  if (grant.missing.length > 0) {
    ui.alert(PRODUCT_NAME, permissionMessage('sidebar', grant, PRODUCT_NAME), ui.ButtonSet.OK);
    return;
  }
  const html = HtmlService.createHtmlOutputFromFile('Sidebar').setTitle(PRODUCT_NAME).setWidth(300);
  ui.showSidebar(tab ? html.append(`<script>window.CT_START_TAB="${tab}"</script>`) : html);
}

export function showSidebar(): void {
  openSidebar();
}

export function showSettings(): void {
  openSidebar('settings');
}

export function menuSetUpTrackingSheet(): void {
  guarded(setupTrackingSheet);
}

export function menuRefreshNow(): void {
  // refreshTrackingSheet reports in the sheet and a toast itself.
  refreshTrackingSheet();
}

/** Menu: rows for the account's unfinished containers the sheet does not hold yet. */
export function menuImportAllContainers(): void {
  guarded(() => importAllContainers().message);
}

/** The sidebar's "Track all untracked rows": a refresh is what finds and tracks them. */
export function trackUntrackedRows(): RefreshReport {
  return refreshTrackingSheet();
}

/**
 * The time-driven trigger: refreshes the spreadsheet its event's triggerUid belongs to, then
 * counts its own run time against the user's daily trigger time (and widens the interval when
 * that runs short), and notes in the trigger's record how the run went (a third failure in a row
 * emails the owner once: schedule/run-record.ts).
 */
export function runScheduledRefresh(e?: { triggerUid?: unknown }): RefreshReport {
  const startedAt = Date.now();
  const uid = e?.triggerUid == null ? null : String(e.triggerUid);
  let report: RefreshReport | undefined;
  let spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet | null = null;
  let outcome: ScheduledOutcome = null;
  try {
    const target = scheduledTarget(e);
    if ('removed' in target) {
      report = { ok: false, message: target.removed, ...NOTHING_DONE };
      return report;
    }
    spreadsheet = target.spreadsheet;
    report = refreshSpreadsheet(target.spreadsheet, target.context, true);
    outcome = report.failure
      ? { ok: false, failure: report.failure }
      : report.skipped
        ? null
        : { ok: true };
    return report;
  } catch (error) {
    outcome = outcomeOfError(error);
    throw error;
  } finally {
    recordTriggerTime(startedAt, Date.now() - startedAt);
    noteScheduledRun(uid, spreadsheet, outcome);
    const widened = widenIfNearQuota(e);
    if (widened && report) report.message = `${report.message ?? ''} ${widened}`.trim();
  }
}

const NOTHING_DONE = {
  rows: 0,
  updated: 0,
  requests: 0,
  trackingRequestsCreated: 0,
  complete: false,
};

/** One menu item per interval of refresh-intervals.ts (menu.ts shows those the mode allows). */
const every = (minutes: number) => (): void =>
  guarded(() => {
    enableAutoRefresh(minutes);
    const every = REFRESH_INTERVALS.find((i) => i.minutes === minutes)?.menuLabel;
    return `The Tracking sheet now refreshes ${(every ?? `every ${minutes} minutes`).toLowerCase()}.`;
  });

export const menuAutoRefresh15 = every(15);
export const menuAutoRefresh30 = every(30);
export const menuAutoRefresh60 = every(60);
export const menuAutoRefresh120 = every(120);
export const menuAutoRefresh240 = every(240);
export const menuAutoRefresh360 = every(360);
export const menuAutoRefresh480 = every(480);
export const menuAutoRefresh720 = every(720);
export const menuAutoRefresh1440 = every(1440);
export function menuAutoRefreshOff(): void {
  guarded(() => {
    disableAutoRefresh();
    return 'Auto-refresh is off.';
  });
}
