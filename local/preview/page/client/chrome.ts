/// <reference lib="dom" />
// Everything around the grid that reports what happened: toasts (one at a time, the newest
// replacing the last, as Sheets shows a script's toast), the recent executions and the
// auto-refresh trigger in the status bar.

import type { PageActivity, PageToast } from '../page-state';
import { el } from './dom';

/** Spreadsheet.toast's default; the page's own messages stay as long. */
const DEFAULT_TOAST_SECONDS = 5;

export class Toasts {
  /** The newest toast id already seen; null until the first state (whose toasts are old news). */
  private lastSeen: number | null = null;

  constructor(private readonly box: HTMLElement) {}

  /**
   * Shows the newest toast the script made since the page opened. Toasts from before (the
   * start-up's, another tab's, before a reload) are history: Sheets does not show them again.
   */
  update(toasts: PageToast[]): void {
    const newest = toasts[toasts.length - 1];
    const seen = this.lastSeen;
    this.lastSeen = Math.max(seen ?? -1, newest?.id ?? -1);
    if (seen === null || !newest || newest.id <= seen) return;
    this.show(newest.title, newest.message, false, newest.timeoutSeconds);
  }

  /** Shows a toast for `seconds` (negative: until closed), with a close button as in Sheets. */
  show(title: string, message: string, error: boolean, seconds = DEFAULT_TOAST_SECONDS): void {
    const close = el('button', {
      className: 'toast-close',
      text: '×',
      attrs: { type: 'button', 'aria-label': 'Close the message' },
    });
    const node = el(
      'div',
      { className: error ? 'toast error' : 'toast', attrs: { role: 'status' } },
      [close, title ? el('strong', { text: title }) : null, el('span', { text: message })],
    );
    close.addEventListener('click', () => node.remove());
    this.box.replaceChildren(node);
    if (seconds >= 0) setTimeout(() => node.remove(), seconds * 1000);
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
