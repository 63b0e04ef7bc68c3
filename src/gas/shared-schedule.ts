// The spreadsheet's one schedule, as every editor sees it. Installable triggers run as the account
// that created them and "a given account cannot see triggers installed from a second account"
// (installable triggers guide, Restrictions): from ScriptApp alone a second editor sees
// auto-refresh as off and would add a second schedule. So the schedule is also recorded in
// document properties, which every editor of the spreadsheet shares: who owns it (their e-mail to
// show, and a key that is theirs alone to compare), its interval, and when it last ran. One small
// value, rewritten in place: bounded whatever the spreadsheet's age.

import type { FailureStreak } from '../core/schedule-failures';
import { effectiveUserEmail } from './session';
import type { Widened } from './trigger-records';

export interface SharedSchedule {
  /** The owner's e-mail as Apps Script gave it (may be '' when Google withholds it). */
  owner: string;
  /** A random key kept in the owner's user properties: only the owner's executions read it. */
  ownerKey: string;
  minutes: number;
  /** ISO time the schedule was set. */
  since: string;
  /** ISO time of its last scheduled run that could record it. */
  lastRunAt?: string;
  /** Turned off by another editor because it had stopped running (its owner's trigger, if it
   * still exists, removes itself at its next run). */
  off?: { by: string; at: string };
  /** The add-in widened the interval to stay within the daily trigger time (what it said). */
  widened?: Widened;
  /** The owner's runs failing in a row, as the last run that had the document noted it. */
  failing?: FailureStreak;
  /**
   * The owner offered the schedule to another editor (handOverSchedule): it stays the owner's,
   * and keeps running, until that editor presses Take over. `to` is lower-cased.
   */
  handover?: { to: string; by: string; at: string };
}

const KEY = 'CT_SCHEDULE';
const USER_KEY = 'CT_USER_KEY';

function documentProperties(): GoogleAppsScript.Properties.Properties | null {
  return PropertiesService.getDocumentProperties();
}

/** The spreadsheet's schedule record; null when none (or no document in this execution). */
export function readSharedSchedule(): SharedSchedule | null {
  const raw = documentProperties()?.getProperty(KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as SharedSchedule;
    return typeof v.ownerKey === 'string' && typeof v.minutes === 'number' ? v : null;
  } catch {
    return null;
  }
}

export function writeSharedSchedule(schedule: SharedSchedule): void {
  documentProperties()?.setProperty(KEY, JSON.stringify(schedule));
}

export function clearSharedSchedule(): void {
  documentProperties()?.deleteProperty(KEY);
}

/** Whether this execution can read the document's record at all. */
export function hasSharedSchedule(): boolean {
  return documentProperties() !== null;
}

/** This user's own key (user properties are per user and per script: no other editor reads it). */
export function myUserKey(): string {
  const props = PropertiesService.getUserProperties();
  let key = props.getProperty(USER_KEY);
  if (!key) {
    key = Utilities.getUuid();
    props.setProperty(USER_KEY, key);
  }
  return key;
}

/** The e-mail of the account this execution runs as; '' when Google does not say. */
export const myEmail = effectiveUserEmail;

const HOUR = 60 * 60_000;

/**
 * A schedule that has not run for two intervals and two hours has stopped: its owner's trigger
 * was deleted by hand, or the owner lost access to the spreadsheet (a trigger that cannot open
 * its spreadsheet removes itself). `lastSeen` is its last recorded run, or any later refresh.
 * The owner is told sooner (`marginMs`): another editor may take a stale schedule over, the
 * owner is only warned.
 */
export function isStale(
  schedule: SharedSchedule,
  now: number,
  lastSeen: number | null,
  marginMs = 2 * HOUR,
): boolean {
  return now - lastRunOf(schedule, lastSeen) > 2 * schedule.minutes * 60_000 + marginMs;
}

/** When the schedule last ran as far as anyone recorded (its start counts as a run). */
export function lastRunOf(schedule: SharedSchedule, lastSeen: number | null = null): number {
  return Math.max(
    Date.parse(schedule.lastRunAt ?? '') || 0,
    Date.parse(schedule.since) || 0,
    lastSeen ?? 0,
  );
}
