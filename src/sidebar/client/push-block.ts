// Settings → Push updates: the state getPushStatus() gives (never the token: the server keeps
// it), and turning push on with the web app URL, or off. Nothing tells a sidebar that a push
// arrived, so while push is on and this block is in view the status is asked again now and
// then: each ask is an Apps Script execution, hence the slow pace and the bound.

import { byId } from './dom';
import { formatDateTime } from './format';
import { call, type ResultOf } from './server';
import { showError, showStatus, withBusy } from './status';

type PushStatus = ResultOf<'getPushStatus'>;

/** How often the status is asked again while it is in view. */
export const PUSH_STATUS_POLL_MS = 15_000;
/** Asks per showing of Settings (10 minutes); showing the tab again starts a new round. */
export const PUSH_STATUS_POLLS = 40;

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
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pollsLeft = 0;
  let busy = false;

  const inView = () => document.visibilityState === 'visible' && !status.closest('[hidden]');
  const ask = () => call('getPushStatus').then(render, (e: unknown) => showError(status, e));

  function render(s: PushStatus): void {
    if (s.url) url.value = s.url;
    url.disabled = !s.available;
    on.disabled = !s.available;
    status.dataset.enabled = String(s.enabled);
    showStatus(status, 'info', pushStatusText(s));
    clearTimeout(timer);
    if (!s.enabled || pollsLeft <= 0) return;
    timer = setTimeout(() => {
      // Out of view (another tab, a hidden window) or mid-change: this round ends here.
      if (!inView() || busy) return;
      pollsLeft -= 1;
      void ask();
    }, PUSH_STATUS_POLL_MS);
  }

  const change = (button: HTMLButtonElement, text: string, work: () => Promise<PushStatus>) => {
    busy = true;
    void withBusy(button, status, text, async () => render(await work())).finally(
      () => (busy = false),
    );
  };
  on.addEventListener('click', () =>
    change(on, 'Subscribing…', () => call('enablePush', url.value.trim())),
  );
  off.addEventListener('click', () => change(off, 'Unsubscribing…', () => call('disablePush')));
  return {
    show: () => {
      pollsLeft = PUSH_STATUS_POLLS;
      void ask();
    },
  };
}
