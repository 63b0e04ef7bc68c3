// Settings → Auto-refresh's hand-over and Settings → Schedules. The owner of this spreadsheet's
// schedule may hand it to another editor (it stays theirs until that editor presses Take over);
// the editor it was handed to, or anyone once it stopped running, sees Take over. Schedules lists
// every spreadsheet this user's triggers refresh: names are links (web addresses only), all text
// goes in as text.

import { byId, el, fill } from './dom';
import { isWebLink, scheduleText } from './format';
import { call, type ResultOf } from './server';
import { showError, showStatus, withBusy } from './status';

type AutoRefresh = ResultOf<'getAutoRefresh'>;

export function setupSchedulesSection(onAutoRefresh: (state: AutoRefresh) => void): {
  showAuto(state: AutoRefresh): void;
  show(): void;
} {
  const block = byId('handover-block', HTMLElement);
  const to = byId('handover-to', HTMLInputElement);
  const send = byId('handover-send', HTMLButtonElement);
  const takeOver = byId('takeover', HTMLButtonElement);
  const status = byId('handover-status', HTMLElement);
  const list = byId('schedules-list', HTMLElement);
  const reload = byId('schedules-reload', HTMLButtonElement);
  const listStatus = byId('schedules-status', HTMLElement);

  function showAuto(state: AutoRefresh): void {
    block.hidden = !(state.enabled && state.ownedByMe);
    takeOver.hidden = !state.canTakeOver;
    if (state.handover && state.ownedByMe) to.value = state.handover.to;
  }

  function render(entries: ResultOf<'getSchedules'>): void {
    fill(
      list,
      entries.map((s) =>
        el('li', {}, [
          isWebLink(s.url)
            ? el('a', {
                text: s.name,
                attrs: { href: s.url, target: '_blank', rel: 'noopener noreferrer' },
              })
            : el('strong', { text: s.name }),
          `: ${scheduleText(s)}`,
        ]),
      ),
    );
    if (entries.length === 0) {
      showStatus(listStatus, 'info', 'Your auto-refresh runs in no spreadsheet.');
    } else {
      const n = entries.length;
      showStatus(
        listStatus,
        'info',
        `${n} spreadsheet${n === 1 ? '' : 's'} refreshed by your auto-refresh.`,
      );
    }
  }

  const load = () =>
    withBusy(reload, listStatus, 'Reading your schedules…', async () =>
      render(await call('getSchedules')),
    );

  send.addEventListener('click', () => {
    void withBusy(send, status, 'Handing over…', async () => {
      const state = await call('handOverSchedule', { to: to.value.trim() });
      onAutoRefresh(state);
      showStatus(
        status,
        'ok',
        `Handed over to ${state.handover?.to ?? to.value.trim()}: it stays yours until they press Take over.`,
      );
    });
  });

  takeOver.addEventListener('click', () => {
    void withBusy(takeOver, status, 'Taking over…', async () => {
      const state = await call('takeOverSchedule');
      onAutoRefresh(state);
      showStatus(status, 'ok', 'The schedule is yours now.');
      await load();
    });
  });

  reload.addEventListener('click', () => void load());

  return {
    showAuto,
    show: () => {
      call('getSchedules').then(render, (e: unknown) => showError(listStatus, e));
    },
  };
}
