// The Apps Script globals of one execution: fresh service objects over the runtime's shared
// stores, each handed to the script through the realm bridge.

import vm from 'node:vm';
import { FakeCache, FakeCacheService } from './cache';
import { FakeDriveApp } from './drive';
import type { Execution } from './execution';
import { FakeHtmlService } from './html';
import { FakeLockService } from './lock';
import { consoleMembers, FakeLogger } from './logging';
import { FakeProperties, FakePropertiesService } from './properties';
import type { Realm } from './realm';
import type { GasRuntime } from './runtime';
import { FakeScriptApp } from './script-app';
import { FakeSession } from './session';
import { FakeSpreadsheetApp } from './spreadsheet/spreadsheet-app';
import { FakeUi } from './ui';
import { FakeUrlFetchApp } from './url-fetch';
import { FakeUtilities } from './utilities';

/** Fresh service objects of one execution; `evaluate` runs HtmlService template code in the script. */
export function createServices(
  rt: GasRuntime,
  exec: Execution,
  evaluate: (source: string) => unknown,
): Record<string, object> {
  return {
    SpreadsheetApp: new FakeSpreadsheetApp(rt.spreadsheet, () => new FakeUi(rt.ui, rt.addOnName)),
    PropertiesService: new FakePropertiesService(
      (scope) => new FakeProperties(rt.properties[scope], exec, rt.quotas.properties),
    ),
    CacheService: new FakeCacheService((scope) => new FakeCache(rt.caches[scope], exec)),
    LockService: new FakeLockService(rt.locks, exec),
    UrlFetchApp: new FakeUrlFetchApp(
      { handler: rt.fetchHandler, quota: rt.quotas.urlFetch, log: rt.urlFetchLog },
      exec,
    ),
    Utilities: new FakeUtilities(exec),
    Session: new FakeSession(rt.sessionOptions, exec),
    Logger: new FakeLogger(rt.logs, exec),
    HtmlService: new FakeHtmlService(rt.htmlDir, evaluate),
    ScriptApp: new FakeScriptApp(rt.triggers, exec, rt.addOn),
    DriveApp: new FakeDriveApp(rt.drive.files),
  };
}

export function installGlobals(
  context: vm.Context,
  realm: Realm,
  rt: GasRuntime,
  exec: Execution,
): void {
  const services = createServices(rt, exec, (source) => vm.runInContext(source, context));
  for (const [name, service] of Object.entries(services)) context[name] = realm.toScript(service);
  context.console = realm.object(consoleMembers(rt.logs, exec));
}
