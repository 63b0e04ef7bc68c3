// Amounts are numbers (they sort and add up in the sheet) shown with their currency through the
// cell's number format. Cells of one currency get their format in ONE call (a RangeList of
// their runs), so the cost is one write per currency, not one per cell or row.

import { currencyFormat } from '../../core/money-outputs';
import { columnLetter } from '../../core/sheet-layout';

/** A cell (1-based row and column) holding an amount in `currency`. */
export interface AmountCell {
  row: number;
  column: number;
  currency: string;
}

/** Per currency, the A1 notations of its cells, vertical runs merged (`D2:D40`). */
export function currencyRanges(cells: readonly AmountCell[]): Map<string, string[]> {
  const byCurrency = new Map<string, Map<number, number[]>>();
  for (const c of cells) {
    const columns = byCurrency.get(c.currency) ?? new Map<number, number[]>();
    columns.set(c.column, [...(columns.get(c.column) ?? []), c.row]);
    byCurrency.set(c.currency, columns);
  }
  const out = new Map<string, string[]>();
  for (const [currency, columns] of byCurrency) {
    const a1s: string[] = [];
    for (const [column, rows] of columns) {
      const letter = columnLetter(column - 1);
      const sorted = [...new Set(rows)].sort((a, b) => a - b);
      let start = sorted[0]!;
      for (let i = 1; i <= sorted.length; i++) {
        if (sorted[i] === sorted[i - 1]! + 1) continue;
        const end = sorted[i - 1]!;
        a1s.push(start === end ? `${letter}${start}` : `${letter}${start}:${letter}${end}`);
        start = sorted[i]!;
      }
    }
    out.set(currency, a1s);
  }
  return out;
}

/** One setNumberFormat per currency; returns the calls made. */
export function applyCurrencyFormats(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  cells: readonly AmountCell[],
): number {
  let calls = 0;
  for (const [currency, a1s] of currencyRanges(cells)) {
    sheet.getRangeList(a1s).setNumberFormat(currencyFormat(currency));
    calls++;
  }
  return calls;
}
