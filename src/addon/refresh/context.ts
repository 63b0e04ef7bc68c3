// What every stage of a refresh may read: the run, its settings and client, and its clock. Stages
// hand each other results (return values), never state kept here.

import type { ApiClient } from '../../api/client';
import type { Settings } from '../../core/settings';
import type { Execution } from '../../execution/execution';

export interface RefreshContext {
  ss: GoogleAppsScript.Spreadsheet.Spreadsheet;
  run: Execution;
  settings: Settings;
  client: ApiClient;
  /** The spreadsheet's time zone (dates in rows). */
  tz: string;
  /** When this run's data was fetched: `Updated` of the rows it confirms. */
  started: number;
  now: () => number;
  /** Time left in the execution's budget. */
  timeLeft: () => number;
}
