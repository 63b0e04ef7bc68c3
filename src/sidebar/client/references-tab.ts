// References: the ref numbers (PO numbers, …) of the container or shipment in the selected
// Tracking row, shown as a list and edited one per line. What the API holds is shown as text,
// whatever characters it contains.

import { byId, el, fill } from './dom';
import { setupRowTracking } from './row-tracking';
import { call, type ResultOf } from './server';
import { showStatus, withBusy } from './status';
import type { TabHandlers } from './tabs';
import { checkRefNumbers, splitRefNumbers } from './validate';

type SelectedRow = ResultOf<'getSelectedRow'>;

export function setupReferencesTab(): TabHandlers {
  const rowText = byId('refs-row', HTMLElement);
  const refresh = byId('refs-refresh', HTMLButtonElement);
  const current = byId('refs-current', HTMLUListElement);
  const form = byId('refs-form', HTMLFormElement);
  const edit = byId('refs-edit', HTMLTextAreaElement);
  const save = byId('refs-save', HTMLButtonElement);
  const status = byId('refs-status', HTMLElement);
  const rowTracking = setupRowTracking();
  let row: SelectedRow = null;

  function showRefs(refs: string[] | null): void {
    fill(
      current,
      refs === null
        ? []
        : refs.length === 0
          ? [el('li', { className: 'hint', text: 'No ref numbers yet.' })]
          : refs.map((r) => el('li', { className: 'ref', text: r })),
    );
    edit.value = (refs ?? []).join('\n');
  }

  function render(selected: SelectedRow): void {
    row = selected;
    rowTracking.show(selected);
    const editable = !!selected && selected.refNumbers !== null;
    form.hidden = !editable;
    if (!selected) {
      rowText.textContent =
        'Select a row with a number on the Tracking sheet, then press Use selected row.';
      showRefs(null);
      return;
    }
    const kind = selected.kind === 'container' ? 'container' : 'shipment';
    rowText.textContent = `Row ${selected.row}: ${kind} ${selected.number}`;
    showRefs(selected.refNumbers);
    if (selected.problem) showStatus(status, 'error', selected.problem);
  }

  async function load(): Promise<void> {
    await withBusy(refresh, status, 'Reading the selected row…', async () => {
      const selected = await call('getSelectedRow');
      showStatus(status, 'info', '');
      render(selected);
    });
  }

  refresh.addEventListener('click', () => void load());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!row) return;
    const refNumbers = splitRefNumbers(edit.value);
    const problem = checkRefNumbers(refNumbers);
    if (problem) {
      showStatus(status, 'error', problem);
      edit.focus();
      return;
    }
    const { number } = row;
    void withBusy(save, status, `Saving the ref numbers of ${number}…`, async () => {
      const saved = await call('updateRefNumbers', { number, refNumbers });
      showRefs(saved.refNumbers);
      const n = saved.refNumbers.length;
      showStatus(status, 'ok', `Saved ${n} ref number${n === 1 ? '' : 's'} for ${saved.number}.`);
    });
  });

  render(null);
  return { onShow: () => void load() };
}
