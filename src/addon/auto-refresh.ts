// One time-driven trigger refreshes the Tracking sheet. Re-enabling replaces it. A bound script
// may refresh every few minutes; Apps Script refuses minute triggers for an add-on install, so
// then it falls back to hourly and says so.

export const TRIGGER_HANDLER = 'runScheduledRefresh';
const MINUTE_STEPS = [1, 5, 10, 15, 30];
const INTERVAL_PROPERTY = 'CT_AUTO_REFRESH_MINUTES';

export interface AutoRefreshState {
  enabled: boolean;
  minutes: number | null;
  note?: string;
}

function ours(): GoogleAppsScript.Script.Trigger[] {
  return ScriptApp.getProjectTriggers().filter((t) => t.getHandlerFunction() === TRIGGER_HANDLER);
}

function hourly(hours: number): void {
  ScriptApp.newTrigger(TRIGGER_HANDLER).timeBased().everyHours(hours).create();
}

export function enableAutoRefresh(minutes: unknown): AutoRefreshState {
  const wanted = Math.round(Number(minutes));
  if (!Number.isFinite(wanted) || wanted < 1) {
    throw new Error(
      'Auto-refresh needs an interval in minutes: 1, 5, 10, 15, 30, or a multiple of 60.',
    );
  }
  for (const t of ours()) ScriptApp.deleteTrigger(t);
  let effective: number;
  let note: string | undefined;
  if (wanted >= 60) {
    effective = Math.min(24, Math.round(wanted / 60)) * 60;
    hourly(effective / 60);
  } else {
    effective = MINUTE_STEPS.find((m) => m >= wanted) ?? 30;
    try {
      ScriptApp.newTrigger(TRIGGER_HANDLER).timeBased().everyMinutes(effective).create();
    } catch {
      hourly(1);
      effective = 60;
      note = 'Installed as an add-on, the sheet can refresh at most hourly.';
    }
  }
  PropertiesService.getDocumentProperties().setProperty(INTERVAL_PROPERTY, String(effective));
  return note ? { enabled: true, minutes: effective, note } : { enabled: true, minutes: effective };
}

export function disableAutoRefresh(): AutoRefreshState {
  for (const t of ours()) ScriptApp.deleteTrigger(t);
  PropertiesService.getDocumentProperties().deleteProperty(INTERVAL_PROPERTY);
  return { enabled: false, minutes: null };
}

export function getAutoRefresh(): AutoRefreshState {
  const enabled = ours().length > 0;
  const minutes =
    Number(PropertiesService.getDocumentProperties().getProperty(INTERVAL_PROPERTY)) || null;
  return { enabled, minutes: enabled ? minutes : null };
}
