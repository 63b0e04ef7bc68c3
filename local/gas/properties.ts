// PropertiesService. Limits from the Apps Script quotas page: 9 KB per value, 500 KB per store,
// 50,000 reads+writes a day (consumer accounts). Values are always strings.

import { fail, MESSAGES } from './errors';
import type { Execution } from './execution';
import type { DailyQuota } from './quota';
import { registerFake } from './registry';

type GasProperties = GoogleAppsScript.Properties.Properties;
export type PropertyScope = 'document' | 'script' | 'user';

const VALUE_LIMIT = 9 * 1024;
const STORE_LIMIT = 500 * 1024;
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
    for (const [, v] of entries) {
      if (utf8Length(v) > VALUE_LIMIT) fail(MESSAGES.argumentTooLarge('value'));
    }
    const next = new Map(deleteAllOthers ? [] : this.map);
    for (const [k, v] of entries) next.set(k, v);
    let total = 0;
    for (const [k, v] of next) total += utf8Length(k) + utf8Length(v);
    if (total > STORE_LIMIT) {
      fail(
        'You have exceeded the property storage quota. Please remove some properties and try again.',
      );
    }
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
  ) {}

  #spend(): void {
    this.quota.spend(this.exec.now());
  }

  getProperty(key: string): string | null {
    this.#spend();
    return this.store.map.get(String(key)) ?? null;
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
    this.#spend();
    this.store.write([[String(key), String(value)]]);
    return this;
  }

  setProperties(properties: Record<string, unknown>, deleteAllOthers = false): this {
    this.#spend();
    const entries = Object.entries(properties).map(([k, v]): [string, string] => [k, String(v)]);
    this.store.write(entries, deleteAllOthers);
    return this;
  }

  deleteProperty(key: string): this {
    this.#spend();
    this.store.map.delete(String(key));
    return this;
  }

  deleteAllProperties(): this {
    this.#spend();
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
