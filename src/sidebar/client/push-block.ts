// Settings → Push updates: the state getPushStatus() gives (never the token: the server keeps
// it), and turning push on with the web app URL, or off.

import { byId } from './dom';
import { formatDateTime } from './format';
import { call, type ResultOf } from './server';
import { showError, showStatus, withBusy } from './status';

type PushStatus = ResultOf<'getPushStatus'>;

export function pushStatusText(s: PushStatus): string {
  if (!s.available)
    return 'Not available here: push updates need the bound script deployed as a web app.';
  if (!s.enabled) return 'Off. The Tracking sheet changes when it refreshes.';
  const last = s.lastNotificationAt
    ? `last one ${formatDateTime(s.lastNotificationAt)}`
    : 'none received yet';
  const parts = [
    `On: the service sends changes to ${s.url ?? ''} (${s.applied} applied; ${last}).`,
  ];
  if (s.problem)
    parts.push(
      `A delivery at ${formatDateTime(s.problem.at)} could not be applied: ${s.problem.message} The next refresh catches it up.`,
    );
  if (s.warning) parts.push(s.warning);
  return parts.join(' ');
}

export function setupPushBlock(): { show(): void } {
  const url = byId('push-url', HTMLInputElement);
  const on = byId('push-enable', HTMLButtonElement);
  const off = byId('push-disable', HTMLButtonElement);
  const status = byId('push-status', HTMLElement);

  const render = (s: PushStatus) => {
    if (s.url) url.value = s.url;
    url.disabled = !s.available;
    on.disabled = !s.available;
    status.dataset.enabled = String(s.enabled);
    showStatus(status, 'info', pushStatusText(s));
  };

  on.addEventListener('click', () => {
    void withBusy(on, status, 'Subscribing…', async () =>
      render(await call('enablePush', url.value.trim())),
    );
  });
  off.addEventListener('click', () => {
    void withBusy(off, status, 'Unsubscribing…', async () => render(await call('disablePush')));
  });
  return { show: () => call('getPushStatus').then(render, (e: unknown) => showError(status, e)) };
}
