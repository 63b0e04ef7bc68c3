// Scheduled runs failing in a row (docs/reference.md#schedule-failures). Google runs a trigger
// whatever its last runs did, and a failing one fails quietly: nobody is at the sheet. After three
// failures in a row (the key rejected, a daily quota used up, the service down) the schedule's
// owner gets one email saying what failed and what to do; Diagnostics shows the same; no second
// email until a run succeeds. The schedule keeps its interval: the next run may well work. Pure:
// the records and the sending are the schedule's (src/addon/schedule/run-record.ts).

import type { ErrorKind } from './errors';
import { PRODUCT_NAME } from './product';
import { redact } from './redact';

/** Failed scheduled runs in a row before the owner is told. */
export const FAILURES_BEFORE_EMAIL = 3;
const MAX_MESSAGE = 300;

export type FailureKind = 'key' | 'quota' | 'service' | 'permission' | 'other';

export interface FailureStreak {
  /** Failed runs in a row. */
  count: number;
  /** ISO time of the first and of the last failure of the streak. */
  since: string;
  lastAt: string;
  kind: FailureKind;
  /** The last failure's message (redacted, bounded). */
  message: string;
  /** ISO time the owner was emailed about this streak. */
  emailedAt?: string;
  /** Why the email could not be sent (a permission not granted, the mail quota, no address). */
  emailProblem?: string;
}

export function failureKindOf(kind: ErrorKind | null | undefined): FailureKind {
  switch (kind) {
    case 'auth':
    case 'config':
      return 'key';
    case 'quota':
      return 'quota';
    case 'upstream':
    case 'connection':
    case 'rate-limit':
      return 'service';
    case 'permission':
      return 'permission';
    default:
      return 'other';
  }
}

/** The streak after a failed run (a new one when there was none). */
export function failedAgain(
  previous: FailureStreak | undefined,
  failure: { kind: ErrorKind | null; message: string },
  at: string,
): FailureStreak {
  const message = redact(failure.message).slice(0, MAX_MESSAGE);
  const kind = failureKindOf(failure.kind);
  if (!previous) return { count: 1, since: at, lastAt: at, kind, message };
  return { ...previous, count: previous.count + 1, lastAt: at, kind, message };
}

/** Whether this streak's email is due: the third failure in a row, and none sent yet. */
export function emailDue(streak: FailureStreak): boolean {
  return streak.count >= FAILURES_BEFORE_EMAIL && !streak.emailedAt;
}

const WHAT_FAILED: Record<FailureKind, string> = {
  key: 'the tracking service rejected the API key (or none is set)',
  quota: "a daily Apps Script quota of the schedule's owner is used up",
  service: 'the tracking service did not answer, or answered with errors',
  permission: 'a permission the refresh needs is not granted',
  other: 'the refresh stopped with an error',
};

const WHAT_TO_DO: Record<FailureKind, string> = {
  key:
    `Open the spreadsheet, then Extensions → ${PRODUCT_NAME} → Settings: paste a valid API key and ` +
    'Test connection. Turning auto-refresh off and on again there renews the copy the schedule uses.',
  quota:
    'Nothing is lost: the quota frees within 24 hours. If it happens often, choose a longer ' +
    'auto-refresh interval, or fewer spreadsheets on your schedules (Settings → Schedules).',
  service:
    'Usually nothing: the schedule keeps trying at its interval. If it lasts, check the service ' +
    'status, and whether other spreadsheets on the same key use up its 100 requests a minute.',
  permission: 'Open the spreadsheet and the sidebar: it says which permission to grant and where.',
  other:
    'Open the spreadsheet: Refresh now shows the error, and Diagnostics what the add-in knows.',
};

/** The streak in one sentence, for Diagnostics and Settings → Schedules. */
export function streakText(streak: FailureStreak): string {
  const mail = streak.emailedAt
    ? ` You were emailed at ${streak.emailedAt}; no further email until a run succeeds.`
    : streak.emailProblem
      ? ` No email could be sent: ${streak.emailProblem}`
      : '';
  return (
    `The last ${streak.count} scheduled runs failed (since ${streak.since}): ` +
    `${WHAT_FAILED[streak.kind]} (${streak.message}). ${WHAT_TO_DO[streak.kind]}${mail}`
  );
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The one email of a streak: what failed, since when, what to do, and that no more will come. */
export function failureEmail(
  streak: FailureStreak,
  spreadsheet: { name: string; url: string },
  product: string,
): { subject: string; body: string; htmlBody: string } {
  const name = spreadsheet.name.slice(0, 120);
  const lines = [
    `The scheduled refresh of "${name}" failed ${streak.count} times in a row, since ${streak.since}.`,
    '',
    `What failed: ${WHAT_FAILED[streak.kind]}.`,
    `Last error: ${redact(streak.message)}`,
    '',
    `What to do: ${WHAT_TO_DO[streak.kind]}`,
    '',
    spreadsheet.url,
    '',
    'The schedule keeps its interval and keeps trying. This is the only email about it until a ' +
      'run succeeds.',
    `Sent by ${product} to the account the schedule runs as.`,
  ];
  const body = lines.join('\n');
  const htmlBody = lines
    .filter((l) => l !== '')
    .map((l) =>
      l === spreadsheet.url
        ? `<p><a href="${escapeHtml(l)}">${escapeHtml(name)}</a></p>`
        : `<p>${escapeHtml(l)}</p>`,
    )
    .join('');
  return {
    subject: `${product}: the scheduled refresh of "${name}" keeps failing`.slice(0, 250),
    body,
    htmlBody,
  };
}
