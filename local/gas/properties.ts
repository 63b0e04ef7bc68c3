// PropertiesService. Limits from the Apps Script quotas page: 9 KB per value, 500 KB per store,
// 50,000 reads+writes a day (consumer accounts). Values are always strings.
// How Apps Script fails, measured by tanaikech ("Report: Specification of Properties Service for
// Google Apps Script", tanaikech.github.io/2023/05/22): every size failure of a value or of the
// store says "You have exceeded the property storage quota. Please remove some properties and try
// again." (there is no separate message for one value); a key over 8,066 bytes fails with "Data
// storage error"; an empty key with "When setting or getting a property value, the property name
// must not be null or empty". He measured 524,288 bytes of keys and values per store and no
// 9 KB cap on one value; this fake keeps the documented, stricter 9 KB and 500 KB.

import { fail, MESSAGES } from './errors';
import type { Execution } from './execution';
import type { DailyQuota } from './quota';
import { registerFake } from './registry';

type GasProperties = GoogleAppsScript.Properties.Properties;
export type PropertyScope = 'document' | 'script' | 'user';

const VALUE_LIMIT = 9 * 1024;
const STORE_LIMIT = 500 * 1024;
const KEY_LIMIT = 8066;
const STORAGE_QUOTA =
  'You have exceeded the property storage quota. Please remove some properties and try again.';
const EMPTY_KEY =
  'When setting or getting a property value, the property name must not be null or empty';

function checkKey(key: string): string {
  if (key === '') fail(EMPTY_KEY);
  if (utf8Length(key) > KEY_LIMIT) fail('Data storage error');
  return key;
}
const utf8Length = (s: string) => Buffer.byteLength(s, 'utf8');

/** One shared store (per spreadsheet, script or user); lives on the runtime across executions. */
export class PropertyStore {
  readonly map = new Map<string, string>();

  size(): number {
    let total = 0;
    for (const [k, v] of this.map) total += utf8Length(k) + utf8Length(v);
    return total;
  }

  /** Applies all writes or none, as a rejected setProperties leaves the store unchanged. */
  write(entries: [string, string][], deleteAllOthers = false): void {
    for (const [k, v] of entries) {
      checkKey(k);
      if (utf8Length(v) > VALUE_LIMIT) fail(STORAGE_QUOTA);
    }
    const next = new Map(deleteAllOthers ? [] : this.map);
    for (const [k, v] of entries) next.set(k, v);
    let total = 0;
    for (const [k, v] of next) total += utf8Length(k) + utf8Length(v);
    if (total > STORE_LIMIT) fail(STORAGE_QUOTA);
    this.map.clear();
    for (const [k, v] of next) this.map.set(k, v);
  }
}

export class FakeProperties implements Pick<
  GasProperties,
  'getProperty' | 'getKeys' | 'getProperties'
> {
  constructor(
    private readonly store: PropertyStore,
    private readonly exec: Execution,
    private readonly quota: DailyQuota,
    /** An editor's cell over the owner's user properties: it may read, not write. */
    private readonly access: { readOnly?: boolean } = {},
  ) {}

  #spend(): void {
    this.quota.spend(this.exec.now());
  }

  /**
   * "Spreadsheet editors can't set user properties in a custom function" (custom-functions
   * guide). The message is assumed, as the cell's other refusals name only the method.
   */
  #write(method: string): void {
    if (this.access.readOnly) fail(MESSAGES.permission(method));
    this.#spend();
  }

  getProperty(key: string): string | null {
    this.#spend();
    return this.store.map.get(checkKey(String(key))) ?? null;
  }

  getProperties(): Record<string, string> {
    this.#spend();
    return Object.fromEntries(this.store.map);
  }

  getKeys(): string[] {
    this.#spend();
    return [...this.store.map.keys()];
  }

  setProperty(key: string, value: string): this {
    this.#write('setProperty');
    this.store.write([[String(key), String(value)]]);
    return this;
  }

  setProperties(properties: Record<string, unknown>, deleteAllOthers = false): this {
    this.#write('setProperties');
    const entries = Object.entries(properties).map(([k, v]): [string, string] => [k, String(v)]);
    this.store.write(entries, deleteAllOthers);
    return this;
  }

  deleteProperty(key: string): this {
    this.#write('deleteProperty');
    this.store.map.delete(String(key));
    return this;
  }

  deleteAllProperties(): this {
    this.#write('deleteAllProperties');
    this.store.map.clear();
    return this;
  }
}

export class FakePropertiesService {
  /** `make` answers null for the document scope when the execution has no active document. */
  constructor(private readonly make: (scope: PropertyScope) => FakeProperties | null) {}

  getDocumentProperties(): FakeProperties | null {
    return this.make('document');
  }

  getScriptProperties(): FakeProperties {
    return this.make('script')!;
  }

  getUserProperties(): FakeProperties {
    return this.make('user')!;
  }
}

registerFake(FakeProperties, { label: 'Properties', service: 'Properties', scope: 'storage' });
registerFake(FakePropertiesService, {
  label: 'PropertiesService',
  service: 'Properties',
  scope: 'storage',
});
