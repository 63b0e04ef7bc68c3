// The Track tab's carrier suggestion: once a plausible number has been typed (and typing has
// paused), the service is asked which carrier it belongs to (inferCarrier). An `auto_select`
// fills the SCAC field, unless the person typed or picked a SCAC themselves; `needs_confirmation`
// offers the candidates as buttons; `no_prediction` says the service will try to detect the
// carrier when tracking. Every text from the service goes in as text (dom.ts).

import type { CarrierSuggestion } from '../../api/carrier-inference';
import { looksLikeContainerNumber } from '../../core/container-number';
import { plausibleTrackingNumber } from '../../core/tracking-number';
import { el } from './dom';
import { call, messageOf } from './server';
import { clearStatus, showStatus } from './status';

/** Long enough that typing a number costs one request, short enough to feel immediate. */
export const SUGGEST_DELAY_MS = 400;

export interface SuggestionFields {
  type: HTMLSelectElement;
  number: HTMLInputElement;
  scac: HTMLInputElement;
  region: HTMLElement;
  /** Puts a SCAC in the field as if picked from the carrier list. */
  choose: (scac: string) => void;
}

/** The number worth asking about, or null while it cannot be one (a container needs all 11). */
export function numberToAsk(type: string, typed: string): string | null {
  const number = plausibleTrackingNumber(typed);
  if (number === null) return null;
  return type === 'container' && !looksLikeContainerNumber(number) ? null : number;
}

export function setupCarrierSuggestion(f: SuggestionFields): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The number the shown (or awaited) suggestion is for. */
  let asked: string | null = null;
  /** The SCAC this module put in the field; any other value is the person's own. */
  let filled: string | null = null;

  const current = () => numberToAsk(f.type.value, f.number.value);
  const ours = () => f.scac.value.trim() === '' || f.scac.value === filled;
  const put = (scac: string, byUs: boolean) => {
    f.choose(scac);
    filled = byUs ? scac : null;
  };
  const button = (label: string, scac: string) => {
    const b = el('button', { className: 'link', text: label, attrs: { type: 'button' } });
    b.addEventListener('click', () => {
      put(scac, false);
      showStatus(f.region, 'info', `Carrier set to ${scac}.`);
    });
    return b;
  };

  function show(s: CarrierSuggestion): void {
    if (s.decision === 'auto_select' && s.scac) {
      const carrier = `${s.name ?? s.scac} (${s.scac})`;
      if (ours()) {
        put(s.scac, true);
        showStatus(f.region, 'info', `Carrier from the number: ${carrier}.`);
        return;
      }
      const typed = f.scac.value.trim().toUpperCase();
      if (typed === s.scac) {
        showStatus(f.region, 'info', `The number belongs to ${carrier}, as entered.`);
        return;
      }
      showStatus(f.region, 'info', `The number suggests ${carrier}; you entered ${typed}. `);
      f.region.append(button(`Use ${s.scac}`, s.scac));
      return;
    }
    // A SCAC this module filled in for an earlier number does not belong to this one.
    if (filled !== null && f.scac.value === filled) put('', false);
    if (s.decision === 'needs_confirmation' && s.candidates.length > 0) {
      showStatus(f.region, 'info', 'Several carriers use boxes with this prefix. Choose one: ');
      f.region.append(
        el(
          'span',
          { className: 'choices' },
          s.candidates.map((c) => button(`${c.scac} (${c.name})`, c.scac)),
        ),
      );
      return;
    }
    showStatus(
      f.region,
      'info',
      'No carrier suggested for this number. Type the SCAC, or leave it empty: the service will try to detect the carrier when tracking.',
    );
  }

  function ask(number: string): void {
    asked = number;
    showStatus(f.region, 'busy', 'Looking up the carrier…');
    call('inferCarrier', { number }).then(
      (suggestion) => {
        if (current() === number) show(suggestion);
      },
      (error: unknown) => {
        if (current() === number)
          showStatus(f.region, 'info', `No carrier suggestion: ${messageOf(error)}`);
      },
    );
  }

  function onNumberChange(): void {
    clearTimeout(timer);
    const number = current();
    if (number === asked) return;
    if (number === null) {
      asked = null;
      clearStatus(f.region);
      return;
    }
    timer = setTimeout(() => ask(number), SUGGEST_DELAY_MS);
  }

  f.number.addEventListener('input', onNumberChange);
  f.type.addEventListener('change', onNumberChange);
}
