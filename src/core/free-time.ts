// The user's free-time terms: the `Free Time` sheet's rows read into rules (docs/reference.md#free-time, "Money at
// risk"). One rule a row, found by header text like the Tracking sheet. A row that cannot be read
// stays in the list as a broken rule: it still takes its place in "first matching row from the
// top", so the boxes it would price say why (`#Free Time row N: …`) instead of silently falling
// through to a rule further down that the user did not mean for them.

import type { ClosedDays } from './closed-days';
import { isExample, NOTE_HEADER } from './free-time-examples';
import {
  equipmentMatches,
  parseEquipment,
  type BoxEquipment,
  type EquipmentRule,
} from './equipment';

export const FREE_TIME_SHEET = 'Free Time';
export const FREE_TIME_HEADERS = [
  'Kind',
  'Carrier',
  'Terminal',
  'Free Days',
  'Counting',
  'Daily Rates',
  'Currency',
  // Terms as contracts write them (optional: a sheet without these columns works as before).
  'Equipment',
  'Contract',
] as const;
type FreeTimeHeader = (typeof FREE_TIME_HEADERS)[number];

export const MONEY_KINDS = ['demurrage', 'detention'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];
/** `working`: Monday to Friday except the Closed Days of the box's terminal (core/closed-days.ts). */
export type Counting = 'calendar' | 'business' | 'working';

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
  /** The equipment the row is for; null matches any (also an unreadable one: it still blocks). */
  equipment: EquipmentRule | null;
  /** Normalised contract reference; null matches any row. */
  contract: string | null;
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
  /**
   * Sheet rows marked as examples (their Note starts with EXAMPLE): read as no rule at all, so
   * money is never shown from terms nobody agreed to, until the user makes them their own.
   */
  examples?: number[];
  /** The sheet as a whole cannot be read (a missing header): every money cell says so. */
  problem: string | null;
  /**
   * The first sheet row holding a rule past the MAX_RULE_ROWS read (null: none): a box no rule
   * read matches says so instead of showing no money.
   */
  unreadFrom?: number | null;
  /** The Closed Days, read only when a rule counts `working` days (none otherwise). */
  closedDays?: ClosedDays;
}

export { EXAMPLE_MARK, EXAMPLE_RULES, NOTE_HEADER } from './free-time-examples';

/** More rule rows than anyone keeps by hand: reading stops there (bounded work per refresh). */
export const MAX_RULE_ROWS = 500;

/**
 * Bounds of real terms (docs/reference.md#absurd-terms): beyond them a row is a typo or a
 * hostile value, and an amount would grow past what a cell, a Pull List line or a digest can say
 * (1e308 a day is Infinity in 50 cells and null in the digest's JSON).
 */
export const MAX_DAILY_RATE = 1_000_000;
export const MAX_FREE_DAYS = 365;
export const MAX_TIERS = 20;
/** A tier's days count like free days: more than a year at one rate is no term. */
export const MAX_TIER_DAYS = 365;

export const NO_TERMS: FreeTimeTerms = { rules: [], problem: null };

/** What a box is, for matching: the `Terminal` column's name, its equipment, the row's Contract. */
export interface BoxScope {
  equipment?: BoxEquipment;
  contract?: string | null;
}

export const isBroken = (r: RuleRow): r is BrokenRule => 'problem' in r;

const normalizeHeader = (h: unknown) =>
  String(h ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** Terminal names are compared as the Terminal column shows them, ignoring case and spacing. */
export const normalizeTerminal = (name: string) => normalizeHeader(name);
/** Contract references are compared ignoring case and spacing, like terminal names. */
export const normalizeContract = (value: unknown) =>
  value instanceof Date ? '' : normalizeHeader(value);

const text = (v: unknown): string => (v instanceof Date ? '' : String(v ?? '').trim());

/** A number as digits, never in exponent form (1e308 would be "1e+308" in the cell). */
function numberText(n: number): string {
  if (!Number.isFinite(n)) return 'not a number';
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** A user's text quoted in a message, cut short: the message must stay readable. */
function quoted(v: unknown): string {
  const t =
    v instanceof Date ? 'a date' : typeof v === 'number' ? numberText(v) : String(v ?? '').trim();
  return `"${t.length > 30 ? `${t.slice(0, 29)}…` : t}"`;
}

/** `150`, `150x4, 250x5, 400` (also `150 x 4`, `150×4`, `;` between tiers). */
export function parseDailyRates(value: unknown): Tier[] | null {
  const tiers = readTiers(value);
  return typeof tiers === 'string' ? null : tiers;
}

const RATES_EXAMPLE = 'write a number (150) or tiers (150x4, 250x5, 400)';

/** The tiers, or why they are not terms (the words after `Daily Rates "…"`). */
function readTiers(value: unknown): Tier[] | string {
  const notRate = `is not a rate: ${RATES_EXAMPLE}`;
  let tiers: Tier[];
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return notRate;
    tiers = [{ rate: value, days: null }];
  } else if (typeof value === 'string') {
    const parts = value.split(/[,;]/).map((p) => p.trim());
    if (parts.length === 0 || parts.some((p) => p === '')) return notRate;
    tiers = [];
    for (const part of parts) {
      const m = /^(\d+(?:\.\d+)?)\s*(?:[x×*]\s*(\d+))?$/i.exec(part);
      if (!m) return notRate;
      const days = m[2] == null ? null : Number(m[2]);
      if (days === 0) return notRate;
      tiers.push({ rate: Number(m[1]), days });
    }
    // Only the last tier may be open-ended; a closed last tier runs on at its rate.
    if (tiers.slice(0, -1).some((t) => t.days == null)) return notRate;
    tiers[tiers.length - 1] = { ...tiers[tiers.length - 1]!, days: null };
  } else return notRate;
  if (tiers.length > MAX_TIERS)
    return `has ${tiers.length} tiers: write ${MAX_TIERS} at most (the last one runs on for ever)`;
  if (tiers.some((t) => !Number.isFinite(t.rate) || t.rate > MAX_DAILY_RATE))
    return `has a rate above 1,000,000 a day: write the rate per day, e.g. 150`;
  if (tiers.some((t) => t.days !== null && t.days > MAX_TIER_DAYS))
    return `has a tier longer than ${MAX_TIER_DAYS} days: write ${MAX_TIER_DAYS} days a tier at most`;
  return tiers;
}

function parseKind(value: unknown): MoneyKind | null {
  const t = text(value).toLowerCase();
  return (MONEY_KINDS as readonly string[]).includes(t) ? (t as MoneyKind) : null;
}

function parseFreeDays(value: unknown): number | string {
  if (value === '' || value == null) return 0;
  const n =
    typeof value === 'number' ? value : /^\s*\d+\s*$/.test(String(value)) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 0)
    return 'is not a whole number of days: write 0 or more, e.g. 4';
  return n <= MAX_FREE_DAYS
    ? n
    : `is more than a year: write ${MAX_FREE_DAYS} at most (days after the box went out)`;
}

function parseCounting(value: unknown): Counting | null {
  const t = text(value).toLowerCase();
  if (t === '' || t === 'calendar') return 'calendar';
  return t === 'business' || t === 'working' ? t : null;
}

function parseCurrency(value: unknown): string | null {
  // A date (Sheets reads "2026-01-01" or "1/1" as one) is not "blank, so USD".
  if (value instanceof Date) return null;
  const t = text(value).toUpperCase();
  if (t === '') return 'USD';
  return /^[A-Z]{3}$/.test(t) ? t : null;
}

type Cells = Partial<Record<FreeTimeHeader, unknown>>;

function readRule(row: number, cells: Cells): RuleRow {
  const kind = parseKind(cells.Kind);
  const carrier = text(cells.Carrier).toUpperCase() || null;
  const terminal = normalizeTerminal(text(cells.Terminal)) || null;
  const contract = normalizeContract(cells.Contract) || null;
  const equipment = parseEquipment(cells.Equipment);
  // An unreadable Equipment may have been meant for this box: it matches any and says why.
  const scope = {
    row,
    kind,
    carrier,
    terminal,
    equipment: typeof equipment === 'string' ? null : equipment,
    contract,
  };
  if (!kind) {
    const why =
      text(cells.Kind) === ''
        ? 'Kind is blank'
        : `Kind ${quoted(cells.Kind)} is not a kind of charge`;
    return { ...scope, problem: `${why}: write demurrage or detention` };
  }
  if (typeof equipment === 'string')
    return { ...scope, problem: `Equipment ${quoted(cells.Equipment)} ${equipment}` };
  const freeDays = parseFreeDays(cells['Free Days']);
  if (typeof freeDays === 'string')
    return { ...scope, problem: `Free Days ${quoted(cells['Free Days'])} ${freeDays}` };
  const counting = parseCounting(cells.Counting);
  if (!counting) {
    return {
      ...scope,
      problem: `Counting ${quoted(cells.Counting)} is not a way of counting days: write calendar, business or working`,
    };
  }
  const tiers = readTiers(cells['Daily Rates']);
  if (typeof tiers === 'string')
    return { ...scope, problem: `Daily Rates ${quoted(cells['Daily Rates'])} ${tiers}` };
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
  const note = header.findIndex((cell) => normalizeHeader(cell) === normalizeHeader(NOTE_HEADER));
  const rules: RuleRow[] = [];
  const examples: number[] = [];
  let unreadFrom: number | null = null;
  for (let i = 1; i < values.length; i++) {
    const line = values[i] ?? [];
    const cells: Cells = {};
    for (const [name, col] of columns) cells[name] = line[col];
    if (!Object.values(cells).some(filled)) continue;
    if (
      note >= 0 &&
      isExample(
        FREE_TIME_HEADERS.map((h) => cells[h]),
        line[note],
      )
    ) {
      if (examples.length < MAX_RULE_ROWS) examples.push(i + 1);
      continue;
    }
    if (rules.length === MAX_RULE_ROWS) {
      unreadFrom = i + 1;
      break;
    }
    rules.push(readRule(i + 1, cells));
  }
  return { rules, problem: null, unreadFrom, ...(examples.length > 0 ? { examples } : {}) };
}

/**
 * The first row from the top whose Kind is `kind` (or unreadable) and whose Carrier, Terminal,
 * Equipment and Contract match (blank, or a column the sheet lacks, matches any); null when none
 * does. A box whose equipment or contract is not known matches only rows that name none.
 */
export function ruleFor(
  terms: FreeTimeTerms,
  kind: MoneyKind,
  carrier: string | null,
  terminal: string | null,
  box: BoxScope = {},
): RuleRow | null {
  const scac = carrier ? carrier.trim().toUpperCase() : null;
  const place = terminal ? normalizeTerminal(terminal) : null;
  const contract = normalizeContract(box.contract) || null;
  const equipment = box.equipment ?? { type: null, length: null };
  return (
    terms.rules.find(
      (r) =>
        (r.kind === kind || r.kind === null) &&
        (r.carrier === null || r.carrier === scac) &&
        (r.terminal === null || r.terminal === place) &&
        (r.contract === null || r.contract === contract) &&
        equipmentMatches(r.equipment, equipment),
    ) ?? null
  );
}

/** What the cells of a box no rule read matches say, when rules were left unread. */
export const unreadRulesText = (row: number) =>
  `#Free Time row ${row}: only the first ${MAX_RULE_ROWS} rules are read, and none of them matches this box: move its rule higher up`;

/** What a broken rule's cells say. */
export const ruleProblemText = (r: BrokenRule) => `#Free Time row ${r.row}: ${r.problem}`;
export const termsProblemText = (terms: FreeTimeTerms) => `#${terms.problem ?? ''}`;
