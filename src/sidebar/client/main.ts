// The sidebar's entry: wires the tabs. It waits for the whole document because showSettings()
// appends `window.CT_START_TAB = "settings"` after this script.

import { byId } from './dom';
import { setupDiagnosticsTab } from './diagnostics-tab';
import { runPickerDialog } from './drive-picker';
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
    /** Set when this page is the Picker's dialog (openPickerDialog), not the sidebar. */
    CT_PICKER_TOKEN?: string;
  }
}

/** The Picker's dialog: the same page, showing only the Picker and what went wrong. */
function startPickerDialog(token: string): void {
  for (const main of document.querySelectorAll('main')) main.hidden = true;
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'status';
  document.body.append(status);
  void runPickerDialog(token, status);
}

function start(): void {
  if (window.CT_PICKER_TOKEN) {
    startPickerDialog(window.CT_PICKER_TOKEN);
    return;
  }
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
