// createGasRuntime: runs a built Apps Script project in Node the way Apps Script does. Every
// run() is one execution: a fresh vm context in which the project's code is evaluated again, so
// globals never survive between executions, over stores that do (properties, cache, locks,
// triggers, the spreadsheet, the UI record, Drive, logs). From a folder (codePath's), the code is
// every script file `clasp push` would send, run by gas-local in one global scope as Apps Script
// does: a Node bundle that would be pushed fails every execution here as it would there.

import path from 'node:path';
import vm from 'node:vm';
import { ManualClock } from '../clock';
import type { HttpHandler, HttpRequest, HttpResponse } from '../http';
import { driveRestHandler } from './drive-rest';
import { CacheStore, type CacheScope } from './cache';
import {
  runConcurrently,
  type ConcurrentJob,
  type ConcurrentOptions,
  type ConcurrentOutcome,
} from './concurrent/scheduler';
import { Counters } from './counters';
import { createDriveStore, type DriveOptions, type DriveStore } from './drive';
import { GasException, MESSAGES } from './errors';
import {
  AUTHORIZATION_REQUIRED,
  type Execution,
  type ExecutionRecord,
  type RuntimeClock,
} from './execution';
import { installGlobals } from './globals';
import { LockTable, type LockScope } from './lock';
import type { LogEntry } from './logging';
import type { AuthModeName, ExecutionKind } from './policy';
import { startExecution, type ExecutionStart } from './start-execution';
import { GoogleAccounts } from './accounts';
import { PropertyStore, type PropertyScope } from './properties';
import { projectOf, type Manifest } from './pushed-project';
import { DailyQuota } from './quota';
import { Realm } from './realm';
import type { RuntimeHost } from './runtime-host';
import { GasProject } from './project';
import type { InstallationSourceName, TriggerStore } from './script-app';
import type { SessionOptions } from './session';
import { splitSheetName, parseA1 } from './spreadsheet/a1';
import {
  SpreadsheetModel,
  type FormulaEvaluator,
  type SpreadsheetOptions,
} from './spreadsheet/model';
import type { UiState } from './ui';
import type { UrlFetchLogEntry } from './url-fetch';
import { UrlFetchAllowlist } from './url-fetch-allowlist';
import {
  clockTriggerEvent,
  simpleTriggerEvent,
  takeDueTriggers,
  type TriggerFiring,
} from './trigger-firing';
import { TOO_MUCH_COMPUTER_TIME } from './trigger-runtime';
import { userEdit, type UserEditOptions, type UserEditOutcome } from './user-edit';
import { installVirtualDate } from './virtual-date';
import { FakeTextOutput } from './content';
import {
  errorPageAnswer,
  notDeployedAnswer,
  postEvent,
  redirectAnswer,
  type WebAppAnswer,
  type WebAppPost,
} from './web-app';

export interface GasRuntimeOptions {
  /** The bundle's source, or… */
  code?: string;
  /**
   * …the path of a script file (dist/Code.js) of the folder clasp pushes: every script file of
   * that push set is loaded (the same rule as clasp: .clasp.json's rootDir and .claspignore), and
   * HTML files are read from the folder.
   */
  codePath?: string;
  /** The project's appsscript.json; default: the one in codePath's folder, if clasp pushes it. */
  manifest?: Manifest;
  /**
   * Origins UrlFetchApp treats as if the manifest's urlFetchWhitelist listed them: the local
   * emulator standing in for the API host (e.g. http://127.0.0.1:4949). Every other URL must
   * match the list, as in Apps Script.
   */
  allowlistStandIns?: string[];
  /** Where HtmlService finds `<name>.html`; defaults to the directory of codePath. */
  htmlDir?: string;
  /** Where UrlFetchApp's requests go. */
  fetch: HttpHandler;
  /** Virtual time; advanced by Utilities.sleep, lock waits and X-Emulator-Delay-Ms. */
  clock?: RuntimeClock;
  spreadsheet?: SpreadsheetOptions;
  scriptTimeZone?: string;
  /** Files (or a folder of them); access defaults to what the manifest beside codePath allows. */
  drive?: DriveOptions | string;
  /** Installed as an add-on (stricter trigger limits) rather than a bound script. */
  addOn?: boolean;
  /**
   * What ScriptApp.getInstallationSource() answers (RunOptions can say otherwise for one run).
   * Default: WEB_STORE_ADD_ON for an add-on, NONE for a bound script. An add-on's own project
   * answers NONE when its deployer presses Run in the editor; what a test deployment answers
   * Google does not document.
   */
  installationSource?: InstallationSourceName;
  /** Title of createAddonMenu()'s menu under Extensions. */
  addOnName?: string;
  quotas?: {
    urlFetchPerDay?: number;
    propertiesPerDay?: number;
    /** MailApp recipients a day for a new project (100 consumer, 1,500 Workspace). */
    mailRecipientsPerDay?: number;
    /** Trigger runtime a day per user (90 minutes consumer, 6 hours Workspace). */
    triggerRuntimeMsPerDay?: number;
  };
  /**
   * The project this spreadsheet's script belongs to: pass another runtime's `project` to open a
   * second spreadsheet of the same add-on (shared triggers, script/user stores, openById).
   */
  project?: GasProject;
  /**
   * The Google accounts of a new project (accounts.ts): pass one to several runtimes so their
   * users' trigger time counts across their projects, as on Google. Ignored with `project`.
   */
  accounts?: GoogleAccounts;
  /** The manifest's oauthScopes; when given, SpreadsheetApp.openById needs the spreadsheets scope. */
  oauthScopes?: string[];
  /** The runtime's own account: it runs executions unless RunOptions.user names another. */
  user?: { email?: string; locale?: string };
  formulaEvaluator?: FormulaEvaluator;
}

export interface RunOptions extends ExecutionStart {
  /** For simple triggers: NONE (add-on not yet used in this document), LIMITED (default) or FULL. */
  authMode?: AuthModeName;
  /**
   * Whether the execution has an active spreadsheet (with its document properties, cache and
   * lock). Default: yes, except an add-on's time-driven trigger, which may run without one.
   */
  activeDocument?: boolean;
  /**
   * The account the execution runs as (another editor at the sidebar); default: the runtime's
   * user. A time-driven trigger runs as its owner (fireDueTriggers).
   */
  user?: string;
  /** What ScriptApp.getInstallationSource() answers in this run. */
  installationSource?: InstallationSourceName;
  /**
   * A simple trigger runs only if the project defines it: when the function is missing nothing
   * runs and no execution is recorded (run returns undefined) instead of failing.
   */
  ifDefined?: boolean;
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

export class GasRuntime implements RuntimeHost {
  readonly clock: RuntimeClock;
  readonly counters = new Counters();
  readonly project: GasProject;
  readonly properties: Record<PropertyScope, PropertyStore>;
  readonly caches: Record<CacheScope, CacheStore>;
  /** This spreadsheet's document lock (the script and user locks are the project's). */
  readonly locks = new LockTable();
  readonly triggers: TriggerStore;
  readonly oauthScopes: string[] | undefined;
  readonly spreadsheet: SpreadsheetModel;
  readonly ui: UiState;
  readonly drive: DriveStore;
  readonly logs: LogEntry[] = [];
  readonly urlFetchLog: UrlFetchLogEntry[] = [];
  readonly executions: ExecutionRecord[] = [];
  lastExecution: ExecutionRecord | undefined;
  readonly quotas: { urlFetch: DailyQuota; properties: DailyQuota };
  readonly fetchHandler: HttpHandler;
  /** The manifest's urlFetchWhitelist; undefined when it has none. */
  readonly urlFetchAllowlist: UrlFetchAllowlist | undefined;
  readonly htmlDir: string | undefined;
  readonly addOn: boolean;
  readonly addOnName: string;
  readonly installationSource: InstallationSourceName;
  readonly sessionOptions: SessionOptions;
  readonly #fetch: HttpHandler;
  #driveRest(request: HttpRequest): HttpResponse {
    return driveRestHandler(this.drive, this.project, this.oauthScopes, this.#fetch)(request);
  }
  /** Evaluates the project's code in an execution's context. */
  private readonly load: (context: vm.Context) => void;
  /** The project's code as one program (concurrent executions evaluate it in worker threads). */
  private readonly source: () => { code: string; filename: string };

  constructor(options: GasRuntimeOptions) {
    let manifest = options.manifest;
    if (options.code !== undefined) {
      const code = options.code;
      const filename = options.codePath ?? 'Code.js';
      const script = compile(code, filename);
      this.load = (context) => script.runInContext(context);
      this.source = () => ({ code, filename });
    } else if (options.codePath !== undefined) {
      const project = projectOf(options.codePath);
      manifest ??= project.manifest;
      this.load = project.load;
      this.source = project.source;
    } else {
      throw new Error('createGasRuntime needs `code` or `codePath`');
    }
    this.htmlDir =
      options.htmlDir ?? (options.codePath ? path.dirname(options.codePath) : undefined);
    // Drive's REST API is served from the fake Drive (drive-rest.ts); the rest goes to `fetch`.
    this.fetchHandler = (request) => this.#driveRest(request);
    this.#fetch = options.fetch;
    this.urlFetchAllowlist = manifest?.urlFetchWhitelist
      ? new UrlFetchAllowlist(manifest.urlFetchWhitelist, options.allowlistStandIns)
      : undefined;
    this.clock = options.clock ?? new ManualClock(Date.now());
    this.spreadsheet = new SpreadsheetModel(options.spreadsheet);
    this.spreadsheet.formulaEvaluator = options.formulaEvaluator;
    this.project =
      options.project ??
      new GasProject({
        ...(options.quotas?.mailRecipientsPerDay === undefined
          ? {}
          : { mailRecipientsPerDay: options.quotas.mailRecipientsPerDay }),
        ...(options.quotas?.triggerRuntimeMsPerDay === undefined
          ? {}
          : { triggerRuntimeMsPerDay: options.quotas.triggerRuntimeMsPerDay }),
        ...(options.accounts ? { accounts: options.accounts } : {}),
      });
    this.project.join(this);
    this.triggers = this.project.triggers;
    this.properties = { document: new PropertyStore(), ...this.project.properties };
    this.caches = { document: new CacheStore(), ...this.project.caches };
    this.oauthScopes = options.oauthScopes;
    this.ui = {
      menus: [],
      sidebars: [],
      dialogs: [],
      alerts: [],
      alertResponses: [],
      toasts: this.spreadsheet.toasts,
    };
    this.addOn = options.addOn ?? false;
    this.addOnName = options.addOnName ?? 'Add-on';
    this.installationSource =
      options.installationSource ?? (this.addOn ? 'WEB_STORE_ADD_ON' : 'NONE');
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
    // The runtime's own account is the first user of a new project: its user stores, user lock,
    // mail quota and OAuth token are `properties.user`, `caches.user`, `project.locks`,
    // `mail.quota` and FAKE_OAUTH_TOKEN.
    const firstUser = this.sessionOptions.effectiveUserEmail;
    this.spreadsheet.owner ??= firstUser;
    this.project.storesOf(firstUser);
    this.project.userLocks(firstUser);
    this.project.mail.quotaOf(firstUser);
    this.project.tokens.issue(firstUser);
    this.drive = createDriveStore(
      options.drive,
      options.codePath,
      this.sessionOptions.activeUserEmail,
    );
  }

  get formulaEvaluator(): FormulaEvaluator | undefined {
    return this.spreadsheet.formulaEvaluator;
  }

  set formulaEvaluator(evaluator: FormulaEvaluator | undefined) {
    this.spreadsheet.formulaEvaluator = evaluator;
  }

  /** Runs one execution of a top-level function and returns its result as Node values. */
  run<T = unknown>(functionName: string, args: unknown[] = [], options: RunOptions = {}): T {
    const exec = startExecution(this, functionName, options);
    const { kind, authMode } = exec;
    const activeDocument = options.activeDocument ?? !(this.addOn && kind === 'trigger');
    // "When a bound script is run as a web app … these methods [getActiveSpreadsheet, getUi] are
    // not available" (bound-scripts guide); its document properties still are ("available … if
    // it is bound to a Google file type": PropertiesService reference), its document cache and
    // lock are not (globals.ts).
    const activeSpreadsheet = activeDocument && kind !== 'web-app';
    const triggerTime = this.#triggerTimeOf(kind);
    const triggerTimeLeft = triggerTime?.remainingMs(exec.user, exec.startedAt) ?? Infinity;
    const context = vm.createContext({});
    const realm = new Realm(context, exec);
    installGlobals(context, realm, this, exec, activeDocument, activeSpreadsheet);
    installVirtualDate(context, () => this.clock.now());
    let error: Error | undefined;
    let ran = true;
    try {
      (kind === 'web-app' && this.#deployed ? this.#deployed : this.load)(context);
      const fn = context[functionName] as unknown;
      if (typeof fn !== 'function' && options.ifDefined) {
        ran = false;
        return undefined as T;
      }
      if (triggerTimeLeft <= 0) throw new GasException(TOO_MUCH_COMPUTER_TIME);
      if (typeof fn !== 'function') throw new GasException(MESSAGES.functionNotFound(functionName));
      const scriptArgs =
        args.length || kind !== 'simple-trigger'
          ? args
          : [simpleTriggerEvent(this.spreadsheet, authMode)];
      const result = (fn as (...a: unknown[]) => unknown)(
        ...scriptArgs.map((a) => realm.toScript(a)),
      );
      if (exec.elapsedMs() > exec.limitMs) throw new GasException(MESSAGES.exceededTime);
      if (exec.elapsedMs() > triggerTimeLeft) throw new GasException(TOO_MUCH_COMPUTER_TIME);
      // requireScopes ended it: caught in the script or not, the execution did not go on.
      if (exec.consentPrompt) throw new GasException(AUTHORIZATION_REQUIRED);
      return realm.toNode(result) as T;
    } catch (thrown) {
      error = toNodeError(thrown);
      throw error;
    } finally {
      this.locks.releaseAll(exec.id);
      this.project.releaseLocks(exec.id);
      if (ran) this.#record(exec, functionName, triggerTimeLeft, error);
    }
  }

  /** "Simple triggers are subject to Apps Script trigger quota limits" (triggers guide). */
  #triggerTimeOf(kind: ExecutionKind) {
    return kind === 'trigger' || kind === 'simple-trigger'
      ? this.project.triggerRuntime
      : undefined;
  }

  #record(exec: Execution, functionName: string, triggerTimeLeft: number, error?: Error): void {
    const elapsedMs = exec.elapsedMs();
    this.#triggerTimeOf(exec.kind)?.spend(
      exec.user,
      exec.startedAt,
      Math.min(elapsedMs, triggerTimeLeft),
    );
    this.lastExecution = exec.record(functionName, {
      elapsedMs,
      exceeded: elapsedMs > exec.limitMs,
      ...(error ? { error: error.message } : {}),
    });
    this.executions.push(this.lastExecution);
  }

  /**
   * A POST to the project deployed as a web app: runs doPost(e) with Apps Script's event object
   * (web-app.ts) as a 'web-app' execution and returns what its TextOutput holds (behind a 302). A
   * doPost that throws or returns anything else gets Apps Script's error page, with 200.
   */
  postToWebApp(post: WebAppPost): WebAppAnswer {
    if (!this.#deployed) return notDeployedAnswer();
    let output: unknown;
    try {
      output = this.run('doPost', [postEvent(post)], { kind: 'web-app' });
    } catch (e) {
      return errorPageAnswer(e instanceof Error ? e.message : String(e));
    }
    if (!(output instanceof FakeTextOutput))
      return errorPageAnswer('The script completed but did not return anything.');
    return redirectAnswer(output.getContent(), output.contentType(), ++this.#echoes);
  }

  /**
   * Deploys the project as a web app (Deploy → New deployment, or `clasp deploy -i <id>`): from
   * now on /exec (postToWebApp, and every 'web-app' execution) runs the code as it is now, not
   * what a later push changes ("/exec serves the deployed version", ENGINEERING.md).
   */
  deployWebApp(): void {
    const { code, filename } = this.source();
    const script = compile(code, filename);
    this.#deployed = (context) => script.runInContext(context);
    this.#deployedSource = { code, filename };
  }

  #deployed: ((context: vm.Context) => void) | null = null;
  #deployedSource: { code: string; filename: string } | null = null;

  /** The deployed version's code, which every 'web-app' execution runs; null before a deployment. */
  get deployedSource(): { code: string; filename: string } | null {
    return this.#deployedSource;
  }
  #echoes = 0;

  /**
   * Runs several executions at once, interleaved at service calls by a seeded scheduler (see
   * concurrent/scheduler.ts); one outcome per job, in the jobs' order.
   */
  /** The project's code as one program, as concurrent executions load it. */
  get bundleSource(): { code: string; filename: string } {
    return this.source();
  }

  runConcurrently(jobs: ConcurrentJob[], options: ConcurrentOptions = {}): ConcurrentOutcome[] {
    return runConcurrently(this, jobs, options);
  }

  /**
   * Runs, each as its own 'trigger' execution, the project's time-driven triggers due at the
   * virtual now (those created in other spreadsheets of the project too), each as the account
   * that created it. A bound script's trigger runs in its spreadsheet; an add-on's runs without
   * an active spreadsheet.
   */
  fireDueTriggers(): TriggerFiring[] {
    const now = this.clock.now();
    return takeDueTriggers(this.triggers, now).map((trigger) => {
      const { uniqueId: triggerId, handlerFunction } = trigger;
      const home = trigger.documentId ? this.project.member(trigger.documentId) : undefined;
      const runtime = home instanceof GasRuntime && !this.addOn ? home : this;
      try {
        runtime.run(handlerFunction, [clockTriggerEvent(trigger, now)], {
          kind: 'trigger',
          user: trigger.owner,
        });
        return { triggerId, handlerFunction, ok: true };
      } catch (e) {
        return { triggerId, handlerFunction, ok: false, error: (e as Error).message };
      }
    });
  }

  /**
   * The time-driven triggers due at the virtual now as jobs for runConcurrently (each a 'trigger'
   * execution as the account that created it, with its event), taken as fireDueTriggers takes
   * them: Apps Script starts a due trigger whatever else its owner runs, so under concurrency it
   * can be refused (30 simultaneous executions) or find the owner's trigger time used up. They
   * run in this runtime's spreadsheet (tests with one spreadsheet).
   */
  dueTriggerJobs(): ConcurrentJob[] {
    const now = this.clock.now();
    return takeDueTriggers(this.triggers, now).map((trigger) => ({
      fn: trigger.handlerFunction,
      args: [clockTriggerEvent(trigger, now)],
      kind: 'trigger',
      user: trigger.owner,
    }));
  }

  /** Simulates another execution holding a lock until the virtual time `untilMs`. */
  holdLock(scope: LockScope, untilMs: number, user = this.sessionOptions.effectiveUserEmail): void {
    const table =
      scope === 'document'
        ? this.locks
        : scope === 'user'
          ? this.project.userLocks(user)
          : this.project.locks;
    table.holdExternally(scope, untilMs);
  }

  /** Simulates Apps Script dropping cache entries early; returns how many were dropped. */
  evictCache(predicate?: (entry: CacheEntryRef) => boolean): number {
    let n = 0;
    for (const scope of ['document', 'script', 'user'] as const) {
      n += this.caches[scope].evict((key, value) => predicate?.({ scope, key, value }) ?? true);
    }
    return n;
  }

  /**
   * A person types `input` into a cell (or pastes rows of values from it): it lands as typed and
   * the project's onEdit(e) simple trigger runs, if it has one (user-edit.ts). Script writes never
   * fire onEdit.
   */
  userEdit(
    sheetName: string,
    row: number,
    column: number,
    input: unknown,
    options?: UserEditOptions,
  ): UserEditOutcome {
    return userEdit(this, sheetName, row, column, input, options);
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
