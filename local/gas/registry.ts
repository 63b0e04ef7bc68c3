// What the realm bridge knows about each fake class: the label used in Apps Script's messages,
// which counter a call lands in, and which permission scope it needs (custom functions, simple
// triggers and AuthMode.NONE refuse some scopes). Registered once per class, next to the class.

import { SCOPES } from './consent';
import type { CounterService } from './counters';

export type Scope =
  | 'local' // pure computation (Utilities, Logger, Session, builders, blobs)
  | 'storage' // Properties, Cache, Lock
  | 'spreadsheet-read'
  | 'spreadsheet-write'
  | 'spreadsheet-open' // SpreadsheetApp.openById: another spreadsheet than the active one
  | 'get-ui' // SpreadsheetApp.getUi itself
  | 'ui' // methods of the Ui and its menus
  | 'external' // UrlFetchApp
  | 'scriptapp' // trigger management
  | 'drive'
  | 'mail'; // MailApp

export interface MethodRule {
  /** Counter bucket; null = not counted (local work that costs no service call). */
  service?: CounterService | null;
  scope?: Scope;
  /**
   * The OAuth scopes the method's reference lists (any one of them will do); the user must have
   * granted one (consent.ts). Default: what the Scope implies (OAUTH_BY_SCOPE); null: none.
   */
  oauth?: readonly string[] | null;
}

export interface FakeDescriptor {
  label: string;
  service: CounterService | null;
  scope: Scope;
  /** As MethodRule.oauth, for every method of the class. */
  oauth?: readonly string[] | null;
  methods?: Record<string, MethodRule>;
  /** Non-method members exposed to the script (enums such as `ScriptApp.AuthMode`). */
  constants?: readonly string[];
  /** Property writes kept on the object (HtmlTemplate variables); otherwise ignored. */
  acceptsAssignments?: boolean;
}

const registry = new WeakMap<object, FakeDescriptor>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function registerFake(cls: abstract new (...args: any[]) => object, d: FakeDescriptor) {
  registry.set(cls.prototype, d);
}

export function descriptorOf(value: object): FakeDescriptor | undefined {
  for (let p = Object.getPrototypeOf(value); p; p = Object.getPrototypeOf(p)) {
    const d = registry.get(p);
    if (d) return d;
  }
  return undefined;
}

/**
 * The OAuth scopes each kind of call needs, from the services' reference pages ("Scripts that use
 * this method require authorization with one or more of the following scopes"): Spreadsheet
 * methods spreadsheets.currentonly or spreadsheets, openById spreadsheets, UrlFetchApp
 * script.external_request, ScriptApp's trigger methods script.scriptapp, DriveApp drive.readonly
 * or drive, MailApp script.send_mail. Ui and Session name theirs per method.
 */
const OAUTH_BY_SCOPE: Partial<Record<Scope, readonly string[]>> = {
  'spreadsheet-read': [SCOPES.spreadsheetsCurrentOnly, SCOPES.spreadsheets],
  'spreadsheet-write': [SCOPES.spreadsheetsCurrentOnly, SCOPES.spreadsheets],
  'spreadsheet-open': [SCOPES.spreadsheets],
  external: [SCOPES.externalRequest],
  scriptapp: [SCOPES.scriptApp],
  drive: [SCOPES.driveReadonly, SCOPES.drive],
  mail: [SCOPES.sendMail],
};

export function ruleOf(d: FakeDescriptor, method: string): Required<MethodRule> {
  const rule = d.methods?.[method];
  const scope = rule?.scope ?? d.scope;
  const oauth =
    rule?.oauth !== undefined
      ? rule.oauth
      : d.oauth !== undefined && rule?.scope === undefined
        ? d.oauth
        : (OAUTH_BY_SCOPE[scope] ?? null);
  return {
    service: rule?.service === undefined ? d.service : rule.service,
    scope,
    oauth,
  };
}
