// Settings → Email alerts: who gets them, how early an LFD is warned of, and the digest's hour.
// Saved on their own (saveSettings takes any subset), so a half-typed API key elsewhere on the
// tab is never sent with them.

import { byId } from './dom';
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
  hour.replaceChildren(...Array.from({ length: 24 }, (_, h) => new Option(hourText(h), String(h))));

  function show(s: ResultOf<'getSettings'>): void {
    recipients.value = s.alertRecipients;
    lfdDays.value = String(s.alertLfdDays);
    hour.value = String(s.alertDigestHour);
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
      showStatus(
        status,
        'ok',
        saved.alertRecipients
          ? `Alerts go to ${saved.alertRecipients}; the digest at ${hourText(saved.alertDigestHour)}.`
          : 'Alerts are off (no recipients).',
      );
    });
  });

  return {
    show: (s) => {
      try {
        show(s);
      } catch (e) {
        showError(status, e);
      }
    },
  };
}
