// Pure text helpers for what the sidebar shows (no DOM: unit-tested in Node).

import type { AlertStatus } from '../../addon/changes/alerts-api';
import type { ScheduleEntry } from '../../addon/schedule/schedules-list';
import type { PublicSettings } from '../../core/settings';
import { MAX_UPLOAD_TEXT } from '../../core/upload-limits';

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * An ISO date-time from the server as a short date on the browser's clock, ending in that clock's
 * zone (`23 Nov 2026, 13:00 CET`): the sheet writes facility times with their zones, so a time
 * without one would be read as one of them. The raw text when it is not a date-time.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Date(time).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** An ISO instant as `23 Nov, 07:00 EST` on the clock of `timeZone` (the spreadsheet's). */
export function formatInZone(iso: string, timeZone: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  let zone: string | undefined = timeZone;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone }); // throws on an unknown zone
  } catch {
    zone = undefined; // an unknown zone: the browser's, named as such below
  }
  const at = new Date(time);
  // The zone's name as the sheet writes facility times ("PST", "GMT+9"): en-US names.
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const text = at.toLocaleString('en-GB', { ...options, timeZone: zone });
  return name ? `${text} ${name}` : text;
}

/** What the alerts are doing, in a line: off, or the last and next digest, waiting alerts, quota. */
export function alertStateText(s: Omit<AlertStatus, 'recipients'>): string {
  if (!s.enabled) return 'Alerts are off.';
  const parts = [
    s.lastDigestAt
      ? `Last digest ${formatInZone(s.lastDigestAt, s.timeZone)}`
      : 'No digest sent yet',
  ];
  if (s.nextDigestAt) parts.push(`next ${formatInZone(s.nextDigestAt, s.timeZone)}`);
  parts.push(s.pending === 1 ? '1 alert waiting' : `${s.pending} alerts waiting`);
  if (s.quotaLeft !== null) parts.push(`${s.quotaLeft} email recipients left today`);
  const line = `${parts.join(' · ')}.`;
  return s.lastError ? `${line} Last problem: ${s.lastError}` : line;
}

const KIND_BY_MIME: [RegExp, string][] = [
  [/^application\/pdf$/i, 'PDF'],
  [/^image\/png$/i, 'PNG image'],
  [/^image\/jpe?g$/i, 'JPEG image'],
  [/^image\//i, 'Image'],
];

export function fileKind(mimeType: string): string {
  return KIND_BY_MIME.find(([pattern]) => pattern.test(mimeType))?.[1] ?? 'File';
}

export const REQUEST_TYPE_LABELS: Record<string, string> = {
  bill_of_lading: 'Bill of lading',
  booking_number: 'Booking number',
  container: 'Container',
};

/** Readable status of a tracking request, keeping the API's own word for searching. */
export function requestStatusText(status: string, failedReason: string | null): string {
  const explained: Record<string, string> = {
    pending: 'the service is looking it up with the carrier',
    awaiting_manifest: 'the carrier has not published the manifest yet',
    created: 'tracked',
    tracking_stopped: 'tracking stopped',
  };
  if (status === 'failed') return failedReason ? `failed: ${failedReason}` : 'failed';
  const more = explained[status];
  return more && more !== status ? `${status} (${more})` : status;
}

export function tooLargeMessage(name: string, bytes: number): string {
  return `"${name}" is ${formatBytes(bytes)}; files over ${MAX_UPLOAD_TEXT} cannot be attached. Make it smaller (e.g. compress the PDF) and try again.`;
}

/** What the Settings tab says about the key: never more than its last 4 characters. */
export function keyStateText(settings: PublicSettings): string {
  if (!settings.apiKeySet) return 'Not set yet.';
  return settings.apiKeyLast4 ? `Set, ends in ${settings.apiKeyLast4}.` : 'Set.';
}

export function intervalText(minutes: number | null): string {
  if (minutes === null) return 'so often';
  if (minutes % 60 === 0) return minutes === 60 ? 'hour' : `${minutes / 60} hours`;
  return minutes === 1 ? 'minute' : `${minutes} minutes`;
}

/** Only web links are followed; anything else from the server is refused. */
export function isWebLink(link: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const SCHEDULE_STATES: Record<ScheduleEntry['state'], string> = {
  waiting: 'set, not run yet',
  ok: 'running',
  failing: 'failing',
  late: 'not running',
  unreachable: 'cannot open the spreadsheet',
};

/** One schedule of Settings → Schedules, in words (its name is the link, shown apart). */
export function scheduleText(s: Omit<ScheduleEntry, 'name' | 'url' | 'spreadsheetId'>): string {
  const parts = [
    `every ${intervalText(s.minutes)}`,
    s.lastRun ? `last run ${formatDateTime(s.lastRun)}` : 'no run yet',
    s.nextRun && s.state !== 'late' && s.state !== 'unreachable'
      ? `next about ${formatDateTime(s.nextRun)}`
      : '',
    SCHEDULE_STATES[s.state],
  ].filter((p) => p !== '');
  const here = s.current ? ' (this spreadsheet)' : '';
  return `${parts.join(' · ')}${here}.${s.note ? ` ${s.note}` : ''}`;
}
