// "Open tracking page": the selected row's deep link in a new tab. The tab is opened at the
// click (a window opened after the server answers would be blocked as a pop-up) and pointed at
// the link once it is known; it is closed again when there is nothing to show.

import { byId } from './dom';
import { isWebLink } from './format';
import { call, messageOf } from './server';
import { showStatus } from './status';

export function setupOpenPage(): void {
  const button = byId('open-page', HTMLButtonElement);
  const status = byId('open-page-status', HTMLElement);
  button.addEventListener('click', () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null; // the tracking site must not script the sidebar
    button.disabled = true;
    showStatus(status, 'busy', 'Finding the selected row…');
    call('getSelectedRow')
      .then((row) => {
        if (!row) throw new Error('Select a row with a number on the Tracking sheet first.');
        if (!isWebLink(row.link)) throw new Error('The tracking link is not a web address.');
        if (tab) tab.location.href = row.link;
        else window.open(row.link, '_blank', 'noopener');
        showStatus(status, 'ok', `Opened the tracking page of ${row.number}.`);
      })
      .catch((e: unknown) => {
        tab?.close();
        showStatus(status, 'error', messageOf(e));
      })
      .finally(() => (button.disabled = false));
  });
}
