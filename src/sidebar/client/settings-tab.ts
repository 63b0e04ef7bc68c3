// Settings: the API key is write-only here. The server only ever says whether one is set and its
// last 4 characters; the field starts empty, and an empty field keeps the stored key.

import { setupAlertsSection } from './alerts-section';
import { setupFreeTimeSection } from './free-time-section';
import { byId } from './dom';
import { intervalText, keyStateText } from './format';
import { setupPushBlock } from './push-block';
import { setupSchedulesSection } from './schedules-section';
import { call, type ResultOf } from './server';
import { showError, showStatus, withBusy } from './status';
import type { TabHandlers } from './tabs';

export function setupSettingsTab(onSaved: (s: ResultOf<'getSettings'>) => void): TabHandlers {
  const form = byId('settings-form', HTMLFormElement);
  const key = byId('settings-key', HTMLInputElement);
  const keyState = byId('settings-key-state', HTMLElement);
  const base = byId('settings-base', HTMLInputElement);
  const app = byId('settings-app', HTMLInputElement);
  const share = byId('settings-share', HTMLInputElement);
  const autoImport = byId('settings-auto-import', HTMLInputElement);
  const save = byId('settings-save', HTMLButtonElement);
  const removeKey = byId('settings-remove-key', HTMLButtonElement);
  const status = byId('settings-status', HTMLElement);
  const test = byId('settings-test', HTMLButtonElement);
  const testStatus = byId('settings-test-status', HTMLElement);
  const autoOn = byId('auto-enabled', HTMLInputElement);
  const interval = byId('auto-interval', HTMLSelectElement);
  const autoSave = byId('auto-save', HTMLButtonElement);
  const autoStatus = byId('auto-status', HTMLElement);
  const alerts = setupAlertsSection();
  const push = setupPushBlock();
  const freeTime = setupFreeTimeSection();
  const schedules = setupSchedulesSection((state) => showAuto(state));

  function showSettings(s: ResultOf<'getSettings'>): void {
    keyState.textContent = keyStateText(s);
    removeKey.hidden = !s.apiKeySet;
    base.value = s.apiBaseUrl;
    app.value = s.appUrl;
    share.value = String(s.refreshRequestsPerMinute);
    autoImport.checked = s.autoImport;
    alerts.show(s);
  }

  /** The server's list of intervals, the same the menu offers in this deployment mode. */
  function showAuto(state: ResultOf<'getAutoRefresh'>): void {
    autoOn.checked = state.enabled;
    const options = state.choices.map((c) => new Option(c.label, String(c.minutes)));
    if (state.minutes !== null && !state.choices.some((c) => c.minutes === state.minutes)) {
      options.push(new Option(intervalText(state.minutes), String(state.minutes)));
    }
    interval.replaceChildren(...options);
    const hourly = state.choices.find((c) => c.minutes === 60)?.minutes;
    const selected = state.minutes ?? hourly ?? state.choices[0]?.minutes;
    if (selected !== undefined) interval.value = String(selected);
    interval.disabled = !state.enabled;
    const runsAs = state.ownedByMe ? '' : `, as ${state.owner || 'another editor'}`;
    const text = state.enabled
      ? `On: the Tracking sheet refreshes every ${intervalText(state.minutes)}${runsAs}.`
      : 'Off. The Tracking sheet refreshes when you choose Refresh now.';
    // Whose schedule it is and what the add-in did to it (taken over, widened, removed by hand).
    showStatus(autoStatus, 'info', state.note ? `${text} ${state.note}` : text);
    schedules.showAuto(state);
  }

  removeKey.addEventListener('click', () => {
    void withBusy(removeKey, status, 'Removing the key…', async () => {
      const saved = await call('removeApiKey');
      showSettings(saved);
      onSaved(saved);
      showStatus(status, 'ok', saved.notice ?? 'The key is removed.');
    });
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void withBusy(save, status, 'Saving settings…', async () => {
      const typed = key.value.trim();
      const saved = await call('saveSettings', {
        ...(typed ? { apiKey: typed } : {}),
        apiBaseUrl: base.value.trim(),
        appUrl: app.value.trim(),
        refreshRequestsPerMinute: share.value.trim(),
        autoImport: autoImport.checked,
      });
      key.value = ''; // the key is not kept in the page once the server has it
      showSettings(saved);
      onSaved(saved);
      // e.g. the key was cleared because the API host changed: the person must paste a new one.
      if (saved.notice) showStatus(status, 'error', `Settings saved. ${saved.notice}`);
      else showStatus(status, 'ok', 'Settings saved.');
    });
  });

  test.addEventListener('click', () => {
    void withBusy(test, testStatus, 'Testing the connection…', async () => {
      const result = await call('testConnection');
      showStatus(testStatus, result.ok ? 'ok' : 'error', result.message);
      if (result.ok && result.containerCount !== undefined) {
        testStatus.dataset.containerCount = String(result.containerCount);
      }
    });
  });

  autoOn.addEventListener('change', () => (interval.disabled = !autoOn.checked));
  autoSave.addEventListener('click', () => {
    void withBusy(autoSave, autoStatus, 'Saving auto-refresh…', async () => {
      showAuto(
        autoOn.checked
          ? await call('enableAutoRefresh', Number(interval.value))
          : await call('disableAutoRefresh'),
      );
      schedules.show();
    });
  });

  return {
    onShow: () => {
      call('getSettings').then(showSettings, (e: unknown) => showError(status, e));
      call('getAutoRefresh').then(showAuto, (e: unknown) => showError(autoStatus, e));
      push.show();
      freeTime.show();
      schedules.show();
    },
  };
}
