// A facility's local time as text labelled with its zone (`2026-11-24 11:30 PST`): a Long Beach
// appointment at 11:30 must read 11:30 whatever zone the spreadsheet is in, and the label says
// which clock it is. Intl's short zone name is an abbreviation where the zone has a common one in
// English (PST, EST) and an offset otherwise (GMT+1, GMT+9).

import { isValidTimeZone, memoFormatter } from './timezone';

const formatter = memoFormatter({
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** The first valid IANA zone of the list, else UTC. */
export function zoneOrUtc(...zones: unknown[]): string {
  for (const z of zones) if (typeof z === 'string' && isValidTimeZone(z)) return z;
  return 'UTC';
}

export function localTimeText(instant: Date | number, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  const zone = timeZone === 'UTC' || timeZone === 'Etc/UTC' ? 'UTC' : parts.timeZoneName;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${zone}`;
}

const readable = memoFormatter({
  hourCycle: 'h23',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** A moment as people read it in messages, in a zone it names: `Nov 20, 2026 11:00 EST`. */
export function readableTimeText(instant: Date | number, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const p of readable(timeZone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  const zone = timeZone === 'UTC' || timeZone === 'Etc/UTC' ? 'UTC' : parts.timeZoneName;
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute} ${zone}`;
}

const clock = memoFormatter({ hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });

/**
 * `HH:MM` of an instant in a zone, rounded up to the minute (a wait "until 11:20" must not end
 * before the service's does), with `UTC` said when that is the zone.
 */
export function clockTimeText(instant: number, timeZone: string): string {
  const minute = Math.ceil(instant / 60_000) * 60_000;
  const parts: Record<string, string> = {};
  for (const p of clock(timeZone).formatToParts(new Date(minute))) parts[p.type] = p.value;
  const text = `${parts.hour}:${parts.minute}`;
  return timeZone === 'UTC' || timeZone === 'Etc/UTC' ? `${text} UTC` : text;
}
