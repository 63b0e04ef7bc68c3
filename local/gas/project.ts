// GasProject: what one Apps Script project shares across the spreadsheets it runs in. An editor
// add-on is one project for all of a user's spreadsheets: ScriptApp.getProjectTriggers() returns
// "all installable triggers associated with the current project and current user" (ScriptApp
// reference), so across spreadsheets, and script/user properties, caches and locks are
// project-wide too. Document properties, cache and lock stay with each spreadsheet's GasRuntime.
// Users: each execution runs as an account (Execution.user). User properties and the user cache
// are per user and per project ("the current user of a script": PropertiesService reference);
// the first user asked for (the runtime's own) gets `properties.user` / `caches.user`. Triggers,
// mail recipients and trigger runtime are counted per user too. The user lock is per user as
// well ("prevents concurrent access to a section of code by the current user": LockService
// reference); the first user's sits in `locks` beside the script lock. Each user's OAuth grants
// (granular consent) and token are the project's too (consent.ts, oauth-tokens.ts). Trigger
// runtime belongs to the Google account, across projects (accounts.ts).

import { GoogleAccounts } from './accounts';
import { CacheStore } from './cache';
import { ConsentStore } from './consent';
import { LockTable, type LockScope } from './lock';
import { MailState } from './mail';
import { OAuthTokens } from './oauth-tokens';
import { PropertyStore } from './properties';
import { TriggerStore } from './script-app';
import type { TriggerRuntimeQuota } from './trigger-runtime';
import type { SpreadsheetModel } from './spreadsheet/model';

/** A spreadsheet the project runs in, and how a trigger created there is run. */
export interface ProjectMember {
  readonly spreadsheet: SpreadsheetModel;
}

export class GasProject {
  readonly triggers = new TriggerStore();
  readonly properties = { script: new PropertyStore(), user: new PropertyStore() };
  readonly caches = { script: new CacheStore(), user: new CacheStore() };
  /**
   * The script lock, one for every user and spreadsheet of the project, and the first user's user
   * lock (each spreadsheet keeps its own document lock; other users' user locks: userLocks()).
   */
  readonly locks = new LockTable();
  /** The user's sent email and MailApp quota: recipients a day count per user, not per file. */
  readonly mail: MailState;
  /** What each user granted of the manifest's scopes (every scope, unless refused). */
  readonly consent = new ConsentStore();
  /** Each user's ScriptApp.getOAuthToken(). */
  readonly tokens = new OAuthTokens();
  /** The Google accounts the project's users are (their trigger time spans projects). */
  readonly accounts: GoogleAccounts;
  private readonly members = new Map<string, ProjectMember>();
  private readonly userStores = new Map<string, { properties: PropertyStore; cache: CacheStore }>();
  private readonly userLockTables = new Map<string, LockTable>();

  /**
   * `mailRecipientsPerDay`: 100 for a consumer account (the default), 1,500 for Workspace;
   * `triggerRuntimeMsPerDay`: 90 minutes (consumer, the default) or 6 hours (Workspace), applied
   * to `accounts` when given (several projects on the same accounts: accounts.ts).
   */
  constructor(
    options: {
      mailRecipientsPerDay?: number;
      triggerRuntimeMsPerDay?: number;
      accounts?: GoogleAccounts;
    } = {},
  ) {
    this.mail = new MailState(options.mailRecipientsPerDay ?? 100);
    this.accounts =
      options.accounts ??
      new GoogleAccounts(
        options.triggerRuntimeMsPerDay === undefined
          ? {}
          : { triggerRuntimeMsPerDay: options.triggerRuntimeMsPerDay },
      );
    if (options.accounts && options.triggerRuntimeMsPerDay !== undefined) {
      this.accounts.triggerRuntime.limitMs = options.triggerRuntimeMsPerDay;
    }
  }

  /** Each user's trigger runtime of the last 24 hours (90 min consumer, 6 h Workspace). */
  get triggerRuntime(): TriggerRuntimeQuota {
    return this.accounts.triggerRuntime;
  }

  /** The table holding `user`'s user lock (the first user's is `locks`, beside the script lock). */
  userLocks(user: string): LockTable {
    let table = this.userLockTables.get(user);
    if (!table) {
      table = this.userLockTables.size === 0 ? this.locks : new LockTable();
      this.userLockTables.set(user, table);
    }
    return table;
  }

  /** Releases the script and user locks an execution held; returns each with its table. */
  releaseLocks(executionId: number): { table: LockTable; scope: LockScope }[] {
    const tables = new Set([this.locks, ...this.userLockTables.values()]);
    return [...tables].flatMap((table) =>
      table.releaseAll(executionId).map((scope) => ({ table, scope })),
    );
  }

  /** One user's properties and cache in this project (the first user's are `properties.user`). */
  storesOf(user: string): { properties: PropertyStore; cache: CacheStore } {
    let stores = this.userStores.get(user);
    if (!stores) {
      stores =
        this.userStores.size === 0
          ? { properties: this.properties.user, cache: this.caches.user }
          : { properties: new PropertyStore(), cache: new CacheStore() };
      this.userStores.set(user, stores);
    }
    return stores;
  }

  join(member: ProjectMember): void {
    const id = member.spreadsheet.id;
    if (this.members.has(id)) {
      throw new Error(`Spreadsheet ${id} is already open in this project: give it another id`);
    }
    this.members.set(id, member);
  }

  member(spreadsheetId: string): ProjectMember | undefined {
    return this.members.get(spreadsheetId);
  }
}
