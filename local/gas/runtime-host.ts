// What an execution's services read from the runtime they run in: the shared stores, quotas and
// settings of GasRuntime (runtime.ts), as globals.ts and concurrent/scheduler.ts use them. They
// take this interface, not the class, so neither imports runtime.ts (which imports both).

import type { HttpHandler } from '../http';
import type { CacheScope, CacheStore } from './cache';
import type { Counters } from './counters';
import type { DriveStore } from './drive';
import type { ExecutionRecord, RuntimeClock } from './execution';
import type { LockTable } from './lock';
import type { LogEntry } from './logging';
import type { GasProject } from './project';
import type { PropertyScope, PropertyStore } from './properties';
import type { DailyQuota } from './quota';
import type { InstallationSourceName, TriggerStore } from './script-app';
import type { SessionOptions } from './session';
import type { SpreadsheetModel } from './spreadsheet/model';
import type { UiState } from './ui';
import type { UrlFetchLogEntry } from './url-fetch';
import type { UrlFetchAllowlist } from './url-fetch-allowlist';

/** The runtime as an execution's services see it (globals.ts's createServices). */
export interface ServiceHost {
  readonly project: GasProject;
  readonly properties: Record<PropertyScope, PropertyStore>;
  readonly caches: Record<CacheScope, CacheStore>;
  /** The spreadsheet's document lock (the script and user locks are the project's). */
  readonly locks: LockTable;
  readonly triggers: TriggerStore;
  readonly oauthScopes: string[] | undefined;
  readonly spreadsheet: SpreadsheetModel;
  readonly ui: UiState;
  readonly drive: DriveStore;
  readonly logs: LogEntry[];
  readonly urlFetchLog: UrlFetchLogEntry[];
  readonly quotas: { urlFetch: DailyQuota; properties: DailyQuota };
  readonly fetchHandler: HttpHandler;
  readonly urlFetchAllowlist: UrlFetchAllowlist | undefined;
  readonly htmlDir: string | undefined;
  readonly addOn: boolean;
  readonly addOnName: string;
  readonly sessionOptions: SessionOptions;
  /** What ScriptApp.getInstallationSource() answers unless a run says otherwise. */
  readonly installationSource: InstallationSourceName;
}

/** The runtime as concurrent executions (concurrent/scheduler.ts) run over it. */
export interface RuntimeHost extends ServiceHost {
  readonly clock: RuntimeClock;
  readonly counters: Counters;
  readonly executions: ExecutionRecord[];
  lastExecution: ExecutionRecord | undefined;
  /** The project's code as one program, as concurrent executions load it. */
  readonly bundleSource: { code: string; filename: string };
  /** What /exec runs: the code as it was at the last deployWebApp(); null before one. */
  readonly deployedSource: { code: string; filename: string } | null;
}
