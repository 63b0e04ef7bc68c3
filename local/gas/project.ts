// GasProject: what one Apps Script project shares across the spreadsheets it runs in. An editor
// add-on is one project for all of a user's spreadsheets: ScriptApp.getProjectTriggers() returns
// "all installable triggers associated with the current project and current user" (ScriptApp
// reference), so across spreadsheets, and script/user properties, caches and locks are
// project-wide too. Document properties, cache and lock stay with each spreadsheet's GasRuntime.
// One user is modelled: user stores are this project's stores for that user.

import { CacheStore } from './cache';
import { LockTable } from './lock';
import { MailState } from './mail';
import { PropertyStore } from './properties';
import { TriggerStore } from './script-app';
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
  private readonly members = new Map<string, ProjectMember>();

  /** `mailRecipientsPerDay`: 100 for a consumer account (the default), 1,500 for Workspace. */
  constructor(options: { mailRecipientsPerDay?: number } = {}) {
    this.mail = new MailState(options.mailRecipientsPerDay ?? 100);
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
