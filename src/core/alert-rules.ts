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

export const IMMEDIATE_KINDS = ['lfd-due', 'ready', 'hold-placed', 'request-failed'] as const;
export const DIGEST_KINDS = ['lfd-soon', 'lfd-changed', 'hold-released', 'eta-moved'] as const;
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
  const raw = snapshot[INTERNAL.lfd];
  if (!raw) return null;
  const [day, zone] = raw.split('@');
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!m || !zone) return null;
  const today = calendarDayIn(now, zone);
  const lfd = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const days = Math.round((lfd - Date.UTC(today.year, today.month - 1, today.day)) / DAY_MS);
  return { day: day!, days };
}

const dueText = (days: number) =>
  days === 0 ? 'today' : `${-days} day${days === -1 ? '' : 's'} overdue`;

/** The state alerts that hold for a snapshot now, each with its key. */
function stateAlerts(number: string, s: Snapshot, ctx: RuleContext): Alert[] {
  const out: Alert[] = [];
  const lfd = s[INTERNAL.atTerminal] === 'n' ? null : daysToLfd(s, ctx.now);
  if (lfd && lfd.days <= 0) {
    out.push({ number, kind: 'lfd-due', value: lfd.day, detail: dueText(lfd.days), at: ctx.now });
  } else if (lfd && lfd.days <= ctx.lfdDays) {
    out.push({
      number,
      kind: 'lfd-soon',
      value: lfd.day,
      detail: `in ${lfd.days} day${lfd.days === 1 ? '' : 's'}`,
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
