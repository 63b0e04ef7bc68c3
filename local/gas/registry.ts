// What the realm bridge knows about each fake class: the label used in Apps Script's messages,
// which counter a call lands in, and which permission scope it needs (custom functions, simple
// triggers and AuthMode.NONE refuse some scopes). Registered once per class, next to the class.

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
}

export interface FakeDescriptor {
  label: string;
  service: CounterService | null;
  scope: Scope;
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

export function ruleOf(d: FakeDescriptor, method: string): Required<MethodRule> {
  const rule = d.methods?.[method];
  return {
    service: rule?.service === undefined ? d.service : rule.service,
    scope: rule?.scope ?? d.scope,
  };
}
