// Settings → Email alerts: who gets them, how early an LFD is warned of, and the digest's hour,
// what the alerts are doing (last and next digest, waiting alerts, email quota), and "Send digest
// now". Saved on their own (saveSettings takes any subset), so a half-typed API key elsewhere on
// the tab is never sent with them.

import { byId } from './dom';
import { alertStateText } from './format';
import { call, type ResultOf } from './server';
import { showError, showStatus, withBusy } from './status';

const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;

export function setupAlertsSection(): { show(s: ResultOf<'getSettings'>): void } {
  const form = byId('alerts-form', HTMLFormElement);
  const recipients = byId('alerts-recipients', HTMLInputElement);
  const lfdDays = byId('alerts-lfd-days', HTMLInputElement);
  const hour = byId('alerts-digest-hour', HTMLSelectElement);
  const save = byId('alerts-save', HTMLButtonElement);
  const status = byId('alerts-status', HTMLElement);
  const state = byId('alerts-state', HTMLElement);
  const digestNow = byId('alerts-digest-now', HTMLButtonElement);
  const digestStatus = byId('alerts-digest-status', HTMLElement);
  hour.replaceChildren(...Array.from({ length: 24 }, (_, h) => new Option(hourText(h), String(h))));

  function show(s: ResultOf<'getSettings'>): void {
    recipients.value = s.alertRecipients;
    lfdDays.value = String(s.alertLfdDays);
    hour.value = String(s.alertDigestHour);
    digestNow.disabled = s.alertRecipients === '';
  }

  function showState(): Promise<void> {
    return call('getAlertStatus').then(
      (s) => {
        state.textContent = alertStateText(s);
      },
      (e: unknown) => showError(digestStatus, e),
    );
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void withBusy(save, status, 'Saving alerts…', async () => {
      const saved = await call('saveSettings', {
        alertRecipients: recipients.value,
        alertLfdDays: lfdDays.value.trim(),
        alertDigestHour: hour.value,
      });
      show(saved);
      void showState();
      showStatus(
        status,
        'ok',
        saved.alertRecipients
          ? `Alerts go to ${saved.alertRecipients}; the digest at ${hourText(saved.alertDigestHour)}.`
          : 'Alerts are off (no recipients).',
      );
    });
  });

  digestNow.addEventListener('click', () => {
    void withBusy(digestNow, digestStatus, 'Sending the digest…', async () => {
      const result = await call('sendAlertDigestNow');
      showStatus(digestStatus, result.ok ? 'ok' : 'error', result.message);
      await showState();
    });
  });

  return {
    show: (s) => {
      show(s);
      void showState();
    },
  };
}
