// WAI-ARIA tabs: one tab stop for the tablist (roving tabindex), arrows/Home/End move and
// activate, each panel is labelled by its tab. A tab's `onShow` runs every time it is shown, so
// it can load lazily and refresh (the selected row changes while the sidebar stays open).

export interface TabHandlers {
  onShow?: () => void;
}

export interface Tabs {
  select(name: string, options?: { focus?: boolean }): void;
  current(): string;
}

export function setupTabs(tablist: HTMLElement, handlers: Record<string, TabHandlers>): Tabs {
  const tabs = Array.from(tablist.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
  const nameOf = (tab: HTMLButtonElement) => tab.dataset.tab ?? '';
  const panelOf = (tab: HTMLButtonElement) =>
    document.getElementById(tab.getAttribute('aria-controls') ?? '');
  let selected = tabs.find((t) => t.getAttribute('aria-selected') === 'true') ?? tabs[0];

  function activate(tab: HTMLButtonElement, focus: boolean): void {
    for (const other of tabs) {
      const on = other === tab;
      other.setAttribute('aria-selected', String(on));
      other.tabIndex = on ? 0 : -1;
      const panel = panelOf(other);
      if (panel) panel.hidden = !on;
    }
    selected = tab;
    if (focus) tab.focus();
    handlers[nameOf(tab)]?.onShow?.();
  }

  tablist.addEventListener('click', (event) => {
    const tab = (event.target as Element).closest<HTMLButtonElement>('[role="tab"]');
    if (tab && tabs.includes(tab)) activate(tab, true);
  });
  tablist.addEventListener('keydown', (event) => {
    const at = selected ? tabs.indexOf(selected) : 0;
    const target = {
      ArrowRight: tabs[(at + 1) % tabs.length],
      ArrowLeft: tabs[(at - 1 + tabs.length) % tabs.length],
      Home: tabs[0],
      End: tabs[tabs.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    activate(target, true);
  });

  return {
    select(name, options = {}) {
      const tab = tabs.find((t) => nameOf(t) === name) ?? tabs[0];
      if (tab) activate(tab, options.focus ?? false);
    },
    current: () => (selected ? nameOf(selected) : ''),
  };
}
