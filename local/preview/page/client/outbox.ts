/// <reference lib="dom" />
// The Outbox panel: the emails the add-in sent (the local MailApp records them), newest first.
// The list is text only; an email's HTML body is shown the way a mail client would, in a
// sandboxed frame served with a policy that runs no script and loads nothing.

import type { PageEmail } from '../page-state';
import { byId, el } from './dom';

export class Outbox {
  private readonly panel = byId('outbox', HTMLElement);
  private readonly toggle = byId('outbox-toggle', HTMLButtonElement);
  private readonly count = byId('outbox-count', HTMLElement);
  private readonly list = byId('outbox-list', HTMLOListElement);
  private readonly view = byId('outbox-view', HTMLElement);
  private readonly subject = byId('outbox-subject', HTMLElement);
  private readonly meta = byId('outbox-meta', HTMLElement);
  private readonly format = byId('outbox-format', HTMLButtonElement);
  private readonly frame = byId('outbox-frame', HTMLIFrameElement);
  private readonly text = byId('outbox-text', HTMLPreElement);
  private emails: PageEmail[] = [];
  private openId: number | null = null;
  /** The person picked an email: new ones no longer take its place. */
  private chosen = false;
  private plain = false;
  private shown = '';

  constructor() {
    this.toggle.addEventListener('click', () => this.setOpen(this.panel.hidden !== false));
    byId('outbox-close', HTMLButtonElement).addEventListener('click', () => this.setOpen(false));
    this.format.addEventListener('click', () => {
      this.plain = !this.plain;
      this.showEmail();
    });
  }

  update(emails: PageEmail[]): void {
    this.emails = emails;
    this.count.textContent = String(emails.length);
    const key = emails.map((e) => e.id).join(',');
    if (key === this.shown) return;
    this.shown = key;
    this.list.replaceChildren(
      ...emails.map((email) => {
        const item = el('li', { attrs: { 'data-email': String(email.id) } }, [
          el('button', { className: 'outbox-item', attrs: { type: 'button' } }, [
            el('span', { className: 'outbox-meta', text: `${email.at} · to ${email.to}` }),
            el('span', { className: 'outbox-subject', text: email.subject }),
          ]),
        ]);
        item.querySelector('button')!.addEventListener('click', () => {
          this.openId = email.id;
          this.chosen = true;
          this.showEmail();
        });
        return item;
      }),
    );
    // Until the person picks one, the newest email is the one shown.
    if (!this.chosen) this.openId = emails[0]?.id ?? null;
    this.showEmail();
  }

  private setOpen(open: boolean): void {
    this.panel.hidden = !open;
    this.toggle.setAttribute('aria-pressed', String(open));
  }

  private showEmail(): void {
    const email = this.emails.find((e) => e.id === this.openId);
    this.view.hidden = !email;
    if (!email) return;
    this.subject.textContent = email.subject;
    this.meta.textContent = `${email.at} · to ${email.to}`;
    const plain = this.plain || !email.hasHtml;
    this.format.textContent = plain ? 'As HTML' : 'Plain text';
    this.format.hidden = !email.hasHtml;
    this.text.hidden = !plain;
    this.frame.hidden = plain;
    this.text.textContent = email.text;
    const src = `/__preview/outbox/${email.id}`;
    if (!plain && this.frame.getAttribute('src') !== src) this.frame.src = src;
    for (const li of this.list.children) {
      li.classList.toggle('open', (li as HTMLElement).dataset.email === String(email.id));
    }
  }
}
