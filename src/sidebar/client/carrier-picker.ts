// The SCAC field: free typing always works; as you type, a list of matching carriers (by SCAC or
// name) opens below it, an ARIA 1.2 combobox (arrows move, Enter picks, Escape closes). The
// carrier list is fetched once per sidebar session (the server caches it for hours too).

import type { ShippingLine as Carrier } from '../../api/resources';
import { matchCarriers } from './carriers';
import { el, fill } from './dom';
import { call, messageOf } from './server';

let carriers: Promise<Carrier[]> | null = null;

function loadCarriers(): Promise<Carrier[]> {
  if (!carriers) {
    carriers = call('listShippingLines');
    // A failed load is not cached: the next focus tries again.
    carriers.catch(() => {
      carriers = null;
    });
  }
  return carriers;
}

export interface CarrierPicker {
  /** Sets the field as a pick from the list would (the hint names the carrier). */
  choose(scac: string): void;
}

export function setupCarrierPicker(
  input: HTMLInputElement,
  listbox: HTMLElement,
  hint: HTMLElement,
): CarrierPicker {
  let known: Carrier[] = [];
  let shown: Carrier[] = [];
  let active = -1;

  function describe(): void {
    const scac = input.value.trim().toUpperCase();
    const carrier = known.find((c) => c.scac === scac);
    hint.textContent = carrier ? `Carrier: ${carrier.name}` : (hint.dataset.default ?? '');
  }

  function close(): void {
    listbox.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  }

  function highlight(index: number): void {
    active = index;
    Array.from(listbox.children).forEach((option, i) =>
      option.setAttribute('aria-selected', String(i === index)),
    );
    const option = listbox.children[index];
    if (option) {
      input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }

  function render(): void {
    shown = matchCarriers(known, input.value);
    if (
      shown.length === 0 ||
      (shown.length === 1 && shown[0]?.scac === input.value.trim().toUpperCase())
    ) {
      close();
      return;
    }
    fill(
      listbox,
      shown.map((c, i) =>
        el(
          'li',
          { attrs: { role: 'option', id: `${listbox.id}-${i}`, 'aria-selected': 'false' } },
          [el('span', { className: 'scac', text: c.scac }), ` ${c.name}`],
        ),
      ),
    );
    listbox.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    active = -1;
  }

  function pick(index: number): void {
    const carrier = shown[index];
    if (!carrier) return;
    input.value = carrier.scac;
    close();
    describe();
  }

  input.addEventListener('focus', () => {
    loadCarriers().then(
      (list) => {
        known = list;
        describe();
        if (document.activeElement === input && input.value.trim() !== '') render();
      },
      (error: unknown) => {
        hint.textContent = `Carrier list unavailable (${messageOf(error)}). Type the 4-letter SCAC.`;
      },
    );
  });
  input.addEventListener('input', () => {
    render();
    describe();
  });
  input.addEventListener('keydown', (event) => {
    const open = !listbox.hidden;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) render();
      if (shown.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      highlight((active + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault(); // picking a carrier must not submit the form
      pick(active);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  });
  input.addEventListener('blur', close);
  // mousedown, not click: picking must happen before the input's blur closes the list.
  listbox.addEventListener('mousedown', (event) => {
    const option = (event.target as Element).closest('[role="option"]');
    if (!option) return;
    event.preventDefault();
    pick(Array.from(listbox.children).indexOf(option));
  });

  return {
    choose(scac) {
      input.value = scac;
      close();
      describe();
      loadCarriers().then(
        (list) => {
          known = list;
          describe();
        },
        () => undefined, // the hint keeps its text; focusing the field tries the list again
      );
    },
  };
}
