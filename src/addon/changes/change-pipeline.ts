// The one change pipeline (ENGINEERING.md): every source of fresh data (the refresh, the
// sidebar, push updates) hands "this record is now X" here. Per run it compares each record's
// snapshot (core/change-snapshot.ts) with what the add-in last knew (change-state-sheet.ts),
// appends the differences to the Change Log in ONE append (with any other rows of the run, such
// as the ref-number sync's), raises alerts (core/alert-rules.ts) into the alert queue
// (engine/alert-queue.ts), and sends what is due (alert-delivery.ts).
//
// A lost baseline never floods: the number of records the state sheet held is kept in
// properties; when the sheet is gone or holds fewer rows than that (a person deleted it or rows
// of it), the records without a row are taken as known, not new: their state alerts count as
// raised and nothing is sent or logged for them in that run. A record seen for the first time
// is a baseline (no Change Log row, no change alert); only its state alerts (an LFD due today)
// are raised, once.
//
// Under the document lock: a push and a refresh observing the same change must not both see it
// as new. Without the lock in time the run leaves everything as it was: the next run sees the
// same differences and records them then (only the extra rows are appended at once).

import { alertsFor, type Alert } from '../../core/alert-rules';
import { readBox } from '../../core/box';
import {
  boxSnapshot,
  diffSnapshots,
  INTERNAL,
  mergeSnapshots,
  requestSnapshot,
  shipmentSnapshot,
  type Snapshot,
} from '../../core/change-snapshot';
import { FIRST_SEEN_FIELD, firstSeenText, worthFirstSeen } from '../../core/box-history';
import { toAppError } from '../../core/errors';
import type { ContainerRecord, ShipmentRecord } from '../../core/model';
import type { Settings } from '../../core/settings';
import { AlertQueue, type AlertState } from '../../engine/alert-queue';
import { alertMemory } from '../../engine/alert-memory';
import type { Execution } from '../../execution/execution';
import { mailApp, type MailPort } from '../../gas/mail';
import type { MoneyAtRisk } from '../../core/pull-list';
import { deliverAlerts, type DeliveryContext } from './alert-delivery';
import { appendChanges, type Change, type ChangeSource } from './change-log';
import { readState, writeState, type KnownRecord } from './change-state-sheet';

export type Observation =
  | {
      kind: 'container';
      container: ContainerRecord;
      /** undefined: the answer did not include it (its fields stay as known). */
      shipment: ShipmentRecord | null | undefined;
    }
  | { kind: 'shipment'; number: string; shipment: ShipmentRecord }
  | { kind: 'request'; number: string; tracking: string };

/**
 * Records the state sheet held at the last write (`{rows, lostSince}`): tells a lost baseline
 * from a new sheet. While the sheet holds fewer, records without a row are not news; that lasts
 * until the rows are back (a listing spread over runs rebuilds them in a few runs) or LOST_GRACE_MS
 * has passed (numbers removed from the sheet meanwhile never come back).
 */
const ROWS_MARKER = 'CT_CHANGE_ROWS';
const LOST_GRACE_MS = 3 * 86_400_000;

interface RowsMarker {
  rows: number;
  lostSince: number | null;
}

function readMarker(raw: string | undefined): RowsMarker {
  try {
    const v = JSON.parse(raw ?? '') as Partial<RowsMarker>;
    return {
      rows: typeof v.rows === 'number' ? v.rows : 0,
      lostSince: typeof v.lostSince === 'number' ? v.lostSince : null,
    };
  } catch {
    return { rows: 0, lostSince: null };
  }
}
/** A record's `Seen` is rewritten at most this often when nothing else about it changed. */
const SEEN_REFRESH_MS = 86_400_000;
const LOCK_WAIT_MS = 10_000;

/** `now`: the run's moment, so the snapshot reads the box the run's rows and money read. */
export function snapshotOf(o: Observation, now: number): { number: string; snapshot: Snapshot } {
  switch (o.kind) {
    case 'container':
      return {
        number: o.container.attributes.number,
        snapshot: boxSnapshot(readBox(o.container, o.shipment, now)),
      };
    case 'shipment':
      return { number: o.number, snapshot: shipmentSnapshot(o.shipment) };
    case 'request':
      return { number: o.number, snapshot: requestSnapshot(o.tracking) };
  }
}

export interface ChangeOutcome {
  changes: number;
  alerts: number;
  /** Why this run's changes were not recorded (they are, at the next run). */
  error: string | null;
}

export class ChangeRun {
  private readonly observed = new Map<string, Snapshot>();
  /** The numbers observed as containers: their first look gets a `first_seen` row. */
  private readonly boxes = new Set<string>();
  private readonly extra: Change[] = [];
  private atRisk: readonly MoneyAtRisk[] | undefined;

  constructor(
    private readonly ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
    private readonly run: Execution,
    private readonly source: ChangeSource,
    private readonly now: number,
    private readonly mail: MailPort = mailApp,
  ) {}

  /**
   * Takes this run's records; several snapshots of one number are merged (last wins).
   * `returnBy`: the Return By of each box the run priced (row-writes.ts, MoneyRun).
   */
  observe(
    observations: Iterable<Observation>,
    returnBy: ReadonlyMap<string, string> = new Map(),
  ): void {
    for (const o of observations) {
      const { number, snapshot } = snapshotOf(o, this.now);
      if (o.kind === 'container') this.boxes.add(number);
      const due = o.kind === 'container' ? returnBy.get(number) : undefined;
      if (due !== undefined) snapshot[INTERNAL.returnBy] = due;
      this.observed.set(number, mergeSnapshots(this.observed.get(number) ?? null, snapshot));
    }
  }

  /** What tomorrow adds per currency (the refresh's money step), for the digest. */
  moneyAtRisk(risk: readonly MoneyAtRisk[]): void {
    this.atRisk = risk;
  }

  /** Rows another step of the run decided on (the ref-number sync), for the one append. */
  readonly log = (changes: readonly Change[]): void => {
    this.extra.push(...changes);
  };

  /**
   * Diffs, logs, raises and sends. Never throws: the step that called it has done its work, and
   * what this run could not record the next run sees as a difference again.
   */
  finish(): ChangeOutcome {
    try {
      if (!this.run.lock.tryLock(LOCK_WAIT_MS)) {
        appendChanges(this.ss, this.extra);
        return { changes: this.extra.length, alerts: 0, error: null };
      }
      try {
        return { ...this.record(), error: null };
      } finally {
        this.run.lock.release();
      }
    } catch (e) {
      return { changes: 0, alerts: 0, error: toAppError(e).message };
    }
  }

  private record(): Omit<ChangeOutcome, 'error'> {
    const props = this.run.stores.state();
    const all = props.getAll();
    const settings = this.run.settings();
    const alertsOn = settings.alertRecipients !== '';
    const read = readState(this.ss);
    const marker = readMarker(all[ROWS_MARKER]);
    const lostBaseline =
      marker.rows > read.records.size &&
      (marker.lostSince === null || this.now - marker.lostSince < LOST_GRACE_MS);
    const next = new Map<string, KnownRecord>(read.records);
    const changed = new Set<string>();
    const rows: Change[] = [];
    const alerts: Alert[] = [];
    const time = new Date(this.now);
    const ctx = { now: this.now, lfdDays: settings.alertLfdDays };

    for (const [number, snapshot] of this.observed) {
      const known = read.records.get(number) ?? null;
      const merged = mergeSnapshots(known?.snapshot ?? null, snapshot);
      if (known) {
        for (const d of diffSnapshots(known.snapshot, snapshot))
          rows.push({ time, number, field: d.field, old: d.old, new: d.new, source: this.source });
      }
      // The box's first look (a number known only as a tracking request had none): when the
      // add-in's knowledge starts, for the evidence of a dispute. A lost baseline is no first
      // look; a box still at sea needs none (its arrival's change rows come before any charge).
      const firstLook = known ? known.snapshot.current_status === undefined : !lostBaseline;
      if (firstLook && this.boxes.has(number) && worthFirstSeen(merged)) {
        const seen = firstSeenText(merged);
        rows.push({
          time,
          number,
          field: FIRST_SEEN_FIELD,
          old: '',
          new: seen,
          source: this.source,
        });
      }
      const result = alertsFor(number, known?.snapshot ?? null, merged, known?.alerted ?? [], ctx);
      // Alerts off: nothing is raised, so turning them on later reports what holds then.
      let alerted = alertsOn ? result.alerted : (known?.alerted ?? []);
      if (alertsOn && !(lostBaseline && !known)) alerts.push(...result.alerts);
      if (lostBaseline && !known) alerted = result.alerted;
      const record = { number, seen: this.now, snapshot: merged, alerted };
      const same =
        known &&
        JSON.stringify(known.snapshot) === JSON.stringify(merged) &&
        JSON.stringify(known.alerted) === JSON.stringify(alerted) &&
        this.now - known.seen < SEEN_REFRESH_MS;
      if (same) continue;
      next.set(number, record);
      changed.add(number);
    }

    // The alerts are queued (and remembered) before anything else is written: a run cut off
    // after this save raises nothing twice, and one cut off before it raises them again.
    const queue = new AlertQueue(props);
    const before = queue.load(all);
    const queued = alertsOn ? queueNew(before, alerts, this.now) : before;
    let saved = all;
    let savedState = before;
    const save = (s: AlertState) => {
      if (JSON.stringify(s) === JSON.stringify(savedState)) return;
      saved = queue.save(s, saved);
      savedState = s;
    };
    save(queued);

    const held = writeState(this.ss, read, next, changed, this.now);
    const nextMarker: RowsMarker =
      lostBaseline && held < marker.rows
        ? { rows: marker.rows, lostSince: marker.lostSince ?? this.now }
        : { rows: held, lostSince: null };
    const markerText = JSON.stringify(nextMarker);
    if (markerText !== all[ROWS_MARKER]) props.setAll({ [ROWS_MARKER]: markerText });
    appendChanges(this.ss, [...this.extra, ...rows]);

    if (alertsOn) {
      save(
        deliverAlerts(
          queued,
          deliveryContext(
            this.ss,
            settings,
            this.mail,
            this.now,
            save,
            this.source === 'push',
            this.atRisk,
            (n) => next.get(n)?.snapshot,
          ),
        ),
      );
    }
    return {
      changes: this.extra.length + rows.length,
      alerts: queued.pending.length - before.pending.length,
    };
  }
}

/**
 * Adds the alerts not raised for the same container, kind and value in the last 7 days (nor
 * waiting already), and remembers them.
 */
export function queueNew(state: AlertState, alerts: readonly Alert[], now: number): AlertState {
  const memory = alertMemory(state.raised, now);
  const waiting = new Set(state.pending.map(alertKeyOf));
  const fresh: Alert[] = [];
  for (const a of alerts) {
    if (memory.has(a) || waiting.has(alertKeyOf(a))) continue;
    memory.add(a);
    waiting.add(alertKeyOf(a));
    fresh.push(a);
  }
  const raised = memory.text();
  if (fresh.length === 0 && raised === state.raised) return state;
  return { ...state, pending: [...state.pending, ...fresh], raised };
}

const alertKeyOf = (a: Alert) => `${a.number}|${a.kind}|${a.value}`;

/** The spreadsheet's name, address and zone are read only when an email needs them. */
export function deliveryContext(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  settings: Settings,
  mail: MailPort,
  now: number,
  save: (state: AlertState) => void,
  fromPush = false,
  moneyAtRisk?: readonly MoneyAtRisk[],
  current?: (number: string) => Snapshot | undefined,
): DeliveryContext {
  let zone: string | null = null;
  return {
    settings,
    mail,
    now,
    save,
    fromPush,
    ...(moneyAtRisk ? { moneyAtRisk } : {}),
    ...(current ? { current } : {}),
    get spreadsheetName() {
      return ss.getName();
    },
    get spreadsheetUrl() {
      return ss.getUrl();
    },
    get timeZone() {
      return (zone ??= ss.getSpreadsheetTimeZone());
    },
  };
}

/** A sidebar look-up or edit: one observation, recorded at once. */
export function observeNow(
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet,
  run: Execution,
  observations: Iterable<Observation>,
  source: ChangeSource,
  now: number,
  extra: readonly Change[] = [],
): ChangeOutcome {
  const changes = new ChangeRun(ss, run, source, now);
  changes.observe(observations);
  changes.log(extra);
  return changes.finish();
}
