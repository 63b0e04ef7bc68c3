// The `Closed Days` sheet (docs/reference.md#closed-days): the days a terminal did not work —
// public holidays, strikes, weather — as the user lists them (`Date`, `Terminal`, `Note`; a blank
// Terminal is every terminal). `Counting: working` counts free days Monday to Friday except these,
// and the evidence for a dispute marks charged days that fall on them. The add-in ships no
// calendar of its own: a holiday list it cannot keep true would price boxes wrongly in silence.
//
// A row marked as set-up's example (its Note starts with `EXAMPLE`) closes nothing until the user
// makes it their own. A row that cannot be read stays as a broken row: the boxes it would concern
// say why instead of being counted as if the day were open.

import { calendarDayIn, sheetSerialOfDay, type CalendarDay } from './timezone';

export const CLOSED_DAYS_SHEET = 'Closed Days';
export const CLOSED_DAYS_HEADERS = ['Date', 'Terminal', 'Note'] as const;
/** More rows than years of holidays at every terminal: reading stops there (bounded work). */
export const MAX_CLOSED_DAY_ROWS = 2_000;
/** Set-up's example row: closes nothing until its Note says something else. */
export const EXAMPLE_MARK = 'EXAMPLE';

export interface ClosedDay {
  /** The sheet's row number, as the user sees it. */
  row: number;
  /** The closed calendar day as a sheet serial (facility days carry no zone). */
  day: number;
  /** Normalised terminal name; null for every terminal. */
  terminal: string | null;
  note: string;
}

export interface BrokenClosedDay {
  row: number;
  terminal: string | null;
  /** What is wrong and what to write instead. */
  problem: string;
}

export interface ClosedDays {
  days: ClosedDay[];
  broken: BrokenClosedDay[];
  /** The sheet as a whole cannot be read (no `Date` header, too many rows). */
  problem: string | null;
}

export const NO_CLOSED_DAYS: ClosedDays = { days: [], broken: [], problem: null };

const normalize = (v: unknown) =>
  String(v ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

const text = (v: unknown) => (v instanceof Date ? '' : String(v ?? '').trim());

function dayOfText(t: string): CalendarDay | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (!m) return null;
  const day = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const check = new Date(Date.UTC(day.year, day.month - 1, day.day));
  return check.getUTCMonth() === day.month - 1 && check.getUTCDate() === day.day ? day : null;
}

/**
 * A Date cell is midnight of that day in the spreadsheet's zone (how Sheets hands a date to a
 * script); text must be `YYYY-MM-DD`. Null: not a date.
 */
function readDay(value: unknown, sheetTimeZone: string): number | null {
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isNaN(ms) ? null : sheetSerialOfDay(calendarDayIn(ms, sheetTimeZone));
  }
  const day = typeof value === 'string' ? dayOfText(value.trim()) : null;
  return day ? sheetSerialOfDay(day) : null;
}

/** The sheet's values (row 1 the headers) as closed days, top to bottom. */
export function readClosedDays(
  values: readonly (readonly unknown[])[],
  sheetTimeZone: string,
): ClosedDays {
  const filled = (v: unknown) => v instanceof Date || text(v) !== '';
  if (!values.some((line) => line.some(filled))) return NO_CLOSED_DAYS;
  const header = (values[0] ?? []).map(normalize);
  const col = (name: string) => header.indexOf(name.toLowerCase());
  const [date, terminal, note] = CLOSED_DAYS_HEADERS.map(col) as [number, number, number];
  if (date < 0)
    return {
      ...NO_CLOSED_DAYS,
      problem:
        'Closed Days sheet: no "Date" header in row 1 (run Set up Tracking sheet to see the expected headers)',
    };
  const out: ClosedDays = { days: [], broken: [], problem: null };
  let rows = 0;
  for (let i = 1; i < values.length; i++) {
    const line = values[i] ?? [];
    const cell = (c: number) => (c < 0 ? '' : line[c]);
    if (![cell(date), cell(terminal), cell(note)].some(filled)) continue;
    if (++rows > MAX_CLOSED_DAY_ROWS)
      return {
        ...out,
        problem: `Closed Days sheet: more than ${MAX_CLOSED_DAY_ROWS} rows: delete the rows of past years`,
      };
    const noteText = text(cell(note));
    if (noteText.startsWith(EXAMPLE_MARK)) continue;
    const place = normalize(text(cell(terminal))) || null;
    const day = readDay(cell(date), sheetTimeZone);
    if (day === null) {
      const raw = cell(date);
      const shown = typeof raw === 'number' ? String(raw) : text(raw).slice(0, 30);
      out.broken.push({
        row: i + 1,
        terminal: place,
        problem:
          shown === ''
            ? 'Date is blank: write the day the terminal was closed, e.g. 2026-12-25'
            : `Date "${shown}" is not a date: write it as 2026-12-25`,
      });
      continue;
    }
    out.days.push({ row: i + 1, day, terminal: place, note: noteText });
  }
  return out;
}

/** One terminal's closed days: the day's entry (its note), or why the list cannot be trusted. */
export interface TerminalCalendar {
  closedOn(day: number): ClosedDay | null;
  /** `Closed Days row N: …` when a row that could concern this terminal cannot be read. */
  problem: string | null;
}

/** The closed days that concern `terminal` (the Terminal column's name; blank rows: all). */
export function terminalCalendar(closed: ClosedDays, terminal: string | null): TerminalCalendar {
  const place = terminal ? normalize(terminal) : null;
  const concerns = (t: string | null) => t === null || t === place;
  const byDay = new Map<number, ClosedDay>();
  for (const d of closed.days) if (concerns(d.terminal) && !byDay.has(d.day)) byDay.set(d.day, d);
  const broken = closed.broken.find((b) => concerns(b.terminal));
  return {
    closedOn: (day) => byDay.get(day) ?? null,
    problem: closed.problem ?? (broken ? `Closed Days row ${broken.row}: ${broken.problem}` : null),
  };
}
