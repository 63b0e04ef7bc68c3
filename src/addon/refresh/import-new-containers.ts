// Stage: import. With the setting `autoImport`, the containers the account tracks that no row
// holds yet are appended below the rows read (import-containers.ts); the rows read are never
// touched. Costs nothing when the setting is off.

import type { AppError } from '../../core/errors';
import type { SyncResult } from '../../engine/sheet-sync';
import { importDuringRefresh } from '../tracking-sheet/import-containers';
import type { RefreshContext } from './context';

export function importNewContainers(
  ctx: RefreshContext,
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  sync: SyncResult,
): { added: number; requests: number; failure: AppError | null } {
  if (!ctx.settings.autoImport) return { added: 0, requests: 0, failure: null };
  return importDuringRefresh(ctx.run, ctx.client, sheet, sync, ctx.started);
}
