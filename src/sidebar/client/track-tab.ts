// Track: start tracking one BOL, booking or container number (its carrier suggested as it is
// typed, or left to the service to detect), or every untracked row of the Tracking sheet.
// Checked here first; on a 422 the service's own words are shown.

import { setupCarrierPicker } from './carrier-picker';
import { setupCarrierSuggestion } from './carrier-suggestion';
import { byId, details, fill } from './dom';
import { formatDateTime, REQUEST_TYPE_LABELS, requestStatusText } from './format';
import { call, type ResultOf } from './server';
import { showStatus, withBusy } from './status';
import type { TabHandlers } from './tabs';
import { validateTrackForm, type Field } from './validate';

const NUMBER_HINTS: Record<string, string> = {
  bill_of_lading: 'The bill of lading number, e.g. MAEU240512345.',
  booking_number: 'The booking number from the carrier.',
  container: '4 letters and 7 digits, e.g. MSCU1234566 (spaces and dashes are fine).',
};

export function setupTrackTab(): TabHandlers {
  const form = byId('track-form', HTMLFormElement);
  const type = byId('track-type', HTMLSelectElement);
  const number = byId('track-number', HTMLInputElement);
  const numberHint = byId('track-number-hint', HTMLElement);
  const scac = byId('track-scac', HTMLInputElement);
  const refs = byId('track-refs', HTMLTextAreaElement);
  const submit = byId('track-submit', HTMLButtonElement);
  const status = byId('track-status', HTMLElement);
  const result = byId('track-result', HTMLElement);
  const fields: Record<Field, HTMLElement> = {
    requestType: type,
    requestNumber: number,
    scac,
    refNumbers: refs,
  };

  const picker = setupCarrierPicker(
    scac,
    byId('track-scac-list', HTMLElement),
    byId('track-scac-hint', HTMLElement),
  );
  setupCarrierSuggestion({
    type,
    number,
    scac,
    region: byId('track-scac-suggestion', HTMLElement),
    choose: (code) => picker.choose(code),
  });
  const showHint = () => (numberHint.textContent = NUMBER_HINTS[type.value] ?? '');
  type.addEventListener('change', showHint);
  showHint();

  function markInvalid(field: Field | null): void {
    for (const [name, node] of Object.entries(fields)) {
      if (name === field) node.setAttribute('aria-invalid', 'true');
      else node.removeAttribute('aria-invalid');
    }
  }

  function showCreated(request: ResultOf<'createTrackingRequest'>): void {
    fill(result, [
      details([
        ['Number', request.requestNumber],
        ['Type', REQUEST_TYPE_LABELS[request.requestType] ?? request.requestType],
        ['SCAC', request.scac ?? 'detected by the service'],
        ['Status', requestStatusText(request.status, request.failedReason)],
        ['Request id', request.id],
        ['Created', formatDateTime(request.createdAt)],
      ]),
    ]);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    fill(result, []);
    const checked = validateTrackForm({
      requestType: type.value,
      requestNumber: number.value,
      scac: scac.value,
      refNumbers: refs.value,
    });
    if (!checked.ok) {
      markInvalid(checked.field);
      showStatus(status, 'error', checked.message);
      fields[checked.field].focus();
      return;
    }
    markInvalid(null);
    const request = checked.value;
    void withBusy(submit, status, `Requesting tracking for ${request.requestNumber}…`, async () => {
      const created = await call('createTrackingRequest', request);
      showStatus(
        status,
        'ok',
        `Tracking requested for ${created.requestNumber}. The Tracking sheet shows its progress.`,
      );
      showCreated(created);
      // The next number is another box: it must not inherit this one's number or ref numbers.
      number.value = '';
      refs.value = '';
    });
  });

  const all = byId('track-all', HTMLButtonElement);
  const allStatus = byId('track-all-status', HTMLElement);
  all.addEventListener('click', () => {
    void withBusy(all, allStatus, 'Tracking untracked rows and refreshing the sheet…', async () => {
      const report = await call('trackUntrackedRows');
      showStatus(allStatus, report.ok ? 'ok' : 'error', report.message);
    });
  });

  return {};
}
