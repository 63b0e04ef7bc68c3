// The alert emails, as text and HTML (pure: src/gas/mail.ts sends them). Every text from the
// service (numbers, vessel and terminal names, hold descriptions) is escaped in the HTML body and
// is plain text in the other; the subject carries only counts and the spreadsheet's name. The
// email names the spreadsheet and links to it, links each container to its tracking page, and
// lists the most urgent first. The API key is never an input here.

import type { Alert, AlertKind } from './alert-rules';
import type { MoneyAtRisk } from './pull-list';
import { trackingLink } from './settings';
import { plural } from './wording';
import { PRODUCT_NAME } from './product';

export interface AlertEmailInput {
  kind: 'immediate' | 'digest';
  spreadsheetName: string;
  spreadsheetUrl: string;
  appUrl: string;
  alerts: readonly Alert[];
  /** Digest only: what was sent at once since the last digest. */
  sentEarlier?: readonly Alert[];
  /** Alerts that did not fit the store (counted, then left to the Change Log). */
  dropped?: number;
  /** Digest only: what one more day adds tomorrow, per currency (the Free Time terms). */
  moneyAtRisk?: readonly MoneyAtRisk[];
}

/** `USD 1,250.00 at risk tomorrow across 3 boxes` */
export function moneyAtRiskText(r: MoneyAtRisk): string {
  const amount = r.amount.toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${r.currency} ${amount} at risk tomorrow across ${plural(r.boxes, 'box', 'boxes')}`;
}

export interface AlertEmail {
  subject: string;
  body: string;
  htmlBody: string;
}

/** Lines per email: more would make it unreadable (and Gmail refuses bodies over 200 KB). */
export const MAX_LINES = 300;
const MAX_SUBJECT = 250;

interface Group {
  title: string;
  kinds: AlertKind[];
}

/** Most urgent first: money is lost from tomorrow on an LFD today. */
const GROUPS: Group[] = [
  { title: 'LFD today or passed', kinds: ['lfd-due'] },
  { title: 'Empties late (detention running)', kinds: ['return-due'] },
  { title: 'Holds placed and failed tracking requests', kinds: ['hold-placed', 'request-failed'] },
  { title: 'Ready for pickup', kinds: ['ready'] },
  { title: 'LFD coming up', kinds: ['lfd-soon'] },
  { title: 'Empties due back', kinds: ['return-soon'] },
  { title: 'Changes', kinds: ['lfd-changed', 'hold-released', 'eta-moved'] },
];

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** What the alert says, after the number. */
export function alertText(a: Alert): string {
  const detail = a.detail ? ` (${a.detail})` : '';
  switch (a.kind) {
    case 'lfd-due':
    case 'lfd-soon':
      return `LFD ${a.value}${detail}`;
    case 'return-due':
      return `empty late: Return By ${a.value}${detail}`;
    case 'return-soon':
      return `return empty by ${a.value}${detail}`;
    case 'ready':
      return 'ready for pickup';
    case 'hold-placed':
      return `hold placed: ${a.value}${a.detail ? ` (holds now: ${a.detail})` : ''}`;
    case 'hold-released':
      return `hold released: ${a.value}`;
    case 'request-failed':
      return `tracking request ${a.value}`;
    case 'lfd-changed':
      return `LFD changed: ${a.old ?? ''} → ${a.value}`;
    case 'eta-moved':
      return `ETA moved: ${a.old ?? ''} → ${a.value}`;
  }
}

const COUNT_NOUNS: Record<AlertKind, [string, string]> = {
  'lfd-due': ['LFD due', 'LFDs due'],
  'return-due': ['empty late', 'empties late'],
  'return-soon': ['empty due back', 'empties due back'],
  ready: ['container ready', 'containers ready'],
  'hold-placed': ['hold placed', 'holds placed'],
  'request-failed': ['tracking request failed', 'tracking requests failed'],
  'lfd-soon': ['LFD coming up', 'LFDs coming up'],
  'lfd-changed': ['LFD changed', 'LFDs changed'],
  'hold-released': ['hold released', 'holds released'],
  'eta-moved': ['ETA moved', 'ETAs moved'],
};

function counts(alerts: readonly Alert[]): string {
  const parts: string[] = [];
  for (const g of GROUPS)
    for (const kind of g.kinds) {
      const n = alerts.filter((a) => a.kind === kind).length;
      if (n > 0) parts.push(plural(n, ...COUNT_NOUNS[kind]));
    }
  return parts.join(', ');
}

function subjectOf(input: AlertEmailInput): string {
  const what =
    input.kind === 'immediate'
      ? `Container alert: ${counts(input.alerts)}`
      : `Container digest: ${plural(input.alerts.length + (input.sentEarlier?.length ?? 0), 'alert')}`;
  const subject = `${what} – ${input.spreadsheetName}`;
  return subject.length <= MAX_SUBJECT ? subject : `${subject.slice(0, MAX_SUBJECT - 1)}…`;
}

interface Section {
  title: string;
  alerts: Alert[];
}

function sections(input: AlertEmailInput): Section[] {
  const out = GROUPS.map((g) => ({
    title: g.title,
    alerts: input.alerts.filter((a) => g.kinds.includes(a.kind)),
  }));
  if (input.sentEarlier && input.sentEarlier.length > 0)
    out.push({ title: 'Sent at once since the last digest', alerts: [...input.sentEarlier] });
  return out.filter((s) => s.alerts.length > 0);
}

export function renderAlertEmail(input: AlertEmailInput): AlertEmail {
  let budget = MAX_LINES;
  let left = input.dropped ?? 0;
  const shown: Section[] = [];
  for (const s of sections(input)) {
    const alerts = s.alerts.slice(0, Math.max(0, budget));
    budget -= alerts.length;
    left += s.alerts.length - alerts.length;
    if (alerts.length > 0) shown.push({ title: s.title, alerts });
  }
  const intro =
    input.kind === 'immediate'
      ? `${PRODUCT_NAME} saw these in your spreadsheet`
      : 'Your daily container digest for';
  const more =
    left > 0
      ? `${plural(left, 'more alert')} not listed here: see the Change Log sheet of the spreadsheet.`
      : '';
  const link = (n: string) => trackingLink(input.appUrl, n);
  const risk = input.kind === 'digest' ? (input.moneyAtRisk ?? []).map(moneyAtRiskText) : [];

  const text = [
    `${intro} "${input.spreadsheetName}":`,
    input.spreadsheetUrl,
    '',
    ...(risk.length > 0
      ? ['Money at risk (see the Pull List sheet):', ...risk.map((r) => `- ${r}`), '']
      : []),
    ...shown.flatMap((s) => [
      `${s.title}:`,
      ...s.alerts.map((a) => `- ${a.number}: ${alertText(a)}  ${link(a.number)}`),
      '',
    ]),
    ...(more ? [more, ''] : []),
    `Sent by ${PRODUCT_NAME}. Change the recipients in its sidebar, Settings.`,
  ].join('\n');

  const e = escapeHtml;
  const html = [
    `<p>${e(intro)} <a href="${e(input.spreadsheetUrl)}">${e(input.spreadsheetName)}</a>:</p>`,
    ...(risk.length > 0
      ? [
          `<h3>Money at risk (see the Pull List sheet)</h3><ul>${risk.map((r) => `<li>${e(r)}</li>`).join('')}</ul>`,
        ]
      : []),
    ...shown.map(
      (s) =>
        `<h3>${e(s.title)}</h3><ul>${s.alerts
          .map(
            (a) => `<li><a href="${e(link(a.number))}">${e(a.number)}</a>: ${e(alertText(a))}</li>`,
          )
          .join('')}</ul>`,
    ),
    ...(more ? [`<p>${e(more)}</p>`] : []),
    `<p>Sent by ${PRODUCT_NAME}. Change the recipients in its sidebar, Settings.</p>`,
  ].join('\n');

  return { subject: subjectOf(input), body: text, htmlBody: html };
}
