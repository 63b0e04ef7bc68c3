// The composition root: one Execution per Apps Script run, wiring the engine to the services with
// the time and rate budget that kind of run has. Services are touched only when first needed.

import { ApiClient } from '../api/client';
import { DEFAULT_REFRESH_REQUESTS_PER_MINUTE, type Settings } from '../core/settings';
import type { SharedCache, SharedLock } from '../core/ports';
import { RecordStore, type CacheView } from '../engine/record-store';
import {
  GATE_KEY,
  INFER_GATE_KEY,
  INFER_RULE,
  SERVICE_RULE,
  SharedRequestGate,
} from '../engine/request-gate';
import { SETTINGS_CACHE_KEY, SettingsStore, requireKey } from '../engine/settings-store';
import { TrackingData } from '../engine/tracking-data';
import { UrlFetchTransport } from '../gas/url-fetch-transport';
import { appsScriptClock } from '../gas/clock';
import { keyWindow, spreadsheetStores } from './stores';
import type { SheetStores } from '../gas/stores';
import { spreadsheetTimeZone } from '../gas/stores';

export type ExecutionKind = 'cell' | 'sidebar' | 'trigger' | 'push';

interface Budget {
  /** Time this kind of run may spend on requests (Apps Script: 30 s for cells, 6 min otherwise). */
  timeMs: number;
  /** Longest single wait for a rate slot or retry. */
  maxWaitMs: number;
  /** Longest Retry-After the run waits out (within its time); cells keep their short wait. */
  maxRetryAfterMs?: number;
  /** Share of the rolling-minute window this run may fill. */
  ceiling: number;
}

export const BUDGETS: Record<ExecutionKind, Budget> = {
  cell: { timeMs: 22_000, maxWaitMs: 3_000, ceiling: SERVICE_RULE.limit },
  // Refresh now and the sidebar wait out a service-asked pause (429 Retry-After) that fits.
  sidebar: {
    timeMs: 60_000,
    maxWaitMs: 15_000,
    maxRetryAfterMs: 60_000,
    ceiling: SERVICE_RULE.limit,
  },
  // A webhook delivery (doPost) answers within seconds, or the service times out and retries.
  push: { timeMs: 15_000, maxWaitMs: 5_000, ceiling: SERVICE_RULE.limit },
  // A full rolling window is 60 s: a scheduled run may wait it out once rather than stop.
  trigger: { timeMs: 270_000, maxWaitMs: 65_000, ceiling: DEFAULT_REFRESH_REQUESTS_PER_MINUTE },
};

function lazyLock(stores: SheetStores): SharedLock {
  return {
    tryLock: (ms) => stores.lock().tryLock(ms),
    release: () => stores.lock().release(),
    get scope() {
      return stores.lock().scope;
    },
  };
}

export interface ExecutionContext {
  /** Where the spreadsheet's state lives; default: the active document's stores. */
  stores?: SheetStores;
  /** Settings known without reading them (a scheduled run's copy in its trigger record). */
  settings?: Settings;
}

export class Execution {
  readonly startedAt = appsScriptClock.now();
  readonly stores: SheetStores;
  readonly cache: SharedCache;
  readonly lock: SharedLock;
  readonly store: RecordStore;
  readonly settingsStore: SettingsStore;
  private readonly owner = Math.random().toString(36).slice(2);

  constructor(
    readonly kind: ExecutionKind,
    context: ExecutionContext = {},
  ) {
    this.stores = context.stores ?? spreadsheetStores();
    this.cache = this.stores.cache;
    this.lock = lazyLock(this.stores);
    this.store = new RecordStore(this.cache, this.lock, appsScriptClock);
    this.settingsStore = new SettingsStore(this.stores.properties, this.cache);
    this.loaded = context.settings ?? null;
  }

  /** Reads data buckets and the settings together: a warm cell makes this its only service call. */
  readWithSettings(keys: string[]): { view: CacheView; settings: Settings } {
    const view = this.store.read([SETTINGS_CACHE_KEY, ...keys]);
    this.loaded ??= this.settingsStore.load(view.value(SETTINGS_CACHE_KEY) ?? null);
    return { view, settings: this.loaded };
  }

  private loaded: Settings | null;

  /** The settings, read once per execution (each read is a service call). */
  settings(): Settings {
    return (this.loaded ??= this.settingsStore.load());
  }

  /**
   * `refresh`: this client serves a Tracking sheet refresh, scheduled or "Refresh now". Either way
   * it takes only the refresh's share of the rolling minute, so the sidebar and cells keep room
   * while a long refresh runs.
   */
  client(
    settings: Settings = this.settings(),
    use: 'refresh' | 'own' | 'infer' = 'own',
  ): ApiClient {
    const budget = BUDGETS[this.kind];
    const ceiling =
      this.kind === 'trigger' || use === 'refresh'
        ? settings.refreshRequestsPerMinute
        : budget.ceiling;
    // `infer`: only POST /tracking_requests/infer_number, on that operation's own bucket. A
    // scheduled run spreads its requests over the minute (nobody waits on it; a burst from
    // several spreadsheets on one key is what meets the service's 429).
    const gate =
      use === 'infer'
        ? new SharedRequestGate(
            this.cache,
            this.lock,
            appsScriptClock,
            INFER_RULE.limit,
            INFER_RULE,
            INFER_GATE_KEY,
            { keyWindow: () => keyWindow(settings, 'infer') },
          )
        : new SharedRequestGate(
            this.cache,
            this.lock,
            appsScriptClock,
            ceiling,
            SERVICE_RULE,
            GATE_KEY,
            { keyWindow: () => keyWindow(settings, 'rate'), spread: this.kind === 'trigger' },
          );
    return new ApiClient({
      transport: new UrlFetchTransport(),
      gate,
      clock: appsScriptClock,
      apiKey: requireKey(settings),
      apiBaseUrl: settings.apiBaseUrl,
      deadline: this.startedAt + budget.timeMs,
      maxWaitMs: budget.maxWaitMs,
      ...(budget.maxRetryAfterMs ? { maxRetryAfterMs: budget.maxRetryAfterMs } : {}),
      timeZone: spreadsheetTimeZone,
    });
  }

  tracking(settings: Settings = this.settings()): TrackingData {
    return new TrackingData({
      store: this.store,
      clock: appsScriptClock,
      client: () => this.client(settings),
      owner: this.owner,
    });
  }
}
