// The user's free-time terms: the `Free Time` sheet's rows read into rules (PRODUCT.md, "Money at
// risk"). One rule a row, found by header text like the Tracking sheet. A row that cannot be read
// stays in the list as a broken rule: it still takes its place in "first matching row from the
// top", so the boxes it would price say why (`#Free Time row N: …`) instead of silently falling
// through to a rule further down that the user did not mean for them.

export const FREE_TIME_SHEET = 'Free Time';
export const FREE_TIME_HEADERS = [
  'Kind',
  'Carrier',
  'Terminal',
  'Free Days',
  'Counting',
  'Daily Rates',
  'Currency',
] as const;
type FreeTimeHeader = (typeof FREE_TIME_HEADERS)[number];

export const MONEY_KINDS = ['demurrage', 'detention'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];
export type Counting = 'calendar' | 'business';

/** `days` chargeable days at `rate` each; the last tier (days null) runs on for ever. */
export interface Tier {
  rate: number;
  days: number | null;
}

interface RuleScope {
  /** The sheet's row number (1-based, as the user sees it). */
  row: number;
  /** Null: an unreadable Kind, which may have been meant for either kind. */
  kind: MoneyKind | null;
  /** Upper-case SCAC; null matches any carrier. */
  carrier: string | null;
  /** Normalised terminal name; null matches any terminal. */
  terminal: string | null;
}

export interface FreeTimeRule extends RuleScope {
  kind: MoneyKind;
  freeDays: number;
  counting: Counting;
  tiers: Tier[];
  currency: string;
}

export interface BrokenRule extends RuleScope {
  /** Why the row cannot be read and what to write instead. */
  problem: string;
}

export type RuleRow = FreeTimeRule | BrokenRule;

export interface FreeTimeTerms {
  rules: RuleRow[];
  /** The sheet as a whole cannot be read (a missing header): every money cell says so. */
  problem: string | null;
}

/** More rule rows than anyone keeps by hand: reading stops there (bounded work per refresh). */
export const MAX_RULE_ROWS = 500;

export const NO_TERMS: FreeTimeTerms = { rules: [], problem: null };

export const isBroken = (r: RuleRow): r is BrokenRule => 'problem' in r;

const normalizeHeader = (h: unknown) =>
  String(h ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** Terminal names are compared as the Terminal column shows them, ignoring case and spacing. */
export const normalizeTerminal = (name: string) => normalizeHeader(name);

const text = (v: unknown): string => (v instanceof Date ? '' : String(v ?? '').trim());

/** A user's text quoted in a message, cut short: the message must stay readable. */
function quoted(v: unknown): string {
  const t = v instanceof Date ? 'a date' : String(v ?? '').trim();
  return `"${t.length > 30 ? `${t.slice(0, 29)}…` : t}"`;
}

/** `150`, `150x4, 250x5, 400` (also `150 x 4`, `150×4`, `;` between tiers). */
export function parseDailyRates(value: unknown): Tier[] | null {
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0 ? [{ rate: value, days: null }] : null;
  if (typeof value !== 'string') return null;
  const parts = value.split(/[,;]/).map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p === '')) return null;
  const tiers: Tier[] = [];
  for (const part of parts) {
    const m = /^(\d+(?:\.\d+)?)\s*(?:[x×*]\s*(\d+))?$/i.exec(part);
    if (!m) return null;
    const days = m[2] == null ? null : Number(m[2]);
    if (days === 0) return null;
    tiers.push({ rate: Number(m[1]), days });
  }
  // Only the last tier may be open-ended; a closed last tier runs on at its rate.
  if (tiers.slice(0, -1).some((t) => t.days == null)) return null;
  tiers[tiers.length - 1] = { ...tiers[tiers.length - 1]!, days: null };
  return tiers;
}

function parseKind(value: unknown): MoneyKind | null {
  const t = text(value).toLowerCase();
  return (MONEY_KINDS as readonly string[]).includes(t) ? (t as MoneyKind) : null;
}

function parseFreeDays(value: unknown): number | null {
  if (value === '' || value == null) return 0;
  const n =
    typeof value === 'number' ? value : /^\s*\d+\s*$/.test(String(value)) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 3650 ? n : null;
}

function parseCounting(value: unknown): Counting | null {
  const t = text(value).toLowerCase();
  if (t === '' || t === 'calendar') return 'calendar';
  return t === 'business' ? 'business' : null;
}

function parseCurrency(value: unknown): string | null {
  const t = text(value).toUpperCase();
  if (t === '') return 'USD';
  return /^[A-Z]{3}$/.test(t) ? t : null;
}

type Cells = Partial<Record<FreeTimeHeader, unknown>>;

function readRule(row: number, cells: Cells): RuleRow {
  const kind = parseKind(cells.Kind);
  const carrier = text(cells.Carrier).toUpperCase() || null;
  const terminal = normalizeTerminal(text(cells.Terminal)) || null;
  const scope = { row, kind, carrier, terminal };
  if (!kind) {
    const why =
      text(cells.Kind) === ''
        ? 'Kind is blank'
        : `Kind ${quoted(cells.Kind)} is not a kind of charge`;
    return { ...scope, problem: `${why}: write demurrage or detention` };
  }
  const freeDays = parseFreeDays(cells['Free Days']);
  if (freeDays == null) {
    return {
      ...scope,
      problem: `Free Days ${quoted(cells['Free Days'])} is not a whole number of days: write 0 or more, e.g. 4`,
    };
  }
  const counting = parseCounting(cells.Counting);
  if (!counting) {
    return {
      ...scope,
      problem: `Counting ${quoted(cells.Counting)} is not a way of counting days: write calendar or business`,
    };
  }
  const tiers = parseDailyRates(cells['Daily Rates']);
  if (!tiers) {
    return {
      ...scope,
      problem: `Daily Rates ${quoted(cells['Daily Rates'])} is not a rate: write a number (150) or tiers (150x4, 250x5, 400)`,
    };
  }
  const currency = parseCurrency(cells.Currency);
  if (!currency) {
    return {
      ...scope,
      problem: `Currency ${quoted(cells.Currency)} is not a 3-letter ISO 4217 code: write e.g. USD or EUR`,
    };
  }
  return { ...scope, kind, freeDays, counting, tiers, currency };
}

/** The Free Time sheet's values (row 1 the headers) as rules, top to bottom. */
export function readFreeTime(values: readonly (readonly unknown[])[]): FreeTimeTerms {
  // A sheet emptied of everything holds no terms (like no sheet at all), not a broken header.
  const filled = (v: unknown) => v instanceof Date || text(v) !== '';
  if (!values.some((line) => line.some(filled))) return NO_TERMS;
  const header = values[0] ?? [];
  const columns = new Map<FreeTimeHeader, number>();
  header.forEach((cell, index) => {
    const name = FREE_TIME_HEADERS.find((h) => normalizeHeader(h) === normalizeHeader(cell));
    if (name && !columns.has(name)) columns.set(name, index);
  });
  for (const required of ['Kind', 'Daily Rates'] as const) {
    if (!columns.has(required)) {
      return {
        rules: [],
        problem: `Free Time sheet: no "${required}" header in row 1 (run Set up Tracking sheet to see the expected headers)`,
      };
    }
  }
  const rules: RuleRow[] = [];
  for (let i = 1; i < values.length && i <= MAX_RULE_ROWS; i++) {
    const line = values[i] ?? [];
    const cells: Cells = {};
    for (const [name, col] of columns) cells[name] = line[col];
    if (!Object.values(cells).some(filled)) continue;
    rules.push(readRule(i + 1, cells));
  }
  return { rules, problem: null };
}

/**
 * The first row from the top whose Kind is `kind` (or unreadable) and whose Carrier and Terminal
 * match (blank matches any); null when none does.
 */
export function ruleFor(
  terms: FreeTimeTerms,
  kind: MoneyKind,
  carrier: string | null,
  terminal: string | null,
): RuleRow | null {
  const scac = carrier ? carrier.trim().toUpperCase() : null;
  const place = terminal ? normalizeTerminal(terminal) : null;
  return (
    terms.rules.find(
      (r) =>
        (r.kind === kind || r.kind === null) &&
        (r.carrier === null || r.carrier === scac) &&
        (r.terminal === null || r.terminal === place),
    ) ?? null
  );
}

/** What a broken rule's cells say. */
export const ruleProblemText = (r: BrokenRule) => `#Free Time row ${r.row}: ${r.problem}`;
export const termsProblemText = (terms: FreeTimeTerms) => `#${terms.problem ?? ''}`;
