/// <reference lib="dom" />
// One sheet as a grid: column letters, row numbers, each cell's display text with its colours,
// and a selected cell or column. Re-rendered whole when the sheet changes (a few hundred cells).
// Frozen rows and columns stay in view while the grid scrolls (sticky cells, offsets set here).

import type { PageCell, PageSheet } from '../page-state';
import { el, safeHref } from './dom';

export interface Selection {
  row: number;
  column: number;
  /** The whole column is selected (its letter was clicked); row is then 1. */
  wholeColumn?: boolean;
}

const ROW_HEAD_WIDTH = 46;

export function a1(row: number, column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return `${letters}${row}`;
}

function cellNode(cell: PageCell, row: number, column: number, selected: boolean) {
  const classes = [
    cell.editable ? '' : 'readonly',
    cell.error ? 'error' : '',
    cell.spilledFrom ? 'spill' : '',
    cell.note ? 'note' : '',
  ].filter(Boolean);
  const td = el('td', {
    ...(classes.length ? { className: classes.join(' ') } : {}),
    attrs: {
      role: 'gridcell',
      'data-cell': a1(row, column),
      'data-row': String(row),
      'data-column': String(column),
      'aria-selected': String(selected),
    },
  });
  const href = cell.link ? safeHref(cell.link) : null;
  if (href) {
    td.appendChild(
      el('a', { text: cell.text, attrs: { href, target: '_blank', rel: 'noopener noreferrer' } }),
    );
  } else {
    td.textContent = cell.text;
  }
  const title = cell.error ?? cell.note;
  if (title) td.title = title;
  if (cell.background) td.style.background = cell.background;
  if (cell.color) td.style.color = cell.color;
  if (cell.bold) td.style.fontWeight = '700';
  if (cell.wrap) td.classList.add('wrap');
  if (cell.align) td.style.textAlign = cell.align;
  return td;
}

const isSelected = (selection: Selection, row: number, column: number) =>
  selection.column === column && (selection.wholeColumn || selection.row === row);

/** What the name box shows: `C5`, or `C:C` for a whole column. */
export function selectionName(selection: Selection): string {
  if (!selection.wholeColumn) return a1(selection.row, selection.column);
  const letters = a1(1, selection.column).slice(0, -1);
  return `${letters}:${letters}`;
}

/**
 * Frozen columns stick at their place left of the scrolled ones (after the row numbers), frozen
 * rows under the column letters. Tops are measured, as rows grow with their borders.
 */
function pinFrozen(table: HTMLTableElement, sheet: PageSheet): void {
  let left = ROW_HEAD_WIDTH;
  const lefts = sheet.columns.slice(0, sheet.frozenColumns).map((c) => {
    const at = left;
    left += c.width;
    return at;
  });
  table.querySelectorAll<HTMLTableRowElement>('tr').forEach((tr) => {
    lefts.forEach((at, c) => {
      const cell = tr.cells[c + 1];
      if (!cell) return;
      cell.classList.add('frozen-column');
      if (c === lefts.length - 1) cell.classList.add('frozen-edge');
      cell.style.left = `${at}px`;
    });
  });
  let top = table.tHead?.offsetHeight ?? 0;
  table.querySelectorAll<HTMLTableRowElement>('tbody tr.frozen').forEach((tr) => {
    for (const cell of tr.cells) cell.style.top = `${top}px`;
    top += tr.offsetHeight;
  });
}

export function renderGrid(table: HTMLTableElement, sheet: PageSheet, selection: Selection): void {
  const colgroup = el('colgroup', {}, [el('col'), ...sheet.columns.map(() => el('col'))]);
  // Widths go through the CSSOM (allowed by the page's style policy), not style attributes.
  const cols = colgroup.querySelectorAll('col');
  (cols[0] as HTMLElement).style.width = `${ROW_HEAD_WIDTH}px`;
  sheet.columns.forEach((c, i) => ((cols[i + 1] as HTMLElement).style.width = `${c.width}px`));
  const head = el('thead', {}, [
    el('tr', {}, [
      el('th', { className: 'row-head corner', attrs: { scope: 'col' } }),
      ...sheet.columns.map((c, i) =>
        el('th', {
          text: c.letter,
          attrs: { scope: 'col', 'data-column': String(i + 1), title: `Select column ${c.letter}` },
        }),
      ),
    ]),
  ]);
  const body = el(
    'tbody',
    {},
    sheet.rows.map((cells, r) =>
      el('tr', r < sheet.frozenRows ? { className: 'frozen' } : {}, [
        el('th', { className: 'row-head', text: String(r + 1), attrs: { scope: 'row' } }),
        ...cells.map((cell, c) =>
          cellNode(cell, r + 1, c + 1, isSelected(selection, r + 1, c + 1)),
        ),
      ]),
    ),
  );
  table.style.width = `${ROW_HEAD_WIDTH + sheet.columns.reduce((sum, c) => sum + c.width, 0)}px`;
  table.setAttribute('aria-label', sheet.name);
  table.replaceChildren(colgroup, head, body);
  markColumnHead(table, selection);
  pinFrozen(table, sheet);
}

function markColumnHead(table: HTMLTableElement, selection: Selection): void {
  table.classList.toggle('column-selected', !!selection.wholeColumn);
  table.querySelectorAll('thead th[data-column]').forEach((th) => {
    const on =
      !!selection.wholeColumn && th.getAttribute('data-column') === String(selection.column);
    th.classList.toggle('selected', on);
  });
}

export function markSelection(table: HTMLTableElement, selection: Selection): void {
  table.querySelectorAll('td[aria-selected="true"]').forEach((td) => {
    td.setAttribute('aria-selected', 'false');
  });
  markColumnHead(table, selection);
  const cells = selection.wholeColumn
    ? table.querySelectorAll<HTMLElement>(`td[data-column="${selection.column}"]`)
    : table.querySelectorAll<HTMLElement>(`td[data-cell="${a1(selection.row, selection.column)}"]`);
  cells.forEach((td) => td.setAttribute('aria-selected', 'true'));
  cells[0]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

export function cellAt(sheet: PageSheet, selection: Selection): PageCell | undefined {
  return sheet.rows[selection.row - 1]?.[selection.column - 1];
}
