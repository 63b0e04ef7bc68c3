// getDiagnostics(): what the sidebar's Diagnostics tab shows, so a person can see why dates or
// refreshes look wrong without opening the Apps Script editor: both time zones and whether they
// disagree (with what to do), how the add-in is deployed, the auto-refresh state, the last
// refresh, the limits that can be seen, and the API host (never the key). Each section is read
// on its own: one that fails shows its error and the others still show. Dates go out as ISO
// strings (google.script.run cannot carry a Date).

import { toAppError } from '../../core/errors';
import { checkZones, type ZoneCheck } from '../../core/zone-mismatch';
import {
  decodeWindow,
  GATE_KEY,
  SERVICE_LIMIT_PER_MINUTE,
  SERVICE_RULE,
} from '../../engine/request-gate';
import { available, paceLimit } from '../../engine/rate-window';
import { DEPLOYMENT, type DeploymentMode } from '../../core/deployment';
import { mailApp } from '../../gas/mail';
import { effectiveUserEmail, installationSource, scriptTimeZone } from '../../gas/session';
import { triggerTimeUsed, WIDEN_AT } from '../../gas/trigger-time';
import { intervalChoices } from '../schedule/refresh-intervals';
import { getAutoRefresh, type AutoRefreshState } from '../schedule/auto-refresh';
import { getPushStatus } from '../push/api';
import { getSettings } from './settings';
import { STATUS_SHEET } from '../sheets/sheet-names';
import { Execution } from '../../execution/execution';
import { keyWindow, spreadsheetStores } from '../../execution/stores';
import { grantOf } from '../../gas/authorization';
import { CAPABILITIES, CAPABILITY_ORDER, permissionMessage } from '../../core/permissions';
import { PRODUCT_NAME } from '../../core/product';

export type Section<T> = { ok: true; value: T } | { ok: false; error: string };

export interface Deployment {
  mode: DeploymentMode;
  /** ScriptApp.getInstallationSource(): NONE, WEB_STORE_ADD_ON or APPS_MARKETPLACE_DOMAIN_ADD_ON. */
  installationSource: string;
  text: string;
}

export interface LastRefresh {
  /** ISO time of the last successful refresh, or null when none has succeeded. */
  at: string | null;
  outcome: string;
}

export interface Limit {
  name: string;
  left: string;
}

export interface DiagnosticsReport {
  generatedAt: string;
  zones: Section<ZoneCheck>;
  deployment: Section<Deployment>;
  /** What getAutoRefresh() returns, as lines of text (fields added later show too). */
  autoRefresh: Section<string[]>;
  /** null: no refresh has run in this spreadsheet yet. */
  lastRefresh: Section<LastRefresh | null>;
  /** Push updates as lines of text: on or off, the last delivery, a problem, a warning. */
  push: Section<string[]>;
  limits: Limit[];
  api: Section<{ host: string; keySet: boolean }>;
  /** Each capability's permissions (granted in part since 2025): granted, or what to grant. */
  permissions: Section<Permission[]>;
}

export interface Permission {
  capability: string;
  granted: boolean;
  /** What is missing and where to grant it; '' when granted. */
  message: string;
}

function section<T>(read: () => T): Section<T> {
  try {
    return { ok: true, value: read() };
  } catch (e) {
    return { ok: false, error: toAppError(e).message };
  }
}

/**
 * The build says what this is (core/deployment.ts). How Google says it is installed is shown
 * beside it, never used to choose anything: ScriptApp.getInstallationSource() is NONE when "the
 * script is not running as an add-on" (Apps Script reference: Enum InstallationSource), which an
 * add-on's own project also answers when its deployer runs it from the editor.
 */
function deployment(): Deployment {
  const source = section(installationSource);
  const installedAs = source.ok ? source.value : 'unknown';
  if (DEPLOYMENT === 'bound') {
    return {
      mode: DEPLOYMENT,
      installationSource: installedAs,
      text: `Bound script: auto-refresh can run as often as every ${intervalChoices('bound')[0]!.label}.`,
    };
  }
  const by =
    installedAs === 'APPS_MARKETPLACE_DOMAIN_ADD_ON'
      ? ', installed for your domain by an administrator'
      : installedAs === 'WEB_STORE_ADD_ON'
        ? ', installed from the Marketplace'
        : '';
  return {
    mode: DEPLOYMENT,
    installationSource: installedAs,
    text: `Add-on${by}: auto-refresh runs at most hourly.`,
  };
}

function text(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value).slice(0, 200);
  return String(value);
}

/** getAutoRefresh() in words: this spreadsheet's schedule for this user, and what it may be. */
function autoRefreshLines(): string[] {
  const state = getAutoRefresh();
  const label = (minutes: number | null) =>
    state.choices.find((c) => c.minutes === minutes)?.label ?? `${String(minutes)} minutes`;
  return [
    state.enabled ? `On, every ${label(state.minutes)}` : 'Off',
    `Intervals this ${state.mode === 'bound' ? 'bound script' : 'add-on'} allows: ${state.choices
      .map((c) => c.label)
      .join(', ')}`,
    ...scheduleOwnerLines(state),
  ];
}

/** Whose schedule it is (Google shows a trigger to its owner only) and what the add-in noted. */
function scheduleOwnerLines(state: AutoRefreshState): string[] {
  const lines: string[] = [];
  if (state.enabled) {
    lines.push(
      state.ownedByMe
        ? `Runs as you (${state.owner || 'your account'}): its trigger time counts against your daily quota`
        : `Runs as ${state.owner || 'another editor'}, who set it: only that account can change or stop it`,
    );
  }
  if (state.note) lines.push(state.note);
  return lines;
}

/**
 * Quotas are per Google account: what this report measures is the account running it. Scheduled
 * refresh time is the add-in's own ledger (Apps Script reports none), of the last 24 hours.
 */
function accountLimits(now: number): Limit[] {
  const me = section(effectiveUserEmail);
  const whose = me.ok && me.value ? me.value : 'the account using this sidebar';
  const time = section(() => triggerTimeUsed(now));
  const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;
  return [
    {
      name: 'Quotas shown for',
      left: `${whose} (each Google account has its own; a schedule uses its owner's)`,
    },
    {
      name: `Scheduled refresh time, last 24 hours (${whose})`,
      left: time.ok
        ? `${minutes(time.value.usedMs)} of ${minutes(time.value.limitMs)} used by this add-in's scheduled refreshes (your other scripts count too; auto-refresh widens its interval at ${minutes(WIDEN_AT * time.value.limitMs)})`
        : `not readable right now: ${time.error}`,
    },
  ];
}

/** The hidden status sheet the refresh writes ("Last refresh", "Status" rows); never created here. */
function lastRefresh(): LastRefresh | null {
  const sheet = SpreadsheetApp.getActive().getSheetByName(STATUS_SHEET);
  if (!sheet) return null;
  const rows = Math.min(Math.max(sheet.getLastRow(), 1), 10);
  const values = sheet.getRange(1, 1, rows, 2).getValues();
  const find = (label: string) =>
    values.find((r) => String(r[0]).trim().toLowerCase() === label)?.[1] ?? '';
  const at = find('last refresh');
  return {
    at: at instanceof Date ? at.toISOString() : text(at) || null,
    outcome: text(find('status')) || 'Not refreshed yet',
  };
}

/**
 * Free slots this minute: the spreadsheet's window and, in the add-on, the key's window this user's
 * spreadsheets share (docs/reference.md#one-key); and a pace lowered after a 429, if any.
 */
function serviceRequestsFree(now: number): string {
  const own = spreadsheetStores().cache.getAll([GATE_KEY])[GATE_KEY];
  const place = keyWindow(new Execution('sidebar').settings(), 'rate');
  const windows = [decodeWindow(own)];
  if (place) windows.push(decodeWindow(place.cache.getAll([place.key])[place.key]));
  const rooms = windows.map((w) => available(w, now, SERVICE_RULE, SERVICE_RULE.limit));
  const free = Math.min(...rooms.map((r) => r.free));
  const nextAt = Math.max(...rooms.map((r) => r.nextAt));
  const shared = place ? ', counted with your other spreadsheets on this key' : '';
  const pace = Math.min(...windows.map((w) => paceLimit(w, now, SERVICE_RULE)));
  const paced =
    pace < SERVICE_RULE.limit
      ? `; slowed to ${pace} a minute after the service refused a request (a spreadsheet on the same key was busy too), back to ${SERVICE_RULE.limit} step by step while answers come back clean`
      : '';
  // Said as what is free, with the ceiling's reason, so "91 of 95" cannot be read as used.
  const spare = SERVICE_LIMIT_PER_MINUTE - SERVICE_RULE.limit;
  const why = ` (the service allows ${SERVICE_LIMIT_PER_MINUTE} a minute; ${spare} are kept spare)`;
  if (free > 0) return `${free} of ${SERVICE_RULE.limit} free this minute${shared}${why}${paced}`;
  return `none free until ${new Date(nextAt).toISOString()}${shared}${why}${paced}`;
}

function pushLines(): string[] {
  const s = getPushStatus();
  if (!s.enabled) return [s.available ? 'Off' : 'Not available (needs the bound script)'];
  const lines = [
    `On, to ${s.url ?? ''}`,
    `${s.applied} applied; last ${s.lastNotificationAt ?? 'none yet'}`,
  ];
  if (s.problem) lines.push(`Could not apply a delivery at ${s.problem.at}: ${s.problem.message}`);
  if (s.warning) lines.push(s.warning);
  return lines;
}

/** The limits a script can read (the service's rate window, MailApp's quota) and the ones it cannot. */
function limits(now: number): Limit[] {
  const service = section(() => serviceRequestsFree(now));
  const mail = section(() => Math.max(0, mailApp.remainingQuota()));
  return [
    {
      name: 'Tracking service requests',
      left: service.ok ? service.value : `not readable right now: ${service.error}`,
    },
    {
      name: 'URL fetches today',
      left: 'not reported by Apps Script (20,000 a day; 100,000 on Workspace)',
    },
    {
      // The manifest has the send-mail scope (alerts); MailApp counts recipients, not emails.
      name: 'Email recipients today',
      left: mail.ok ? `${mail.value} left` : `not readable right now: ${mail.error}`,
    },
  ];
}

/** One ScriptApp call for all of them, then each capability's share. */
function permissions(): Permission[] {
  const all = [...new Set(CAPABILITY_ORDER.flatMap((c) => CAPABILITIES[c].scopes))];
  const grant = grantOf(all);
  return CAPABILITY_ORDER.filter((c) => DEPLOYMENT === 'bound' || c !== 'push').map((c) => {
    const missing = CAPABILITIES[c].scopes.filter((s) => grant.missing.includes(s));
    return {
      capability: CAPABILITIES[c].what,
      granted: missing.length === 0,
      message:
        missing.length === 0 ? '' : permissionMessage(c, { missing, url: grant.url }, PRODUCT_NAME),
    };
  });
}

function apiHost(): { host: string; keySet: boolean } {
  const s = getSettings();
  return { host: /^[a-z]+:\/\/([^/?#]+)/i.exec(s.apiBaseUrl)?.[1] ?? '', keySet: s.apiKeySet };
}

export function getDiagnostics(): DiagnosticsReport {
  const now = Date.now();
  const deployed = section(deployment);
  return {
    generatedAt: new Date(now).toISOString(),
    zones: section(() =>
      checkZones(
        SpreadsheetApp.getActive().getSpreadsheetTimeZone(),
        scriptTimeZone(),
        now,
        DEPLOYMENT,
      ),
    ),
    deployment: deployed,
    autoRefresh: section(autoRefreshLines),
    lastRefresh: section(lastRefresh),
    push: section(pushLines),
    limits: [...limits(now), ...accountLimits(now)],
    api: section(apiHost),
    permissions: section(permissions),
  };
}
