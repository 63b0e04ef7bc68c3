// Which alerts a record's new snapshot raises (docs/reference.md#alerts).
//
// Two families:
// - state alerts (LFD due or passed, LFD within `alertLfdDays`, tracking request failed) hold as
//   long as their condition does, so they are raised once per record, kind and value: the keys
//   already raised travel with the record (`alerted`) and a key is dropped once its condition no
//   longer holds (a new LFD is a new value, and raises again);
// - change alerts (became ready, hold placed or released, LFD changed, ETA moved by more than a
//   day) come from the difference with what the add-in last knew, so they exist only once: the
//   next run compares with the new snapshot. A first sighting raises none (it is a baseline).
// Only a box still at its terminal warns about its LFD, readiness or holds (hasLeftTerminal in
// core/terminal-state.ts, the same predicate Attention and colours use).

import { holdNamesOf as names, INTERNAL, type Snapshot } from './change-snapshot';
import { calendarDayIn } from './timezone';

export const IMMEDIATE_KINDS = [
  'lfd-due',
  'return-due',
  'ready',
  'hold-placed',
  'request-failed',
] as const;
export const DIGEST_KINDS = [
  'lfd-soon',
  'return-soon',
  'lfd-changed',
  'hold-released',
  'eta-moved',
] as const;
export type AlertKind = (typeof IMMEDIATE_KINDS)[number] | (typeof DIGEST_KINDS)[number];

export const isImmediate = (kind: AlertKind): boolean =>
  (IMMEDIATE_KINDS as readonly string[]).includes(kind);

export interface Alert {
  number: string;
  kind: AlertKind;
  /** What the alert is about now: the LFD day, the hold's name, the new ETA, the failure. */
  value: string;
  /** The value before, for changes (LFD changed, ETA moved). */
  old?: string;
  /** A few words of context: `today`, `2 days overdue`, `in 2 days`, the holds as listed. */
  detail?: string;
  /** When the add-in saw it (epoch ms). */
  at: number;
}

export interface RuleContext {
  now: number;
  lfdDays: number;
}

const DAY_MS = 86_400_000;
const ETA_MOVE_MS = 24 * 3_600_000;

/** Whole days from today (at the facility) to the LFD day; null without an LFD. */
function daysToLfd(snapshot: Snapshot, now: number): { day: string; days: number } | null {
  return daysTo(snapshot[INTERNAL.lfd], now);
}

/** Whole days from today at a facility to a `YYYY-MM-DD@Zone` day; null without one. */
export function daysTo(raw: string | undefined, now: number): { day: string; days: number } | null {
  if (!raw) return null;
  const [day, zone] = raw.split('@');
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!m || !zone) return null;
  const today = calendarDayIn(now, zone);
  const lfd = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const days = Math.round((lfd - Date.UTC(today.year, today.month - 1, today.day)) / DAY_MS);
  return { day: day!, days };
}

/** `today`, `in 1 day`, `in 2 days`. */
export const inDays = (days: number) =>
  days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`;

export const dueText = (days: number) =>
  days === 0 ? 'today' : `${-days} day${days === -1 ? '' : 's'} overdue`;

/** The state alerts that hold for a snapshot now, each with its key. */
function stateAlerts(number: string, s: Snapshot, ctx: RuleContext): Alert[] {
  const out: Alert[] = [];
  const lfd = s[INTERNAL.atTerminal] === 'n' ? null : daysToLfd(s, ctx.now);
  if (lfd && lfd.days <= 0) {
    out.push({ number, kind: 'lfd-due', value: lfd.day, detail: dueText(lfd.days), at: ctx.now });
  } else if (lfd && lfd.days <= ctx.lfdDays) {
    out.push({ number, kind: 'lfd-soon', value: lfd.day, detail: inDays(lfd.days), at: ctx.now });
  }
  // Return By is a deadline like the LFD (a box out with its empty not back): at once when it has
  // passed, in the digest from `lfdDays` before.
  const back = daysTo(s[INTERNAL.returnBy], ctx.now);
  if (back && back.days < 0) {
    const late = -back.days;
    out.push({
      number,
      kind: 'return-due',
      value: back.day,
      detail: `${late} day${late === 1 ? '' : 's'} late`,
      at: ctx.now,
    });
  } else if (back && back.days <= ctx.lfdDays) {
    out.push({
      number,
      kind: 'return-soon',
      value: back.day,
      detail: inDays(back.days),
      at: ctx.now,
    });
  }
  const tracking = s.tracking ?? '';
  if (tracking.startsWith('failed')) {
    out.push({ number, kind: 'request-failed', value: tracking, at: ctx.now });
  }
  return out;
}

export const alertKey = (a: Pick<Alert, 'kind' | 'value'>): string => `${a.kind}:${a.value}`;

/** Alerts raised by what changed between the previous snapshot and the new one. */
function changeAlerts(number: string, prev: Snapshot, next: Snapshot, ctx: RuleContext): Alert[] {
  const out: Alert[] = [];
  const at = ctx.now;
  const stillThere = next[INTERNAL.atTerminal] !== 'n';
  const wasReady = prev.ready_for_pickup;
  if (stillThere && wasReady !== undefined && wasReady !== 'yes' && next.ready_for_pickup === 'yes')
    out.push({ number, kind: 'ready', value: 'ready for pickup', at });
  const before = prev[INTERNAL.holds];
  const after = next[INTERNAL.holds];
  // A hold on a box that has left the terminal (loaded, on rail, …) stops nobody's truck.
  if (stillThere && before !== undefined && after !== undefined) {
    const detail = next.holds ?? '';
    for (const name of names(after))
      if (!names(before).includes(name))
        out.push({ number, kind: 'hold-placed', value: name, detail, at });
    for (const name of names(before))
      if (!names(after).includes(name))
        out.push({ number, kind: 'hold-released', value: name, detail, at });
  }
  const oldLfd = prev[INTERNAL.lfd]?.split('@')[0];
  const newLfd = next[INTERNAL.lfd]?.split('@')[0];
  if (oldLfd && newLfd !== undefined && newLfd !== oldLfd && stillThere)
    out.push({ number, kind: 'lfd-changed', value: newLfd || 'none', old: oldLfd, at });
  const oldEta = Number(prev[INTERNAL.eta] || NaN);
  const newEta = Number(next[INTERNAL.eta] || NaN);
  if (
    Number.isFinite(oldEta) &&
    Number.isFinite(newEta) &&
    Math.abs(newEta - oldEta) > ETA_MOVE_MS
  ) {
    out.push({
      number,
      kind: 'eta-moved',
      value: next.pod_eta_at ?? '',
      old: prev.pod_eta_at ?? '',
      at,
    });
  }
  return out;
}

export interface RuleResult {
  /** Alerts to send (state alerts not raised before, and this observation's change alerts). */
  alerts: Alert[];
  /** The state-alert keys that hold now: what the record remembers as raised. */
  alerted: string[];
}

/**
 * `previous`: what the add-in last knew of the record (null: first sighting); `next`: the merged
 * snapshot now; `alerted`: the state-alert keys raised before.
 */
export function alertsFor(
  number: string,
  previous: Snapshot | null,
  next: Snapshot,
  alerted: readonly string[],
  ctx: RuleContext,
): RuleResult {
  const raised = new Set(alerted);
  const states = stateAlerts(number, next, ctx);
  const fresh = states.filter((a) => !raised.has(alertKey(a)));
  const changes = previous ? changeAlerts(number, previous, next, ctx) : [];
  return { alerts: [...fresh, ...changes], alerted: states.map(alertKey) };
}

const LFD_KINDS: readonly AlertKind[] = ['lfd-due', 'lfd-soon'];
const RETURN_KINDS: readonly AlertKind[] = ['return-due', 'return-soon'];

/**
 * A deadline alert as it stands now (docs/reference.md, "Alerts"): a digest line is computed when
 * it is sent, from the box's latest snapshot and its facility's today, never as it was when
 * raised. An LFD that moved reads as its new day, one now due moves to "today or passed", one
 * picked up or moved beyond the warning window is left out (null). Other alerts, and a box with
 * no snapshot to read, stay as raised.
 */
export function restate(a: Alert, s: Snapshot | undefined, ctx: RuleContext): Alert | null {
  const lfd = LFD_KINDS.includes(a.kind);
  if ((!lfd && !RETURN_KINDS.includes(a.kind)) || !s) return a;
  if (lfd && s[INTERNAL.atTerminal] === 'n') return null;
  const raw = lfd ? s[INTERNAL.lfd] : s[INTERNAL.returnBy];
  if (raw === undefined) return a;
  const due = daysTo(raw, ctx.now);
  if (!due) return null;
  const late = lfd ? due.days <= 0 : due.days < 0;
  if (late) {
    const detail = lfd ? dueText(due.days) : `${-due.days} day${due.days === -1 ? '' : 's'} late`;
    return { ...a, kind: lfd ? 'lfd-due' : 'return-due', value: due.day, detail };
  }
  if (due.days > ctx.lfdDays) return null;
  return { ...a, kind: lfd ? 'lfd-soon' : 'return-soon', value: due.day, detail: inDays(due.days) };
}
