// Whether the script's time zone and the spreadsheet's can disagree, and what that means for the
// cells. Sheets turns a Date a custom function returns into a cell value in one of the two zones
// (it is not documented which; see core/lfd.ts), so when they differ:
// - LFD() is unaffected: it returns a day number, which has no zone;
// - date-times (CONTAINER_INFO / SHIPMENT_INFO fields ending in _at, like pod_eta_at) may show the
//   script zone's wall clock instead of the spreadsheet's, off by the difference;
// - what setValues writes (the Tracking sheet) is always converted in the spreadsheet's zone.

import { isValidTimeZone, offsetAt } from './timezone';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface ZoneCheck {
  spreadsheetTimeZone: string;
  scriptTimeZone: string;
  /** The two zones' clocks differ now or on some day of the coming year (DST included). */
  differ: boolean;
  /** Spreadsheet's offset minus the script's, in hours, now (0 when they agree now). */
  hoursApartNow: number;
  /** What could show wrong and what to do; empty when the zones agree. */
  advice: string[];
}

function offsetsDiffer(a: string, b: string, from: number): boolean {
  if (a === b) return false;
  // Daily samples over a year catch every DST period (they last weeks, not hours).
  for (let day = 0; day <= 366; day += 1) {
    const at = from + day * DAY_MS;
    if (offsetAt(at, a) !== offsetAt(at, b)) return true;
  }
  return false;
}

function hoursText(hours: number): string {
  const n = Math.abs(hours);
  const unit = n === 1 ? 'hour' : 'hours';
  return `${Number(n.toFixed(2))} ${unit} ${hours > 0 ? 'behind' : 'ahead of'}`;
}

export function checkZones(
  spreadsheetTimeZone: string,
  scriptTimeZone: string,
  now: number,
  mode: 'bound' | 'add-on',
): ZoneCheck {
  const sheet = isValidTimeZone(spreadsheetTimeZone) ? spreadsheetTimeZone : 'UTC';
  const script = isValidTimeZone(scriptTimeZone) ? scriptTimeZone : 'UTC';
  const differ = offsetsDiffer(sheet, script, now);
  const hoursApartNow = (offsetAt(now, sheet) - offsetAt(now, script)) / HOUR_MS;
  const base = { spreadsheetTimeZone, scriptTimeZone, differ, hoursApartNow };
  if (!differ) return { ...base, advice: [] };
  const gap =
    hoursApartNow === 0
      ? 'They agree today but not all year (daylight saving).'
      : `Today the script's clock is ${hoursText(hoursApartNow)} the spreadsheet's.`;
  const advice = [
    `The spreadsheet runs on ${spreadsheetTimeZone}, the add-in's script on ${scriptTimeZone}. ${gap}`,
    'Not affected: LFD() (it returns a day number, shown as a date) and everything the Tracking sheet shows (written in the spreadsheet’s zone).',
    `May be affected: date-times from CONTAINER_INFO and SHIPMENT_INFO (fields ending in _at, like pod_eta_at). Google does not document whether Sheets shows a date a formula returns in the spreadsheet's zone or the script's; if it is the script's, those cells show ${scriptTimeZone} clock times. No formula can correct that reliably, because the difference changes with daylight saving.`,
    'What to do: read times from the Tracking sheet’s ETA, ATA and Appointment columns, or set the spreadsheet’s time zone to GMT (File → Settings → Time zone) so both clocks agree.',
  ];
  if (mode === 'bound') {
    advice.push(
      `As a bound script you can also set the script's time zone to ${spreadsheetTimeZone}: "timeZone" in appsscript.json (then deploy again), or Project Settings in the Apps Script editor.`,
    );
  }
  return { ...base, advice };
}
