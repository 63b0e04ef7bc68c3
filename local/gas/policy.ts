// Which calls an execution may make, by how it was started. Sources: the custom-functions guide
// (read-only spreadsheet, no services that need authorization, no UI), the AuthMode reference
// and the add-on authorization guide (NONE: no service that needs authorization; LIMITED: the
// bound document, properties and UI but nothing that needs a scope of its own), and the
// "Cannot call SpreadsheetApp.getUi() from this context." error time-driven triggers get.

import { fail, MESSAGES } from './errors';
import type { Scope } from './registry';

export type ExecutionKind =
  'custom-function' | 'menu' | 'sidebar' | 'trigger' | 'simple-trigger' | 'web-app';
export type AuthModeName = 'NONE' | 'CUSTOM_FUNCTION' | 'LIMITED' | 'FULL';

const OAUTH_SCOPES: Partial<Record<Scope, string>> = {
  external: 'https://www.googleapis.com/auth/script.external_request',
  scriptapp: 'https://www.googleapis.com/auth/script.scriptapp',
  drive: 'https://www.googleapis.com/auth/drive.readonly',
  'spreadsheet-open': 'https://www.googleapis.com/auth/spreadsheets',
  mail: 'https://www.googleapis.com/auth/script.send_mail',
};

const NEEDS_OWN_SCOPE = new Set<Scope>([
  'external',
  'scriptapp',
  'drive',
  'spreadsheet-open',
  'mail',
]);
const ALLOWED_WITHOUT_AUTH = new Set<Scope>(['local', 'get-ui', 'ui']);

export function checkCall(
  kind: ExecutionKind,
  authMode: AuthModeName,
  scope: Scope,
  label: string,
  method: string,
): void {
  const qualified = `${label}.${method}`;
  const denyWithScope = () =>
    fail(MESSAGES.permissionWithScope(qualified, OAUTH_SCOPES[scope] ?? 'unknown'));

  if (kind === 'custom-function') {
    if (scope === 'get-ui' || scope === 'ui') fail(MESSAGES.noUi);
    // The custom-functions guide lists the services a cell may use (Cache, HTML, JDBC, Language,
    // Lock, Maps, Properties, Spreadsheet, URL Fetch, Utilities, XML): Script is not among them,
    // so no ScriptApp method runs in a cell, not even one that needs no scope of its own
    // (getInstallationSource). Its enums are plain constants and stay readable.
    if (label === 'ScriptApp' && scope === 'local') fail(MESSAGES.permission(qualified));
    // Real custom functions name only the method: "You do not have permission to call setValue".
    if (scope === 'spreadsheet-write') fail(MESSAGES.permission(method));
    if (
      scope === 'scriptapp' ||
      scope === 'drive' ||
      scope === 'spreadsheet-open' ||
      scope === 'mail'
    )
      denyWithScope();
    return;
  }
  // A web app has no editor to show UI in, like a time-driven trigger.
  if (kind === 'trigger' || kind === 'web-app') {
    if (scope === 'get-ui') fail(MESSAGES.noUi);
    return;
  }
  if (kind === 'simple-trigger') {
    if (authMode === 'NONE' && !ALLOWED_WITHOUT_AUTH.has(scope)) {
      fail(MESSAGES.permission(qualified));
    }
    if (authMode !== 'FULL' && NEEDS_OWN_SCOPE.has(scope)) denyWithScope();
  }
}

/**
 * 30 s for custom functions (Apps Script quotas page) and simple triggers ("They cannot run for
 * longer than 30 seconds": triggers guide, Restrictions), 6 min for everything else.
 */
export function timeLimitMs(kind: ExecutionKind): number {
  return kind === 'custom-function' || kind === 'simple-trigger' ? 30_000 : 6 * 60_000;
}
