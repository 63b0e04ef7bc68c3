/// <reference lib="dom" />
// One sheet as a grid: column letters, row numbers, each cell's display text with its colours,
// and a selected cell. Re-rendered whole when the sheet changes (a few hundred cells).

import type { PageCell, PageSheet } from '../page-state';
import { el, safeHref } from './dom';

export interface Selection {
  row: number;
  column: number;
}

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
  if (cell.align) td.style.textAlign = cell.align;
  return td;
}

export function renderGrid(table: HTMLTableElement, sheet: PageSheet, selection: Selection): void {
  const colgroup = el('colgroup', {}, [el('col'), ...sheet.columns.map(() => el('col'))]);
  // Widths go through the CSSOM (allowed by the page's style policy), not style attributes.
  const cols = colgroup.querySelectorAll('col');
  (cols[0] as HTMLElement).style.width = '46px';
  sheet.columns.forEach((c, i) => ((cols[i + 1] as HTMLElement).style.width = `${c.width}px`));
  const head = el('thead', {}, [
    el('tr', {}, [
      el('th', { className: 'row-head corner', attrs: { scope: 'col' } }),
      ...sheet.columns.map((c) => el('th', { text: c.letter, attrs: { scope: 'col' } })),
    ]),
  ]);
  const body = el(
    'tbody',
    {},
    sheet.rows.map((cells, r) =>
      el('tr', r < sheet.frozenRows ? { className: 'frozen' } : {}, [
        el('th', { className: 'row-head', text: String(r + 1), attrs: { scope: 'row' } }),
        ...cells.map((cell, c) =>
          cellNode(cell, r + 1, c + 1, selection.row === r + 1 && selection.column === c + 1),
        ),
      ]),
    ),
  );
  table.style.width = `${46 + sheet.columns.reduce((sum, c) => sum + c.width, 0)}px`;
  table.setAttribute('aria-label', sheet.name);
  table.replaceChildren(colgroup, head, body);
}

export function markSelection(table: HTMLTableElement, selection: Selection): void {
  table.querySelectorAll('td[aria-selected="true"]').forEach((td) => {
    td.setAttribute('aria-selected', 'false');
  });
  const td = table.querySelector<HTMLElement>(
    `td[data-cell="${a1(selection.row, selection.column)}"]`,
  );
  td?.setAttribute('aria-selected', 'true');
  td?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

export function cellAt(sheet: PageSheet, selection: Selection): PageCell | undefined {
  return sheet.rows[selection.row - 1]?.[selection.column - 1];
}
