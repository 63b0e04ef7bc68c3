// How one cell looks on the page: its display text through its number format in the
// spreadsheet's time zone (the fakes' own formatter), alignment as Sheets aligns by type, the
// conditional-format colour, and links for URLs.

import type { Cell } from '../../gas/spreadsheet/cell-values';
import { displayValue, DEFAULT_NUMBER_FORMAT } from '../../gas/spreadsheet/number-format';
import { wallParts } from '../../gas/time-zone';
import type { CellResult } from '../formula/custom-cells';
import type { RuleStyle } from '../formula/conditional-format';
import type { PageCell } from './page-state';

/**
 * A date a custom function returned lands in a cell nobody formatted: show it as a date (or a
 * date-time when it has a time of day), as Sheets' automatic format does.
 */
function automaticFormat(value: unknown, timeZone: string): string | undefined {
  if (!(value instanceof Date)) return undefined;
  const w = wallParts(value.getTime(), timeZone);
  return w.hour === 0 && w.minute === 0 && w.second === 0 ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm';
}

function displayText(result: CellResult, cell: Cell | undefined, timeZone: string): string {
  if (result.error) return result.error.code;
  const value = result.value as Cell['value'];
  const own = cell?.numberFormat;
  const computed = cell?.formula !== undefined || result.spilledFrom !== undefined;
  const format =
    computed && (own === undefined || own === DEFAULT_NUMBER_FORMAT)
      ? (automaticFormat(value, timeZone) ?? own)
      : own;
  return displayValue(value ?? '', format, timeZone);
}

function alignment(value: unknown, cell: Cell | undefined): PageCell['align'] {
  const own = cell?.horizontalAlignment;
  if (own === 'left' || own === 'right' || own === 'center') return own;
  if (typeof value === 'number' || value instanceof Date) return 'right';
  if (typeof value === 'boolean') return 'center';
  return undefined;
}

export function pageCell(
  cell: Cell | undefined,
  result: CellResult,
  style: RuleStyle | null,
  editable: boolean,
  timeZone: string,
): PageCell {
  // A checkbox (data validation) shows TRUE/FALSE as a ticked or empty box, as Sheets does.
  const checkbox =
    cell?.validation?.criteria === 'CHECKBOX' && typeof result.value === 'boolean' && !result.error;
  const text = checkbox ? (result.value ? '☑' : '☐') : displayText(result, cell, timeZone);
  const background = style?.background ?? cell?.background;
  const color = style?.fontColor ?? cell?.fontColor;
  const bold = style?.bold ?? cell?.fontWeight === 'bold';
  const align = alignment(result.error ? '' : result.value, cell);
  const out: PageCell = { text };
  if (cell?.formula !== undefined) out.formula = cell.formula;
  if (result.error) out.error = result.error.message;
  if (background && background !== '#ffffff') out.background = background;
  if (color && color !== '#000000') out.color = color;
  if (bold) out.bold = true;
  if (cell?.wrap) out.wrap = true;
  if (align) out.align = align;
  if (cell?.note) out.note = cell.note;
  if (/^https?:\/\/\S+$/i.test(text)) out.link = text;
  if (editable) out.editable = true;
  if (result.spilledFrom) out.spilledFrom = result.spilledFrom;
  return out;
}
