// Stages: money at risk. The Free Time rules are read once (one getValues) before the rows are
// priced with the other outputs; once the run has observed its changes, the Pull List is rebuilt
// and the digest is handed what tomorrow adds per currency (money-step.ts). Costs no request.

import type { RowInput } from '../../core/row-input';
import type { SyncResult } from '../../engine/sheet-sync';
import type { MoneyAtRisk } from '../../core/pull-list';
import { readFreeTimeTerms } from '../money/free-time-sheet';
import { moneyStep } from '../money/money-step';
import { moneyRun, type MoneyRun } from '../sheets/row-writes';
import type { RefreshContext } from './context';
import type { RowUpdates } from './row-updates';

export function readMoneyRules(ctx: RefreshContext): MoneyRun {
  return moneyRun(readFreeTimeTerms(ctx.ss, ctx.tz));
}

export function priceMoneyAtRisk(
  ctx: RefreshContext,
  rows: readonly RowInput[],
  sync: SyncResult,
  fresh: RowUpdates,
  money: MoneyRun,
): MoneyAtRisk[] {
  return moneyStep({
    ss: ctx.ss,
    rows,
    fresh: { ...sync, containers: fresh.boxes },
    byShipment: fresh.byShipment,
    terms: money.terms,
    timeZone: ctx.tz,
    now: ctx.started,
    appUrl: ctx.settings.appUrl,
    complete: sync.failure == null,
  });
}
