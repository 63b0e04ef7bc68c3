// The JSON the preview page polls (GET /__preview/state) and gets back from its actions. Plain
// data only: the page renders every string with textContent, and nothing secret is in here
// (no properties, no key; see page-model.ts).

export type PageMenuItem =
  | { caption: string; functionName: string }
  | { separator: true }
  | { caption: string; items: PageMenuItem[] };

export interface PageMenu {
  title: string;
  /** Under Extensions (an add-on's menu) rather than in the menu bar. */
  addon: boolean;
  items: PageMenuItem[];
}

export interface PageCell {
  /** What the cell shows (its display value). */
  text: string;
  /** The formula typed in it, if any. */
  formula?: string;
  /** The error a formula cell shows (#ERROR!, #NAME?, …) and its message. */
  error?: string;
  background?: string;
  color?: string;
  bold?: boolean;
  /** Range.setWrap(true): the text wraps and the row grows, as in Sheets. */
  wrap?: boolean;
  align?: 'left' | 'right' | 'center';
  note?: string;
  /** An http(s) URL the text links to. */
  link?: string;
  /** The user may type here (input columns, their own columns, other sheets). */
  editable?: boolean;
  /** Shown by a formula in another cell (A1 of that cell). */
  spilledFrom?: string;
}

export interface PageSheet {
  name: string;
  columns: { letter: string; width: number }[];
  /** rows[0] is row 1. */
  rows: PageCell[][];
  frozenRows: number;
  /** Columns that stay in view when the grid scrolls right (Sheet.setFrozenColumns). */
  frozenColumns: number;
}

export interface PageToast {
  id: number;
  title: string;
  message: string;
  /** How long Sheets shows it (Spreadsheet.toast's timeoutSeconds; negative: until closed). */
  timeoutSeconds: number;
}

export interface PageActivity {
  id: number;
  /** Runtime clock time, in the spreadsheet's time zone. */
  at: string;
  functionName: string;
  kind: string;
  ok: boolean;
  detail: string;
}

/** An email the add-in sent (MailApp in the local runtime), as the Outbox lists it. */
export interface PageEmail {
  /** Its index in the runtime's outbox: GET /__preview/outbox/<id> serves its HTML body. */
  id: number;
  /** Runtime clock time, in the spreadsheet's time zone. */
  at: string;
  to: string;
  subject: string;
  /** The plain-text body. */
  text: string;
  hasHtml: boolean;
}

/**
 * The zones the preview's time-zone control offers (Sheets: File › Settings › Time zone), chosen
 * to try what the add-in does east and west of UTC and on the script's own zone (Etc/UTC).
 */
export const PREVIEW_TIME_ZONES: readonly string[] = [
  'America/Los_Angeles',
  'America/Chicago',
  'America/New_York',
  'Etc/UTC',
  'Europe/London',
  'Europe/Amsterdam',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
];

export interface PageState {
  spreadsheetName: string;
  timeZone: string;
  /** What the time-zone control offers: PREVIEW_TIME_ZONES, and the sheet's own if not among them. */
  timeZones: string[];
  /** The runtime's (= the emulator's) clock, shown in the spreadsheet's time zone. */
  now: string;
  /** How fast that clock runs: 1 (real time) or 60. */
  speed: number;
  menus: PageMenu[];
  sheets: PageSheet[];
  selection: { sheet: string; row: number; column: number } | null;
  toasts: PageToast[];
  activity: PageActivity[];
  autoRefresh: string;
  /** Emails sent, newest first (the most recent few). */
  outbox: PageEmail[];
}

/** What an action returns: the new state, and a sidebar to show if the action opened one. */
export interface ActionResult {
  state: PageState;
  sidebarUrl?: string;
  /** The title the add-in gave its sidebar (HtmlOutput.setTitle), shown in its header. */
  sidebarTitle?: string;
  error?: string;
  /** Something to tell the person (shown as a toast). */
  notice?: string;
}
