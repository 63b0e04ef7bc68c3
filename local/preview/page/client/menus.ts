/// <reference lib="dom" />
// The menu bar as onOpen built it: a bound script's menu in the bar, an add-on's under
// Extensions. Picking an item runs its function on the server, as Sheets would. The page's own
// menus (Format) come first, where Sheets has its own.

import type { PageMenu, PageMenuItem } from '../page-state';
import { el } from './dom';

export type RunMenuItem = (functionName: string, caption: string) => void;

/** A menu of the page itself: its items' "function names" are what `run` understands. */
export interface PageOwnMenu {
  title: string;
  items: PageMenuItem[];
  run: RunMenuItem;
}

function closeAll(bar: HTMLElement): void {
  bar.querySelectorAll<HTMLElement>('.menu-list').forEach((list) => (list.hidden = true));
  bar
    .querySelectorAll<HTMLElement>('[aria-expanded="true"]')
    .forEach((b) => b.setAttribute('aria-expanded', 'false'));
}

function list(items: PageMenuItem[], run: RunMenuItem, bar: HTMLElement): HTMLElement {
  const menu = el('div', { className: 'menu-list', attrs: { role: 'menu' } });
  menu.hidden = true;
  for (const item of items) {
    if ('separator' in item) {
      menu.appendChild(el('hr', { className: 'menu-separator', attrs: { role: 'separator' } }));
    } else if ('items' in item) {
      const inner = list(item.items, run, bar);
      const opener = el('button', {
        className: 'menu-item has-submenu',
        text: item.caption,
        attrs: {
          type: 'button',
          role: 'menuitem',
          'aria-haspopup': 'menu',
          'aria-expanded': 'false',
        },
      });
      opener.addEventListener('click', () => {
        inner.hidden = !inner.hidden;
        opener.setAttribute('aria-expanded', String(!inner.hidden));
      });
      menu.appendChild(el('div', { className: 'submenu' }, [opener, inner]));
    } else {
      const button = el('button', {
        className: 'menu-item',
        text: item.caption,
        attrs: { type: 'button', role: 'menuitem' },
      });
      button.addEventListener('click', () => {
        closeAll(bar);
        run(item.functionName, item.caption);
      });
      menu.appendChild(button);
    }
  }
  return menu;
}

function topMenu(title: string, items: PageMenuItem[], run: RunMenuItem, bar: HTMLElement) {
  const inner = list(items, run, bar);
  const button = el('button', {
    className: 'menu-title',
    text: title,
    attrs: { type: 'button', 'aria-haspopup': 'menu', 'aria-expanded': 'false' },
  });
  button.addEventListener('click', () => {
    const open = inner.hidden;
    closeAll(bar);
    inner.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  });
  return el('div', { className: 'menu' }, [button, inner]);
}

export function renderMenus(
  bar: HTMLElement,
  menus: PageMenu[],
  run: RunMenuItem,
  pageMenus: PageOwnMenu[] = [],
): void {
  bar.replaceChildren();
  for (const m of pageMenus) bar.appendChild(topMenu(m.title, m.items, m.run, bar));
  const own = menus.filter((m) => !m.addon);
  const addons = menus.filter((m) => m.addon);
  for (const m of own) bar.appendChild(topMenu(m.title, m.items, run, bar));
  if (addons.length > 0) {
    const items = addons.map((m) => ({ caption: m.title, items: m.items }));
    bar.appendChild(topMenu('Extensions', items, run, bar));
  }
}

/** Clicks elsewhere and Escape close open menus. */
export function closeMenusOnOutsideClick(bar: HTMLElement): void {
  document.addEventListener('click', (event) => {
    if (!bar.contains(event.target as Node)) closeAll(bar);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeAll(bar);
  });
}
