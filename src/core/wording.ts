// Small wording rules shared by every message: counts agree with their noun ("1 request"), and a
// sentence built from parts that may already end in a full stop gets exactly one.

/** `plural(1, 'request')` → `1 request`; `plural(2, 'request')` → `2 requests`. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}

/** Ends `text` with one full stop, unless it already ends in `.`, `!` or `?`. */
export function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
