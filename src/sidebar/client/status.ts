// Status lines: each tab has live regions (role="status") that screen readers announce, with the
// kind also given as text (a prefix), not by colour alone.

import { fill, el } from './dom';
import { messageOf } from './server';

export type StatusKind = 'info' | 'busy' | 'ok' | 'error';

const PREFIX: Record<StatusKind, string> = { info: '', busy: '', ok: 'Done: ', error: 'Error: ' };

export function showStatus(region: HTMLElement, kind: StatusKind, text: string): void {
  region.dataset.kind = kind;
  fill(region, [
    PREFIX[kind] ? el('span', { className: 'prefix', text: PREFIX[kind] }) : null,
    text,
  ]);
}

export function clearStatus(region: HTMLElement): void {
  delete region.dataset.kind;
  fill(region, []);
}

export function showError(region: HTMLElement, error: unknown): void {
  showStatus(region, 'error', messageOf(error));
}

/**
 * Runs `work` with `button` disabled (no double submits) and the region saying what happens.
 * Every failure ends up in the region: no server call goes without a failure handler.
 */
export async function withBusy<T>(
  button: HTMLButtonElement,
  region: HTMLElement,
  busyText: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  showStatus(region, 'busy', busyText);
  try {
    return await work();
  } catch (e) {
    showError(region, e);
    return undefined;
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  }
}
