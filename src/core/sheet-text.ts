// Text from the tracking service must never become a formula (or a number, or a date) when it is
// written to a cell: Sheets parses what setValues receives as if a person typed it. A leading
// apostrophe makes Sheets keep the rest as literal text and is not part of the cell's value.

/**
 * Sheets refuses a whole setValues call when one text is over 50,000 characters ("Your input
 * contains more than the maximum of 50000 characters in a single cell."), so every text is cut
 * to fit, ellipsis included (the apostrophe is counted too, to be safe).
 */
export const MAX_CELL_CHARS = 50_000;

export function fitCellText(text: string, max = MAX_CELL_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function literalText(text: string): string {
  return text === '' ? '' : `'${fitCellText(text, MAX_CELL_CHARS - 1)}`;
}

/** Writes API text safely; other values (numbers, booleans, Dates) pass through. */
export function safeCell(value: unknown): unknown {
  return typeof value === 'string' ? literalText(value) : value;
}
