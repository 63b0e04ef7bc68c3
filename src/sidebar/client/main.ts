// The sidebar's entry: wires the tabs. It waits for the whole document because showSettings()
// appends `window.CT_START_TAB = "settings"` after this script.

import { byId } from './dom';
import { setupDiagnosticsTab } from './diagnostics-tab';
import { setupOpenPage } from './open-page';
import { setupReferencesTab } from './references-tab';
import { call } from './server';
import { setupSettingsTab } from './settings-tab';
import { showError } from './status';
import { setupTabs } from './tabs';
import { setupTrackTab } from './track-tab';
import { setupUploadTab } from './upload-tab';

declare global {
  interface Window {
    CT_START_TAB?: string;
  }
}

function start(): void {
  const keyNotice = byId('key-notice', HTMLElement);
  const noticeFor = (s: { apiKeySet: boolean }) => {
    keyNotice.hidden = s.apiKeySet;
  };
  const tabs = setupTabs(byId('tabs', HTMLElement), {
    track: setupTrackTab(),
    upload: setupUploadTab(),
    references: setupReferencesTab(),
    settings: setupSettingsTab(noticeFor),
    diagnostics: setupDiagnosticsTab(),
  });
  setupOpenPage();
  byId('key-notice-open', HTMLButtonElement).addEventListener('click', () =>
    tabs.select('settings', { focus: true }),
  );
  tabs.select(window.CT_START_TAB ?? 'track');
  const globalStatus = byId('global-status', HTMLElement);
  call('getSettings').then(noticeFor, (e: unknown) => showError(globalStatus, e));
  // A last resort: no promise failure goes unseen.
  window.addEventListener('unhandledrejection', (event) => showError(globalStatus, event.reason));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
