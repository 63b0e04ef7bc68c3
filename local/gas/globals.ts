// The Apps Script globals of one execution: fresh service objects over the runtime's shared
// stores, each handed to the script through the realm bridge. Without an active document (an
// add-on's time-driven trigger) the document's spreadsheet, properties, cache and lock are null.

import vm from 'node:vm';
import { FakeCache, FakeCacheService, type CacheScope } from './cache';
import { FakeContentService } from './content';
import { FakeDriveApp } from './drive';
import type { Execution } from './execution';
import { FakeHtmlService } from './html';
import { FakeLockService } from './lock';
import { FakeMailApp } from './mail';
import { consoleMembers, FakeLogger } from './logging';
import { FakeProperties, FakePropertiesService, type PropertyScope } from './properties';
import type { Realm } from './realm';
import type { ServiceHost } from './runtime-host';
import { FakeScriptApp } from './script-app';
import { FakeSession } from './session';
import { FakeSpreadsheetApp } from './spreadsheet/spreadsheet-app';
import { FakeUi } from './ui';
import { FakeUrlFetchApp } from './url-fetch';
import { FakeUtilities } from './utilities';

/**
 * Fresh service objects of one execution; `evaluate` runs HtmlService template code in the script.
 * Without an active document (an add-on's time-driven trigger) the document's spreadsheet,
 * properties, cache and lock are null.
 */
export function createServices(
  rt: ServiceHost,
  exec: Execution,
  evaluate: (source: string) => unknown,
  activeDocument: boolean,
  /** Default: with the active document. A bound script's web app has its stores but no active spreadsheet. */
  activeSpreadsheet = activeDocument && exec.kind !== 'web-app',
): Record<string, object> {
  const webApp = exec.kind === 'web-app';
  const has = <S extends string>(scope: S) => activeDocument || scope !== 'document';
  // A web app has the bound document's properties but no document cache or lock:
  // getDocumentCache() and getDocumentLock() "return null if called from a standalone script or
  // web app" (CacheService and LockService reference pages).
  const shared = <S extends string>(scope: S) => has(scope) && !(webApp && scope === 'document');
  // User stores are the execution's user's (another editor has their own), except in a cell,
  // which runs without user identity: "getUserProperties() only gets the properties of the
  // spreadsheet owner. Spreadsheet editors can't set user properties in a custom function"
  // (custom-functions guide, "Using Apps Script services"). The guide is silent on the user
  // cache and user lock; a cell gets the owner's too (assumed, as its properties).
  const viewer = exec.user || rt.sessionOptions.effectiveUserEmail;
  const owner = rt.spreadsheet.owner ?? viewer;
  const userOf = exec.isCustomFunction ? owner : viewer;
  const user = rt.project.storesOf(userOf);
  const readOnlyUser = exec.isCustomFunction && viewer !== owner;
  const properties = (scope: PropertyScope) =>
    scope === 'user' ? user.properties : rt.properties[scope];
  const caches = (scope: CacheScope) => (scope === 'user' ? user.cache : rt.caches[scope]);
  return {
    SpreadsheetApp: new FakeSpreadsheetApp(
      activeSpreadsheet ? rt.spreadsheet : null,
      () => new FakeUi(rt.ui, rt.addOnName, rt.addOn),
      {
        find: (id) => rt.project.member(id)?.spreadsheet,
        ...(rt.oauthScopes ? { oauthScopes: rt.oauthScopes } : {}),
      },
    ),
    PropertiesService: new FakePropertiesService((scope) =>
      has(scope)
        ? new FakeProperties(properties(scope), exec, rt.quotas.properties, {
            readOnly: scope === 'user' && readOnlyUser,
          })
        : null,
    ),
    CacheService: new FakeCacheService((scope) =>
      shared(scope) ? new FakeCache(caches(scope), exec) : null,
    ),
    LockService: new FakeLockService(
      (scope) =>
        scope === 'document'
          ? shared(scope)
            ? rt.locks
            : null
          : scope === 'user'
            ? rt.project.userLocks(userOf)
            : rt.project.locks,
      exec,
    ),
    UrlFetchApp: new FakeUrlFetchApp(
      {
        handler: rt.fetchHandler,
        quota: rt.quotas.urlFetch,
        log: rt.urlFetchLog,
        allowlist: rt.urlFetchAllowlist,
      },
      exec,
    ),
    Utilities: new FakeUtilities(exec),
    Session: new FakeSession(rt.sessionOptions, exec, rt.oauthScopes),
    Logger: new FakeLogger(rt.logs, exec),
    HtmlService: new FakeHtmlService(rt.htmlDir, evaluate),
    ScriptApp: new FakeScriptApp(
      rt.triggers,
      exec,
      rt.addOn,
      activeDocument ? rt.spreadsheet.id : null,
      rt.project.tokens,
    ),
    DriveApp: new FakeDriveApp(rt.drive, rt.sessionOptions.activeUserEmail),
    MailApp: new FakeMailApp(rt.project.mail, exec, rt.oauthScopes),
    ContentService: new FakeContentService(),
  };
}

export function installGlobals(
  context: vm.Context,
  realm: Realm,
  rt: ServiceHost,
  exec: Execution,
  activeDocument: boolean,
  activeSpreadsheet = activeDocument,
): void {
  const services = createServices(
    rt,
    exec,
    (source) => vm.runInContext(source, context),
    activeDocument,
    activeSpreadsheet,
  );
  for (const [name, service] of Object.entries(services)) context[name] = realm.toScript(service);
  context.console = realm.object(consoleMembers(rt.logs, exec));
}
