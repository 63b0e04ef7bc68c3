// ScriptApp: time-driven triggers kept in the project's TriggerStore (shared by every spreadsheet
// of an add-on) that runtime.fireDueTriggers() runs. Confirmed by lookup: everyMinutes accepts 1,
// 5, 10, 15 or 30 (ClockTriggerBuilder reference); add-ons may use time-driven triggers at most
// once an hour (installable triggers guide) and "one trigger of each type, per user, per
// document" (editor add-on triggers guide); getProjectTriggers spans the project for the current
// user; getInstallationSource is NONE when the script is not running as an add-on (and, in an
// add-on's own project, when its deployer presses Run: RunOptions.installationSource). The trigger
// editor offers every 1, 2, 4, 6, 8 or 12 hours, which is what everyHours accepts here. Assumed
// wording (not found): the error messages below; from memory: 20 triggers per user per script.
// Triggers belong to the account that created them: "Installable triggers always run under the
// account of the person who created them" and "a given account cannot see triggers installed from
// a second account" (installable triggers guide, Restrictions), so getProjectTriggers(),
// getUserTriggers() and the limits count only the current execution's user's triggers.

import {
  AuthorizationStatus,
  authorizationInfo,
  FakeAuthorizationInfo,
  requireScopes,
  SCRIPT_ID,
} from './authorization';
import type { Execution } from './execution';
import { fail } from './errors';
import type { OAuthTokens } from './oauth-tokens';
import { registerFake } from './registry';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const VALID_MINUTES = [1, 5, 10, 15, 30];
const VALID_HOURS = [1, 2, 4, 6, 8, 12];
const SCRIPT_TRIGGER_LIMIT = 20;

export { FAKE_OAUTH_TOKEN } from './oauth-tokens';

export const AuthMode = {
  NONE: 'NONE',
  CUSTOM_FUNCTION: 'CUSTOM_FUNCTION',
  LIMITED: 'LIMITED',
  FULL: 'FULL',
} as const;
export const EventType = {
  CLOCK: 'CLOCK',
  ON_OPEN: 'ON_OPEN',
  ON_EDIT: 'ON_EDIT',
  ON_CHANGE: 'ON_CHANGE',
  ON_FORM_SUBMIT: 'ON_FORM_SUBMIT',
} as const;
export const TriggerSource = {
  SPREADSHEETS: 'SPREADSHEETS',
  CLOCK: 'CLOCK',
  DRIVE: 'DRIVE',
} as const;
export { AuthorizationStatus };
/** Apps Script reference, Enum InstallationSource: NONE means "not running as an add-on". */
export const InstallationSource = {
  APPS_MARKETPLACE_DOMAIN_ADD_ON: 'APPS_MARKETPLACE_DOMAIN_ADD_ON',
  NONE: 'NONE',
  WEB_STORE_ADD_ON: 'WEB_STORE_ADD_ON',
} as const;
export type InstallationSourceName = keyof typeof InstallationSource;

export interface TriggerRecord {
  uniqueId: string;
  handlerFunction: string;
  /** Repeat interval; undefined for one-shot `after()` / `at()` triggers. */
  everyMs?: number;
  nextRunAt: number;
  createdAt: number;
  /** The spreadsheet the trigger was created from (null: no active document). */
  documentId: string | null;
  /** The account that created it: it runs as that account and only that account sees it. */
  owner: string;
}

export class TriggerStore {
  triggers: TriggerRecord[] = [];
  /**
   * Messages the next create() calls fail with, one each: trigger creation is reported to fail
   * now and then with a generic server error (GitHub issue derekantrican/GAS-ICS-Sync#110/#114).
   */
  readonly createFaults: string[] = [];
  private nextId = 1;

  newId(): string {
    return String(1_000_000_000 + this.nextId++);
  }
}

export class FakeTrigger implements Pick<
  GoogleAppsScript.Script.Trigger,
  'getHandlerFunction' | 'getUniqueId'
> {
  constructor(private readonly record: TriggerRecord) {}

  static idOf(trigger: FakeTrigger): string {
    return trigger.record.uniqueId;
  }

  getHandlerFunction(): string {
    return this.record.handlerFunction;
  }

  getUniqueId(): string {
    return this.record.uniqueId;
  }

  getEventType(): string {
    return EventType.CLOCK;
  }

  getTriggerSource(): string {
    return TriggerSource.CLOCK;
  }

  getTriggerSourceId(): string | null {
    return null;
  }
}

export class FakeClockTriggerBuilder {
  #everyMs: number | undefined;
  #firstAt: number | undefined;

  constructor(
    private readonly store: TriggerStore,
    private readonly handler: string,
    private readonly exec: Execution,
    private readonly addOn: boolean,
    private readonly documentId: string | null,
  ) {}

  everyMinutes(n: number): this {
    if (!VALID_MINUTES.includes(n))
      fail('Invalid argument: minutes. Must be one of 1, 5, 10, 15 or 30.');
    this.#everyMs = n * MINUTE;
    return this;
  }

  everyHours(n: number): this {
    if (!VALID_HOURS.includes(n))
      fail('Invalid argument: hours. Must be one of 1, 2, 4, 6, 8 or 12.');
    this.#everyMs = n * HOUR;
    return this;
  }

  everyDays(n: number): this {
    if (!Number.isInteger(n) || n < 1) fail('Invalid argument: days');
    this.#everyMs = n * 24 * HOUR;
    return this;
  }

  after(durationMilliseconds: number): this {
    this.#firstAt = this.exec.now() + Math.max(0, durationMilliseconds);
    return this;
  }

  at(date: Date): this {
    this.#firstAt = date.getTime();
    return this;
  }

  create(): FakeTrigger {
    const now = this.exec.now();
    const fault = this.store.createFaults.shift();
    if (fault !== undefined) fail(fault);
    if (this.#everyMs === undefined && this.#firstAt === undefined) {
      fail(
        'A time-based trigger needs a schedule: everyMinutes, everyHours, everyDays, after or at.',
      );
    }
    if (this.addOn && this.#everyMs !== undefined && this.#everyMs < HOUR) {
      fail('Add-ons cannot create time-based triggers that run more often than once an hour.');
    }
    const users = this.store.triggers.filter((t) => t.owner === this.exec.user);
    const inThisDocument = users.filter(
      (t) => t.documentId !== null && t.documentId === this.documentId,
    );
    if (this.addOn && inThisDocument.length >= 1) {
      fail(
        'This add-on has created too many time-based triggers in this document for this Google user account.',
      );
    }
    if (users.length >= SCRIPT_TRIGGER_LIMIT) {
      fail(
        'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
      );
    }
    const record: TriggerRecord = {
      uniqueId: this.store.newId(),
      handlerFunction: this.handler,
      ...(this.#everyMs !== undefined && this.#firstAt === undefined
        ? { everyMs: this.#everyMs }
        : {}),
      nextRunAt: this.#firstAt ?? now + (this.#everyMs ?? 0),
      createdAt: now,
      documentId: this.documentId,
      owner: this.exec.user,
    };
    this.store.triggers.push(record);
    return new FakeTrigger(record);
  }
}

export class FakeTriggerBuilder {
  constructor(
    private readonly store: TriggerStore,
    private readonly handler: string,
    private readonly exec: Execution,
    private readonly addOn: boolean,
    private readonly documentId: string | null,
  ) {}

  timeBased(): FakeClockTriggerBuilder {
    return new FakeClockTriggerBuilder(
      this.store,
      this.handler,
      this.exec,
      this.addOn,
      this.documentId,
    );
  }
}

export class FakeScriptApp {
  readonly AuthMode = AuthMode;
  readonly EventType = EventType;
  readonly TriggerSource = TriggerSource;
  readonly AuthorizationStatus = AuthorizationStatus;
  readonly InstallationSource = InstallationSource;

  constructor(
    private readonly store: TriggerStore,
    private readonly exec: Execution,
    private readonly addOn: boolean,
    /** The active spreadsheet's id, or null when the execution has none. */
    private readonly documentId: string | null,
    private readonly tokens: OAuthTokens,
  ) {}

  newTrigger(functionName: string): FakeTriggerBuilder {
    return new FakeTriggerBuilder(
      this.store,
      String(functionName),
      this.exec,
      this.addOn,
      this.documentId,
    );
  }

  /** This user's triggers of the project, whichever spreadsheet created them. */
  #mine(): TriggerRecord[] {
    return this.store.triggers.filter((t) => t.owner === this.exec.user);
  }

  /** Every trigger of the project for this user, whichever spreadsheet created it. */
  getProjectTriggers(): FakeTrigger[] {
    return this.#mine().map((t) => new FakeTrigger(t));
  }

  /** The user's triggers of one spreadsheet. */
  getUserTriggers(spreadsheet: { getId(): string }): FakeTrigger[] {
    const id = spreadsheet.getId();
    return this.#mine()
      .filter((t) => t.documentId === id)
      .map((t) => new FakeTrigger(t));
  }

  /** Only the user's own triggers can be deleted (another's are never handed to the script). */
  deleteTrigger(trigger: FakeTrigger): void {
    const id = FakeTrigger.idOf(trigger);
    this.store.triggers = this.store.triggers.filter(
      (t) => t.uniqueId !== id || t.owner !== this.exec.user,
    );
  }

  /** The user's grants for the given scopes, or for all the manifest's (authorization.ts). */
  getAuthorizationInfo(authMode?: string, oAuthScopes?: unknown): FakeAuthorizationInfo {
    return authorizationInfo(this.exec, authMode, oAuthScopes);
  }

  /** Ends the execution unless the user granted these scopes (authorization.ts). */
  requireScopes(authMode: string, oAuthScopes: unknown): void {
    if (!Array.isArray(oAuthScopes)) fail('Invalid argument: oAuthScopes');
    requireScopes(this.exec, authMode, oAuthScopes);
  }

  /** Ends the execution unless the user granted every scope of the manifest. */
  requireAllScopes(authMode: string): void {
    requireScopes(this.exec, authMode, undefined);
  }

  /** As the add-on or bound script was installed (RunOptions.installationSource). */
  getInstallationSource(): string {
    return this.exec.installationSource;
  }

  getScriptId(): string {
    return SCRIPT_ID;
  }

  /** The effective user's token (oauth-tokens.ts); it carries their grants, nothing more. */
  getOAuthToken(): string {
    return this.tokens.issue(this.exec.user);
  }
}

registerFake(FakeScriptApp, {
  label: 'ScriptApp',
  service: 'Script',
  scope: 'scriptapp',
  constants: [
    'AuthMode',
    'EventType',
    'TriggerSource',
    'AuthorizationStatus',
    'InstallationSource',
  ],
  methods: {
    getAuthorizationInfo: { scope: 'local' },
    requireScopes: { scope: 'local' },
    requireAllScopes: { scope: 'local' },
    getScriptId: { scope: 'local' },
    getInstallationSource: { scope: 'local' },
    // The reference lists no scope for it: the token itself carries only what was granted.
    getOAuthToken: { oauth: null },
  },
});
registerFake(FakeTriggerBuilder, { label: 'TriggerBuilder', service: null, scope: 'scriptapp' });
registerFake(FakeClockTriggerBuilder, {
  label: 'ClockTriggerBuilder',
  service: null,
  scope: 'scriptapp',
  methods: { create: { service: 'Script' } },
});
registerFake(FakeTrigger, { label: 'Trigger', service: null, scope: 'local' });
