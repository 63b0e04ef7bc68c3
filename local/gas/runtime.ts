// createGasRuntime: runs a built Apps Script bundle in Node the way Apps Script does. Every
// run() is one execution: a fresh vm context in which the (compiled once) bundle is evaluated
// again, so globals never survive between executions, over stores that do (properties, cache,
// locks, triggers, the spreadsheet, the UI record, Drive, logs).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { ManualClock } from '../clock';
import type { HttpHandler } from '../http';
import { CacheStore, type CacheScope } from './cache';
import {
  runConcurrently,
  type ConcurrentJob,
  type ConcurrentOptions,
  type ConcurrentOutcome,
} from './concurrent/scheduler';
import { Counters } from './counters';
import { loadDriveFolder, type DriveFileSpec } from './drive';
import { GasException, MESSAGES } from './errors';
import { Execution, type ExecutionRecord, type RuntimeClock } from './execution';
import { installGlobals } from './globals';
import { LockTable, type LockScope } from './lock';
import type { LogEntry } from './logging';
import type { AuthModeName, ExecutionKind } from './policy';
import { PropertyStore, type PropertyScope } from './properties';
import { DailyQuota } from './quota';
import { Realm } from './realm';
import { TriggerStore } from './script-app';
import type { SessionOptions } from './session';
import { splitSheetName, parseA1 } from './spreadsheet/a1';
import {
  SpreadsheetModel,
  type FormulaEvaluator,
  type SpreadsheetOptions,
} from './spreadsheet/model';
import { FakeSpreadsheet } from './spreadsheet/spreadsheet';
import type { UiState } from './ui';
import type { UrlFetchLogEntry } from './url-fetch';
import { clockTriggerEvent, takeDueTriggers, type TriggerFiring } from './trigger-firing';
import { installVirtualDate } from './virtual-date';

export interface GasRuntimeOptions {
  /** The bundle's source, or… */
  code?: string;
  /** …the path of the bundle (dist/Code.js); its directory is also where HTML files are read. */
  codePath?: string;
  /** Where HtmlService finds `<name>.html`; defaults to the directory of codePath. */
  htmlDir?: string;
  /** Where UrlFetchApp's requests go. */
  fetch: HttpHandler;
  /** Virtual time; advanced by Utilities.sleep, lock waits and X-Emulator-Delay-Ms. */
  clock?: RuntimeClock;
  spreadsheet?: SpreadsheetOptions;
  scriptTimeZone?: string;
  drive?: { files: DriveFileSpec[] } | string;
  /** Installed as an add-on (stricter trigger limits) rather than a bound script. */
  addOn?: boolean;
  /** Title of createAddonMenu()'s menu under Extensions. */
  addOnName?: string;
  quotas?: { urlFetchPerDay?: number; propertiesPerDay?: number };
  user?: { email?: string; locale?: string };
  formulaEvaluator?: FormulaEvaluator;
}

export interface RunOptions {
  kind?: ExecutionKind;
  /** For simple triggers: NONE (add-on not yet used in this document), LIMITED (default) or FULL. */
  authMode?: AuthModeName;
}

export interface CacheEntryRef {
  scope: CacheScope;
  key: string;
  value: string;
}

const compiled = new Map<string, vm.Script>();

function compile(code: string, filename: string): vm.Script {
  const key = `${filename}\n${code}`;
  let script = compiled.get(key);
  if (!script) {
    script = new vm.Script(code, { filename });
    compiled.set(key, script);
  }
  return script;
}

/** A script-realm throw as a Node Error carrying the script's message. */
function toNodeError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  if (typeof thrown === 'object' && thrown !== null && 'message' in thrown) {
    const source = thrown as { name?: unknown; message: unknown; stack?: unknown };
    const error = new Error(String(source.message));
    error.name = String(source.name ?? 'Error');
    if (typeof source.stack === 'string') error.stack = source.stack;
    return error;
  }
  return new Error(String(thrown));
}

const defaultAuthMode = (kind: ExecutionKind): AuthModeName =>
  kind === 'custom-function' ? 'CUSTOM_FUNCTION' : kind === 'simple-trigger' ? 'LIMITED' : 'FULL';

export class GasRuntime {
  readonly clock: RuntimeClock;
  readonly counters = new Counters();
  readonly properties: Record<PropertyScope, PropertyStore> = {
    document: new PropertyStore(),
    script: new PropertyStore(),
    user: new PropertyStore(),
  };
  readonly caches: Record<CacheScope, CacheStore> = {
    document: new CacheStore(),
    script: new CacheStore(),
    user: new CacheStore(),
  };
  readonly locks = new LockTable();
  readonly triggers = new TriggerStore();
  readonly spreadsheet: SpreadsheetModel;
  readonly ui: UiState;
  readonly drive: { files: DriveFileSpec[] };
  readonly logs: LogEntry[] = [];
  readonly urlFetchLog: UrlFetchLogEntry[] = [];
  readonly executions: ExecutionRecord[] = [];
  lastExecution: ExecutionRecord | undefined;
  readonly quotas: { urlFetch: DailyQuota; properties: DailyQuota };
  readonly fetchHandler: HttpHandler;
  readonly htmlDir: string | undefined;
  readonly addOn: boolean;
  readonly addOnName: string;
  readonly sessionOptions: SessionOptions;
  /** The bundle as loaded (concurrent executions evaluate it in worker threads). */
  readonly bundleSource: { code: string; filename: string };
  private readonly script: vm.Script;

  constructor(options: GasRuntimeOptions) {
    const code =
      options.code ?? (options.codePath ? readFileSync(options.codePath, 'utf8') : undefined);
    if (code === undefined) throw new Error('createGasRuntime needs `code` or `codePath`');
    this.bundleSource = { code, filename: options.codePath ?? 'Code.js' };
    this.script = compile(code, this.bundleSource.filename);
    this.htmlDir =
      options.htmlDir ?? (options.codePath ? path.dirname(options.codePath) : undefined);
    this.fetchHandler = options.fetch;
    this.clock = options.clock ?? new ManualClock(Date.now());
    this.spreadsheet = new SpreadsheetModel(options.spreadsheet);
    this.spreadsheet.formulaEvaluator = options.formulaEvaluator;
    this.ui = {
      menus: [],
      sidebars: [],
      dialogs: [],
      alerts: [],
      alertResponses: [],
      toasts: this.spreadsheet.toasts,
    };
    this.drive =
      typeof options.drive === 'string'
        ? { files: loadDriveFolder(options.drive) }
        : (options.drive ?? { files: [] });
    this.addOn = options.addOn ?? false;
    this.addOnName = options.addOnName ?? 'Add-on';
    this.quotas = {
      urlFetch: new DailyQuota('urlfetch', options.quotas?.urlFetchPerDay ?? 20_000),
      properties: new DailyQuota('properties', options.quotas?.propertiesPerDay ?? 50_000),
    };
    this.sessionOptions = {
      scriptTimeZone: options.scriptTimeZone ?? 'Etc/UTC',
      activeUserEmail: options.user?.email ?? 'user@example.com',
      effectiveUserEmail: options.user?.email ?? 'user@example.com',
      locale: options.user?.locale ?? 'en',
    };
  }

  get formulaEvaluator(): FormulaEvaluator | undefined {
    return this.spreadsheet.formulaEvaluator;
  }

  set formulaEvaluator(evaluator: FormulaEvaluator | undefined) {
    this.spreadsheet.formulaEvaluator = evaluator;
  }

  /** Runs one execution of a top-level function and returns its result as Node values. */
  run<T = unknown>(functionName: string, args: unknown[] = [], options: RunOptions = {}): T {
    const kind = options.kind ?? 'menu';
    const authMode = options.authMode ?? defaultAuthMode(kind);
    const exec = new Execution(functionName, kind, authMode, this.clock, this.counters);
    const context = vm.createContext({});
    const realm = new Realm(context, exec);
    installGlobals(context, realm, this, exec);
    installVirtualDate(context, () => this.clock.now());
    let error: Error | undefined;
    try {
      this.script.runInContext(context);
      const fn = context[functionName] as unknown;
      if (typeof fn !== 'function') throw new GasException(MESSAGES.functionNotFound(functionName));
      const scriptArgs =
        args.length || kind !== 'simple-trigger' ? args : [this.#simpleTriggerEvent(authMode)];
      const result = (fn as (...a: unknown[]) => unknown)(
        ...scriptArgs.map((a) => realm.toScript(a)),
      );
      if (exec.elapsedMs() > exec.limitMs) throw new GasException(MESSAGES.exceededTime);
      return realm.toNode(result) as T;
    } catch (thrown) {
      error = toNodeError(thrown);
      throw error;
    } finally {
      this.locks.releaseAll(exec.id);
      const elapsedMs = exec.elapsedMs();
      this.lastExecution = {
        id: exec.id,
        functionName,
        kind,
        authMode,
        startedAt: exec.startedAt,
        elapsedMs,
        limitMs: exec.limitMs,
        exceeded: elapsedMs > exec.limitMs,
        ok: error === undefined,
        ...(error ? { error: error.message } : {}),
        calls: exec.counters.snapshot(),
      };
      this.executions.push(this.lastExecution);
    }
  }

  /**
   * Runs several executions at once, interleaved at service calls by a seeded scheduler (see
   * concurrent/scheduler.ts); one outcome per job, in the jobs' order.
   */
  runConcurrently(jobs: ConcurrentJob[], options: ConcurrentOptions = {}): ConcurrentOutcome[] {
    return runConcurrently(this, jobs, options);
  }

  #simpleTriggerEvent(authMode: AuthModeName): Record<string, unknown> {
    return { authMode, source: new FakeSpreadsheet(this.spreadsheet), user: undefined };
  }

  /** Runs, each as its own 'trigger' execution, the time-driven triggers due at the virtual now. */
  fireDueTriggers(): TriggerFiring[] {
    const now = this.clock.now();
    return takeDueTriggers(this.triggers, now).map((trigger) => {
      const { uniqueId: triggerId, handlerFunction } = trigger;
      try {
        this.run(handlerFunction, [clockTriggerEvent(trigger, now)], { kind: 'trigger' });
        return { triggerId, handlerFunction, ok: true };
      } catch (e) {
        return { triggerId, handlerFunction, ok: false, error: (e as Error).message };
      }
    });
  }

  /** Simulates another execution holding a lock until the virtual time `untilMs`. */
  holdLock(scope: LockScope, untilMs: number): void {
    this.locks.holdExternally(scope, untilMs);
  }

  /** Simulates Apps Script dropping cache entries early; returns how many were dropped. */
  evictCache(predicate?: (entry: CacheEntryRef) => boolean): number {
    let n = 0;
    for (const scope of ['document', 'script', 'user'] as const) {
      n += this.caches[scope].evict((key, value) => predicate?.({ scope, key, value }) ?? true);
    }
    return n;
  }

  /** Sets the user's selection (active sheet and range), e.g. select('Tracking', 'A5'). */
  select(sheetName: string, a1: string): void {
    const sheet = this.spreadsheet.sheetByName(sheetName);
    if (!sheet) throw new Error(`No sheet named ${sheetName}`);
    const { cells } = splitSheetName(a1);
    this.spreadsheet.active = { sheet, area: parseA1(cells, sheet.maxRows, sheet.maxColumns) };
  }
}

export function createGasRuntime(options: GasRuntimeOptions): GasRuntime {
  return new GasRuntime(options);
}
