// GasProject: what one Apps Script project shares across the spreadsheets it runs in. An editor
// add-on is one project for all of a user's spreadsheets: ScriptApp.getProjectTriggers() returns
// "all installable triggers associated with the current project and current user" (ScriptApp
// reference), so across spreadsheets, and script/user properties, caches and locks are
// project-wide too. Document properties, cache and lock stay with each spreadsheet's GasRuntime.
// Users: each execution runs as an account (Execution.user). User properties and the user cache
// are per user and per project ("the current user of a script": PropertiesService reference);
// the first user asked for (the runtime's own) gets `properties.user` / `caches.user`. Triggers,
// mail recipients and trigger runtime are counted per user too.

import { CacheStore } from './cache';
import { LockTable } from './lock';
import { MailState } from './mail';
import { PropertyStore } from './properties';
import { TriggerStore } from './script-app';
import { TriggerRuntimeQuota } from './trigger-runtime';
import type { SpreadsheetModel } from './spreadsheet/model';

/** A spreadsheet the project runs in, and how a trigger created there is run. */
export interface ProjectMember {
  readonly spreadsheet: SpreadsheetModel;
}

export class GasProject {
  readonly triggers = new TriggerStore();
  readonly properties = { script: new PropertyStore(), user: new PropertyStore() };
  readonly caches = { script: new CacheStore(), user: new CacheStore() };
  /** The script and user locks (each spreadsheet keeps its own document lock). */
  readonly locks = new LockTable();
  /** The user's sent email and MailApp quota: recipients a day count per user, not per file. */
  readonly mail: MailState;
  /** Each user's trigger runtime of the last 24 hours (90 min consumer, 6 h Workspace). */
  readonly triggerRuntime: TriggerRuntimeQuota;
  private readonly members = new Map<string, ProjectMember>();
  private readonly userStores = new Map<string, { properties: PropertyStore; cache: CacheStore }>();

  /**
   * `mailRecipientsPerDay`: 100 for a consumer account (the default), 1,500 for Workspace;
   * `triggerRuntimeMsPerDay`: 90 minutes (consumer, the default) or 6 hours (Workspace).
   */
  constructor(options: { mailRecipientsPerDay?: number; triggerRuntimeMsPerDay?: number } = {}) {
    this.mail = new MailState(options.mailRecipientsPerDay ?? 100);
    this.triggerRuntime = new TriggerRuntimeQuota(options.triggerRuntimeMsPerDay);
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
