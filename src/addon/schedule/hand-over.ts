// Handing a schedule to another editor (docs/reference.md#hand-over). A trigger runs as the account
// that made it, and only that account sees or deletes it (installable triggers guide), so a
// schedule cannot be moved: the owner offers it (handOverSchedule, recorded in the shared
// schedule every editor reads), and the other editor's Take over (takeOverSchedule) makes a
// trigger of their own at the same interval and becomes the owner at once. The old trigger sees
// at its next run that the schedule is no longer its owner's and deletes itself. Take over also
// works, without an offer, on a schedule that stopped running (as turning auto-refresh on does).

import { AppError } from '../../core/errors';
import { DEPLOYMENT } from '../../core/deployment';
import { requirePermission } from '../../gas/authorization';
import {
  myEmail,
  myUserKey,
  readSharedSchedule,
  writeSharedSchedule,
} from '../../gas/shared-schedule';
import { getAutoRefresh, installSchedule, activeSpreadsheetId } from './auto-refresh';
import { intervalChoices } from './refresh-intervals';
import { ownedTriggers } from './refresh-triggers';
import { handedToMe, othersLiveSchedule, stateOf, type AutoRefreshState } from './schedule-view';
import { intervalLabel, who } from './schedule-wording';

/** An email address as people type one; at most 254 characters (RFC 5321's path limit). */
const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

function recipientOf(input: unknown): string {
  const raw = input && typeof input === 'object' ? (input as { to?: unknown }).to : input;
  const to = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (to === '' || to.length > 254 || !EMAIL.test(to)) {
    const shown =
      typeof raw === 'string' && raw.trim() !== '' ? `"${raw.trim().slice(0, 60)}" ` : '';
    throw new AppError(
      'input',
      `Hand over to: ${shown}is not an email address. Type the email of another editor of this spreadsheet, like ana@example.com.`,
    );
  }
  return to;
}

/**
 * The owner offers this spreadsheet's schedule to another editor (`to`, their email). Nothing
 * changes until that editor presses Take over: the schedule stays the owner's and keeps running.
 * A second offer replaces the first.
 */
export function handOverSchedule(input: unknown): AutoRefreshState {
  requirePermission('auto-refresh');
  const to = recipientOf(input);
  const spreadsheetId = activeSpreadsheetId();
  const shared = readSharedSchedule();
  const mine =
    shared !== null && !shared.off && shared.ownerKey === myUserKey()
      ? ownedTriggers(spreadsheetId).mine.length > 0
      : false;
  if (!shared || shared.off || (!mine && shared.ownerKey === myUserKey())) {
    throw new AppError(
      'config',
      'Auto-refresh is off in this spreadsheet: there is no schedule to hand over. The other editor can turn it on themselves (Settings → Auto-refresh), and it runs as them.',
    );
  }
  if (!mine) {
    throw new AppError(
      'config',
      `Only the schedule's owner can hand it over: it runs as ${who(shared)}. Ask them, or press Take over if it was handed to you.`,
    );
  }
  const me = myEmail().trim().toLowerCase();
  if (me !== '' && to === me) {
    throw new AppError(
      'input',
      'That is your own address: type the email of the editor who should run the schedule.',
    );
  }
  writeSharedSchedule({ ...shared, handover: { to, by: myEmail(), at: new Date().toISOString() } });
  return getAutoRefresh();
}

/** The interval to keep: the owner's, or the nearest this build allows (an add-on: hourly). */
function keptInterval(minutes: number): number {
  const choices = intervalChoices(DEPLOYMENT);
  return (choices.find((c) => c.minutes >= minutes) ?? choices[choices.length - 1]!).minutes;
}

/**
 * This editor takes the spreadsheet's schedule: one handed over to them, or one that stopped
 * running. It becomes theirs at once (their trigger, their trigger time); the previous owner's
 * trigger deletes itself at its next run.
 */
export function takeOverSchedule(): AutoRefreshState {
  requirePermission('auto-refresh');
  const spreadsheetId = activeSpreadsheetId();
  const shared = readSharedSchedule();
  if (!shared || shared.off) {
    throw new AppError(
      'config',
      'Auto-refresh is off in this spreadsheet: there is nothing to take over. Turn it on (Settings → Auto-refresh) and it runs as you.',
    );
  }
  if (shared.ownerKey === myUserKey() && ownedTriggers(spreadsheetId).mine.length > 0) {
    return getAutoRefresh(); // already yours
  }
  const stopped = othersLiveSchedule(shared) === null;
  if (!handedToMe(shared) && !stopped) {
    const me =
      myEmail() === ''
        ? ' (Google did not give this account’s email address, so an offer cannot be matched to you)'
        : '';
    throw new AppError(
      'config',
      `This schedule runs as ${who(shared)}${me}. Ask them to hand it over to you (Settings → Auto-refresh → Hand over); if it stops running you can take it over here.`,
    );
  }
  const minutes = keptInterval(shared.minutes > 0 ? shared.minutes : 60);
  const { created, record } = installSchedule(spreadsheetId, minutes);
  return stateOf(
    created,
    record,
    `You took over auto-refresh from ${who(shared)}: it now runs as you, every ${intervalLabel(minutes)}. ` +
      'Their trigger deletes itself at its next run.',
  );
}
