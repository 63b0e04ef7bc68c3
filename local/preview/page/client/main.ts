/// <reference lib="dom" />
// The preview page: polls the server's state, renders the menu bar, the active sheet, the
// formula bar, toasts and status bar, and sends what the person does (menu items, typing in a
// cell, selecting one or a column, formatting it, the time switch). The sidebar is the add-in's
// own page in an iframe.

import { NUMBER_FORMAT_CHOICES } from '../number-format-choices';
import type { ActionResult, PageSheet, PageState } from '../page-state';
import { fetchState, post } from './api';
import { renderActivity, Toasts } from './chrome';
import { byId, el } from './dom';
import { FormulaBar } from './formula-bar';
import { cellAt, markSelection, renderGrid, selectionName, type Selection } from './grid';
import { closeMenusOnOutsideClick, renderMenus, type PageOwnMenu } from './menus';
import { Outbox } from './outbox';

const POLL_MS = 1000;

const ui = {
  title: byId('doc-title', HTMLElement),
  menubar: byId('menubar', HTMLElement),
  clock: byId('clock', HTMLElement),
  zone: byId('time-zone', HTMLSelectElement),
  speed: byId('speed', HTMLButtonElement),
  demoChanges: byId('demo-changes', HTMLButtonElement),
  grid: byId('grid', HTMLTableElement),
  scroll: byId('grid-scroll', HTMLElement),
  tabs: byId('sheet-tabs', HTMLElement),
  sidebar: byId('sidebar', HTMLElement),
  frame: byId('sidebar-frame', HTMLIFrameElement),
  sidebarTitle: byId('sidebar-title', HTMLElement),
  closeSidebar: byId('sidebar-close', HTMLButtonElement),
  autoRefresh: byId('auto-refresh', HTMLElement),
  activity: byId('activity', HTMLElement),
};
const toasts = new Toasts(byId('toasts', HTMLElement));
const outbox = new Outbox();
const bar = new FormulaBar(
  byId('name-box', HTMLElement),
  byId('cell-input', HTMLInputElement),
  byId('cell-message', HTMLElement),
);

let state: PageState | null = null;
let activeSheet = '';
let selection: Selection = { row: 1, column: 1 };
const shown = { sheet: '', menus: '' };
/** Responses can overtake each other: only a newer request's state is applied. */
let requested = 0;
let applied = 0;

const sheet = (): PageSheet | undefined => state?.sheets.find((s) => s.name === activeSheet);

function updateFormulaBar(): void {
  const current = sheet();
  bar.show(selectionName(selection), current && cellAt(current, selection));
}

function renderTabs(next: PageState): void {
  ui.tabs.replaceChildren(
    ...next.sheets.map((s) => {
      const tab = el('button', {
        className: 'sheet-tab',
        text: s.name,
        attrs: { type: 'button', role: 'tab', 'aria-selected': String(s.name === activeSheet) },
      });
      tab.addEventListener('click', () => {
        activeSheet = s.name;
        selection = { row: 1, column: 1 };
        shown.sheet = '';
        // Another sheet opens at its top left, not where the last one was scrolled to.
        ui.scroll.scrollTo(0, 0);
        if (state) apply(state);
        void select();
      });
      return tab;
    }),
  );
}

function apply(next: PageState): void {
  state = next;
  ui.title.textContent = next.spreadsheetName;
  ui.clock.textContent = next.now;
  showZones(next.timeZone, next.timeZones);
  ui.speed.setAttribute('aria-pressed', String(next.speed > 1));
  ui.autoRefresh.textContent = next.autoRefresh;
  renderActivity(ui.activity, next.activity);
  toasts.update(next.toasts);
  outbox.update(next.outbox);
  const menus = JSON.stringify(next.menus);
  if (menus !== shown.menus) {
    renderMenus(ui.menubar, next.menus, (fn, caption) => void runMenuItem(fn, caption), [
      formatMenu,
    ]);
    shown.menus = menus;
  }
  if (!next.sheets.some((s) => s.name === activeSheet)) {
    const picked = next.selection?.sheet ?? next.sheets[0]?.name ?? '';
    activeSheet = picked;
    if (next.selection) selection = { row: next.selection.row, column: next.selection.column };
  }
  renderTabs(next);
  const current = sheet();
  const json = JSON.stringify(current) + activeSheet;
  if (current && json !== shown.sheet) {
    renderGrid(ui.grid, current, selection);
    shown.sheet = json;
  }
  updateFormulaBar();
}

async function request(
  send: () => Promise<PageState | ActionResult>,
): Promise<ActionResult | null> {
  const ticket = ++requested;
  try {
    const answer = await send();
    const result = 'state' in answer ? answer : { state: answer };
    if (ticket > applied) {
      applied = ticket;
      apply(result.state);
    }
    return result;
  } catch (e) {
    toasts.show('Preview', (e as Error).message, true);
    return null;
  }
}

async function runMenuItem(functionName: string, caption: string): Promise<void> {
  document.body.style.cursor = 'progress';
  const result = await request(() => post('/__preview/menu', { functionName }));
  document.body.style.cursor = '';
  if (result?.error) toasts.show(caption, result.error, true);
  if (result?.sidebarUrl) {
    if (result.sidebarTitle) ui.sidebarTitle.textContent = result.sidebarTitle;
    ui.sidebar.hidden = false;
    ui.frame.src = result.sidebarUrl;
  }
}

/** Format → Number, applied to the selected cell or column (Sheets' own menu, not the add-in's). */
const formatMenu: PageOwnMenu = {
  title: 'Format',
  items: [
    {
      caption: 'Number',
      items: NUMBER_FORMAT_CHOICES.map((c) => ({ caption: c.caption, functionName: c.id })),
    },
  ],
  run: (format, caption) => {
    const at = { sheet: activeSheet, ...selection };
    void request(() => post('/__preview/format', { ...at, format })).then((result) => {
      if (result?.error) toasts.show(`Format: ${caption}`, result.error, true);
    });
  },
};

async function select(): Promise<void> {
  await post('/__preview/select', { sheet: activeSheet, ...selection }).catch(() => null);
}

function moveTo(row: number, column: number): void {
  const current = sheet();
  if (!current) return;
  selection = {
    row: Math.max(1, Math.min(row, current.rows.length)),
    column: Math.max(1, Math.min(column, current.columns.length)),
  };
  markSelection(ui.grid, selection);
  updateFormulaBar();
  void select();
}

/** Clicking a column's letter selects the whole column, as in Sheets. */
function selectColumn(column: number): void {
  selection = { row: 1, column, wholeColumn: true };
  markSelection(ui.grid, selection);
  updateFormulaBar();
  void select();
}

async function commit(): Promise<void> {
  const current = sheet();
  const cell = current ? cellAt(current, selection) : undefined;
  if (!cell?.editable) return;
  const input = bar.input.value;
  if (input === FormulaBar.original(cell)) return;
  const at = { sheet: activeSheet, ...selection };
  const result = await request(() => post('/__preview/cell', { ...at, input }));
  if (result?.error) bar.say(result.error, 'error');
}

function wireGrid(): void {
  ui.scroll.tabIndex = 0;
  ui.grid.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    const td = target.closest('td');
    if (td) moveTo(Number(td.dataset.row), Number(td.dataset.column));
    const letter = target.closest<HTMLElement>('thead th[data-column]');
    if (letter) selectColumn(Number(letter.dataset.column));
  });
  ui.grid.addEventListener('dblclick', () => bar.input.focus());
  ui.scroll.addEventListener('keydown', (event) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(selection.row + move[0], selection.column + move[1]);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      bar.input.focus();
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !bar.input.readOnly) {
      // Typing on a selected cell starts editing it, as in Sheets.
      event.preventDefault();
      bar.input.value = event.key;
      bar.input.focus();
    }
  });
  bar.input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const [dr, dc] = event.key === 'Enter' ? [1, 0] : [0, 1];
      void commit().then(() => {
        ui.scroll.focus();
        moveTo(selection.row + dr, selection.column + dc);
      });
    } else if (event.key === 'Escape') {
      ui.scroll.focus();
      updateFormulaBar();
    }
  });
}

/** The time-zone control: the sheet's zone chosen, the list rebuilt only when it changes. */
function showZones(current: string, zones: string[]): void {
  const listed = [...ui.zone.options].map((o) => o.value);
  if (listed.join('\n') !== zones.join('\n')) {
    ui.zone.replaceChildren(...zones.map((z) => el('option', { text: z, attrs: { value: z } })));
  }
  if (document.activeElement !== ui.zone) ui.zone.value = current;
}

function wireChrome(): void {
  closeMenusOnOutsideClick(ui.menubar);
  ui.zone.addEventListener('change', () => {
    void request(() => post('/__preview/time-zone', { timeZone: ui.zone.value }));
  });
  ui.speed.addEventListener('click', () => {
    const factor = state && state.speed > 1 ? 1 : 60;
    void request(() => post('/__preview/speed', { factor }));
  });
  ui.demoChanges.addEventListener('click', () => {
    ui.demoChanges.disabled = true;
    document.body.style.cursor = 'progress';
    void request(() => post('/__preview/demo-changes', {})).then((result) => {
      ui.demoChanges.disabled = false;
      document.body.style.cursor = '';
      if (result?.error) toasts.show('Demo changes', result.error, true);
      else if (result?.notice) toasts.show('Demo changes', result.notice, false);
    });
  });
  ui.closeSidebar.addEventListener('click', () => (ui.sidebar.hidden = true));
  // google.script.host.close() in the sidebar posts this (see local/host).
  window.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown } | null;
    if (event.source === ui.frame.contentWindow && data?.type === 'gas-host-close') {
      ui.sidebar.hidden = true;
    }
  });
}

async function poll(): Promise<void> {
  await request(fetchState);
  setTimeout(() => void poll(), POLL_MS);
}

wireGrid();
wireChrome();
void poll();
