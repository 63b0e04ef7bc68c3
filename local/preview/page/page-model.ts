// The page's view of the local spreadsheet: the menus onOpen built, every visible sheet as a grid
// of display cells, toasts, recent executions and the auto-refresh trigger. Built from the
// runtime's shared state only; properties (where the API key lives) are never read here.

import { formatDate, type GasRuntime, type MenuItem } from '../../gas';
import { columnToLetters } from '../../gas/spreadsheet/a1';
import type { SheetModel } from '../../gas/spreadsheet/model';
import { isEditable } from '../editable-cells';
import { conditionalStyle, type RuleContext } from '../formula/conditional-format';
import type { CustomFunctionCells } from '../formula/custom-cells';
import { pageCell } from './cell-display';
import type {
  PageActivity,
  PageEmail,
  PageMenuItem,
  PageSheet,
  PageState,
  PageToast,
} from './page-state';
import { PREVIEW_TIME_ZONES } from './page-state';

/** Blank rows shown under the data, so there is always room to type a new row. */
const SPARE_ROWS = 5;
const MIN_ROWS = 12;
const MIN_COLUMNS = 8;
const SHOWN_TOASTS = 5;
const MAX_FITTED_WIDTH = 230;
const SHOWN_ACTIVITY = 8;
const SHOWN_EMAILS = 20;

export interface PageSources {
  runtime: GasRuntime;
  cells: CustomFunctionCells;
  now: number;
  speed: number;
}

function menuItems(items: MenuItem[]): PageMenuItem[] {
  return items.map((item) => {
    if ('separator' in item) return { separator: true };
    if ('submenu' in item) return { caption: item.caption, items: menuItems(item.submenu) };
    return { caption: item.caption, functionName: item.functionName };
  });
}

/**
 * Columns nobody sized are fitted to their text (within limits), where Sheets would keep 100 px
 * and cut it: the point of the preview is to see what the add-in wrote.
 */
function fittedWidth(texts: string[]): number {
  const longest = Math.max(0, ...texts.map((t) => t.length));
  return Math.min(MAX_FITTED_WIDTH, Math.max(100, Math.round(longest * 8 + 16)));
}

function sheetGrid(sheet: SheetModel, src: PageSources, ctx: RuleContext): PageSheet {
  const timeZone = src.runtime.spreadsheet.timeZone;
  const spill = src.cells.extent(sheet);
  const lastRow = Math.max(sheet.lastRow(), spill.rows);
  const numRows = Math.min(sheet.maxRows, Math.max(lastRow + SPARE_ROWS, MIN_ROWS));
  const numColumns = Math.min(
    sheet.maxColumns,
    Math.max(sheet.lastColumn(), spill.columns, MIN_COLUMNS),
  );
  const rows = Array.from({ length: numRows }, (_, r) =>
    Array.from({ length: numColumns }, (_, c) =>
      pageCell(
        sheet.cell(r + 1, c + 1),
        src.cells.result(sheet, r + 1, c + 1),
        conditionalStyle(sheet, r + 1, c + 1, ctx),
        isEditable(sheet, r + 1, c + 1),
        timeZone,
      ),
    ),
  );
  const columns = Array.from({ length: numColumns }, (_, c) => ({
    letter: columnToLetters(c + 1),
    width: sheet.columnWidths.get(c + 1) ?? fittedWidth(rows.map((r) => r[c]?.text ?? '')),
  }));
  return {
    name: sheet.name,
    columns,
    rows,
    frozenRows: sheet.frozenRows,
    frozenColumns: sheet.frozenColumns,
  };
}

/** Ids count every toast ever made (the runtime keeps the newest only), so they only grow. */
function toasts(runtime: GasRuntime): PageToast[] {
  const all = runtime.ui.toasts;
  const first = runtime.spreadsheet.toastsDropped;
  return all
    .map((t, i) => ({
      id: first + i,
      title: t.title,
      message: t.message,
      timeoutSeconds: t.timeoutSeconds,
    }))
    .slice(-SHOWN_TOASTS);
}

function activity(runtime: GasRuntime, timeZone: string): PageActivity[] {
  return runtime.executions
    .filter((e) => e.kind !== 'custom-function')
    .slice(-SHOWN_ACTIVITY)
    .reverse()
    .map((e) => {
      const n = e.calls.urlFetchRequests;
      return {
        id: e.id,
        at: formatDate(new Date(e.startedAt), timeZone, 'HH:mm:ss'),
        functionName: e.functionName,
        kind: e.kind,
        ok: e.ok,
        detail: e.ok ? `${n} request${n === 1 ? '' : 's'}` : (e.error ?? 'failed'),
      };
    });
}

/** Ids count every email ever sent (the runtime keeps the newest only): /__preview/outbox/{id}. */
function outbox(runtime: GasRuntime, timeZone: string): PageEmail[] {
  const { outbox: sent, dropped } = runtime.project.mail;
  const first = Math.max(0, sent.length - SHOWN_EMAILS);
  return sent
    .slice(first)
    .map((m, i) => ({
      id: dropped + first + i,
      at: formatDate(new Date(m.at), timeZone, 'yyyy-MM-dd HH:mm'),
      to: m.to.join(', '),
      subject: m.subject,
      text: m.body,
      hasHtml: m.htmlBody !== null,
    }))
    .reverse();
}

function autoRefresh(runtime: GasRuntime, timeZone: string): string {
  const trigger = runtime.triggers.triggers.find(
    (t) => t.handlerFunction === 'runScheduledRefresh',
  );
  if (!trigger) return 'off';
  const every = trigger.everyMs ? `every ${Math.round(trigger.everyMs / 60_000)} min, ` : '';
  return `${every}next at ${formatDate(new Date(trigger.nextRunAt), timeZone, 'HH:mm:ss')}`;
}

export function buildPageState(src: PageSources): PageState {
  const { runtime } = src;
  const model = runtime.spreadsheet;
  const timeZone = model.timeZone;
  const ctx: RuleContext = {
    timeZone,
    now: src.now,
    sheetByName: (name) => model.sheetByName(name),
    valueAt: (sheet, row, column) => src.cells.valueAt(sheet, row, column),
  };
  const active = model.active;
  return {
    spreadsheetName: model.name,
    timeZone,
    timeZones: PREVIEW_TIME_ZONES.includes(timeZone)
      ? [...PREVIEW_TIME_ZONES]
      : [timeZone, ...PREVIEW_TIME_ZONES],
    now: formatDate(new Date(src.now), timeZone, 'yyyy-MM-dd HH:mm:ss'),
    speed: src.speed,
    menus: runtime.ui.menus.map((m) => ({
      title: m.title,
      addon: m.addon,
      items: menuItems(m.items),
    })),
    sheets: model.sheets.filter((s) => !s.hidden).map((s) => sheetGrid(s, src, ctx)),
    selection: active
      ? { sheet: active.sheet.name, row: active.area.row, column: active.area.column }
      : null,
    toasts: toasts(runtime),
    activity: activity(runtime, timeZone),
    autoRefresh: autoRefresh(runtime, timeZone),
    outbox: outbox(runtime, timeZone),
  };
}
