// The dates a dispute is argued with, for one box (docs/reference.md#evidence): discharge, the
// service's availability events, when the add-in first saw it available, every value each LFD
// source has had and when the add-in first saw it, each hold placed and released, the
// appointment, full-out, empty return and Return By, and where the add-in's knowledge starts.
// Facility times are written in their facility's zone, labelled; times the add-in saw something
// are written in the spreadsheet's zone, labelled too.

import { isUnreadable } from './attribute-values';
import { activeHolds, parseHolds, valuesSeen, type BoxHistory } from './box-history';
import type { Box, FacilityTime } from './box';
import type { Snapshot } from './change-snapshot';
import { firstSeenAvailable } from './evidence-availability';
import { localTimeText } from './local-time';
import { dayOfSerial } from './timezone';
import type { ContainerMoney } from './money';
import type { TerminalHold } from './model';
import type { TimelineEvent } from './timeline';

export interface DateFact {
  label: string;
  value: string;
  note: string;
}

/** Values of one source or holds listed at most: a box whose LFD moved 20 times is a story told. */
export const MAX_VALUES_LISTED = 20;

const LFD_SOURCES = [
  ['terminal', 'pickup_lfd_terminal'],
  ['line', 'pickup_lfd_line'],
  ['rail', 'pickup_lfd_rail'],
  ['pickup (coalesced)', 'pickup_lfd'],
] as const;

const serialText = (serial: number) => {
  const d = dayOfSerial(serial);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
};

function facility(t: FacilityTime): string {
  if (isUnreadable(t.at)) return 'unreadable in the service’s answer';
  return t.at ? localTimeText(t.at, t.zone) : '';
}

interface Context {
  box: Box;
  current: Snapshot;
  history: BoxHistory;
  events: readonly TimelineEvent[];
  money: ContainerMoney;
  sheetZone: string;
  now: number;
}

function seenText(c: Context, at: number | null): string {
  if (at === null) return 'not in the Change Log';
  if (at === c.now) return 'first seen by this evidence (not yet in the Change Log)';
  const first = c.history.firstSeen !== null && at === c.history.firstSeen;
  return `${first ? 'first look, ' : ''}seen ${localTimeText(at, c.sheetZone)}`;
}

/** Every value a field had, with when first seen; the current one too when the log lags it. */
function seenValues(c: Context, field: string): { value: string; seen: number | null }[] {
  const current = c.current[field] ?? '';
  const values = valuesSeen(c.history, field, current);
  if (c.history.firstSeen !== null && values[values.length - 1]!.value !== current)
    values.push({ value: current, seen: c.now });
  return values.slice(-MAX_VALUES_LISTED);
}

function lfdFacts(c: Context): DateFact[] {
  return LFD_SOURCES.flatMap(([name, field]) =>
    seenValues(c, field)
      .filter((v) => v.value !== '')
      .map((v) => ({ label: `LFD, ${name}`, value: v.value, note: seenText(c, v.seen) })),
  );
}

const holdText = (h: TerminalHold, status = true) =>
  `${h.name}${status ? `: ${h.status}` : ''}${h.description ? ` (${h.description})` : ''}`;

function holdFacts(c: Context): DateFact[] {
  const facts: DateFact[] = [];
  let before: TerminalHold[] = [];
  for (const [i, v] of seenValues(c, 'holds').entries()) {
    const holds = parseHolds(v.value);
    if (holds === null) {
      facts.push({ label: 'Holds', value: v.value, note: seenText(c, v.seen) });
      continue;
    }
    const active = activeHolds(holds);
    const wasActive = new Set(activeHolds(before).map((h) => h.name));
    const isActive = new Set(active.map((h) => h.name));
    for (const h of active)
      if (!wasActive.has(h.name))
        facts.push({
          label: i === 0 && v.seen === c.history.firstSeen ? 'Hold, at first look' : 'Hold placed',
          value: holdText(h),
          note: seenText(c, v.seen),
        });
    for (const h of activeHolds(before))
      if (!isActive.has(h.name))
        facts.push({
          label: 'Hold released',
          value: holdText(h, false),
          note: seenText(c, v.seen),
        });
    before = holds;
  }
  return facts.slice(-2 * MAX_VALUES_LISTED);
}

function availabilityFacts(c: Context): DateFact[] {
  const facts: DateFact[] = c.events
    .filter((e) => /\.(not_)?available$/.test(e.event) && e.time !== '')
    .slice(-MAX_VALUES_LISTED)
    .map((e) => ({ label: e.label, value: e.time, note: 'the service’s transport event' }));
  const seen = firstSeenAvailable(c.history, c.current.available_for_pickup ?? '');
  facts.push({
    label: 'Seen available by the add-in',
    value: seen === null ? 'never' : localTimeText(seen, c.sheetZone),
    note: seen === null ? 'no look of the add-in saw it available' : 'the Change Log',
  });
  return facts;
}

function knowledge(c: Context): DateFact {
  const { firstSeen, firstSeenRecorded } = c.history;
  if (firstSeen === null)
    return {
      label: 'The add-in’s knowledge starts',
      value: 'no record',
      note: 'the Change Log holds no row for this box: every day rests on the service’s timestamps alone',
    };
  return {
    label: 'The add-in’s knowledge starts',
    value: localTimeText(firstSeen, c.sheetZone),
    note: firstSeenRecorded
      ? 'its first look (first_seen in the Change Log): days before it rest on the service’s timestamps alone'
      : 'its earliest Change Log row (first seen at sea, or the log was trimmed): days before it rest on the service’s timestamps alone',
  };
}

export function evidenceDates(c: Context): DateFact[] {
  const { box } = c;
  const discharged = box.attributes.pod_discharged_at;
  const dischargedText = facility({
    at: typeof discharged === 'string' ? new Date(discharged) : null,
    zone: box.zones.pod,
  });
  const returnBy =
    typeof c.money.returnBy === 'number'
      ? serialText(c.money.returnBy)
      : (c.money.returnBy ?? 'not known yet');
  const appointments = seenValues(c, 'pickup_appointment_at').filter((v) => v.value !== '');
  return [
    { label: 'Discharged', value: dischargedText || 'not reported', note: 'the service' },
    ...availabilityFacts(c),
    ...lfdFacts(c),
    ...holdFacts(c),
    ...(appointments.length > 0
      ? appointments.map((v) => ({
          label: 'Pickup appointment',
          value: v.value,
          note: seenText(c, v.seen),
        }))
      : [{ label: 'Pickup appointment', value: 'none reported', note: 'the service' }]),
    {
      label: 'Picked up (full-out)',
      value: facility(box.pickedUp) || 'not yet',
      note: 'the service',
    },
    {
      label: 'Empty returned',
      value: facility(box.emptyReturned) || 'not yet',
      note: 'the service',
    },
    { label: 'Return By', value: returnBy, note: 'Free Time terms (as the Tracking sheet)' },
    knowledge(c),
  ];
}
