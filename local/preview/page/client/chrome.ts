/// <reference lib="dom" />
// Everything around the grid that reports what happened: toasts (one at a time, the newest
// replacing the last, as Sheets shows a script's toast), the recent executions and the
// auto-refresh trigger in the status bar.

import type { PageActivity, PageToast } from '../page-state';
import { el } from './dom';

const TOAST_MS = 6000;

export class Toasts {
  private lastShown = -1;

  constructor(private readonly box: HTMLElement) {}

  /** Shows the newest toast not shown yet (the first state shows what the start-up did). */
  update(toasts: PageToast[]): void {
    const newest = toasts[toasts.length - 1];
    if (!newest || newest.id <= this.lastShown) return;
    this.lastShown = newest.id;
    this.show(newest.title, newest.message, false);
  }

  show(title: string, message: string, error: boolean): void {
    this.box.replaceChildren();
    const node = el(
      'div',
      { className: error ? 'toast error' : 'toast', attrs: { role: 'status' } },
      [title ? el('strong', { text: title }) : null, el('span', { text: message })],
    );
    this.box.appendChild(node);
    setTimeout(() => node.remove(), TOAST_MS);
  }
}

export function renderActivity(list: HTMLElement, items: PageActivity[]): void {
  list.replaceChildren(
    ...items.map((a) =>
      el('li', {
        className: a.ok ? '' : 'failed',
        text: `${a.at} ${a.functionName} (${a.kind}): ${a.detail}`,
      }),
    ),
  );
}
