// Text from the tracking service must never become a formula (or a number, or a date) when it is
// written to a cell: Sheets parses what setValues receives as if a person typed it. A leading
// apostrophe makes Sheets keep the rest as literal text and is not part of the cell's value.

export function literalText(text: string): string {
  return text === '' ? '' : `'${text}`;
}

/** Writes API text safely; other values (numbers, booleans, Dates) pass through. */
export function safeCell(value: unknown): unknown {
  return typeof value === 'string' ? literalText(value) : value;
}
