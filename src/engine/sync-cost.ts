// Which way a refresh reads the service, chosen by what each way would cost in requests: the
// whole account's listing (⌈containers/100⌉ pages, answers every row), the active work (the
// shipments still tracked with their containers, ⌈active shipments/100⌉ pages, plus one look-up
// per row the listing may not show), or one look-up per row that needs news. Rows whose
// shipment stopped and whose final state the sheet already shows need none.

import type { DurableStore } from '../core/ports';

export type SyncWay = 'listing' | 'active' | 'lookups';

export interface SyncCosts {
  /** Pages of the account's container listing; null when its size is unknown (or ruled out). */
  listingPages: number | null;
  /** Pages of the active shipments' listing; null when unknown. */
  activePages: number | null;
  /** Rows that need news (not settled). */
  open: number;
  /** Open rows the active listing may not show (never confirmed, or not known to be tracked). */
  expectedUnseen: number;
}

export function costOf(way: SyncWay, c: SyncCosts): number {
  if (way === 'listing') return c.listingPages ?? Number.POSITIVE_INFINITY;
  if (way === 'active')
    return c.activePages == null ? Number.POSITIVE_INFINITY : c.activePages + c.expectedUnseen;
  return c.open;
}

/**
 * The cheapest way; on a tie the one that learns the most (the whole listing, then the active
 * one), since it also answers rows that change between now and the next run.
 */
export function cheapestWay(c: SyncCosts): SyncWay {
  const ways: SyncWay[] = ['listing', 'active', 'lookups'];
  return ways.reduce((best, way) => (costOf(way, c) < costOf(best, c) ? way : best));
}

/**
 * Whether reading the active listing's first page (which tells its size) may pay: only when the
 * active way could beat both others even at one page.
 */
export function worthProbingActive(c: SyncCosts): boolean {
  return (
    c.activePages == null &&
    1 + c.expectedUnseen < Math.min(costOf('listing', c), costOf('lookups', c))
  );
}

const SIZES_KEY = 'CT_SYNC_SIZES';
/** Sizes older than this are asked again (an account grows; one request a week). */
export const SIZES_TRUST_MS = 7 * 24 * 3_600_000;

/** What the last runs learnt of the account's size: durable, so hourly runs need no probe. */
export interface AccountSizes {
  containers: number | null;
  containersAt: number;
  activeShipments: number | null;
  activeAt: number;
}

const NO_SIZES: AccountSizes = {
  containers: null,
  containersAt: 0,
  activeShipments: null,
  activeAt: 0,
};

/** `stored`: the document properties, as one `getAll` read them. */
export function loadSizes(stored: Record<string, string>, now: number): AccountSizes {
  const raw = stored[SIZES_KEY];
  let sizes = NO_SIZES;
  try {
    if (raw) sizes = { ...NO_SIZES, ...(JSON.parse(raw) as Partial<AccountSizes>) };
  } catch {
    sizes = NO_SIZES;
  }
  const fresh = (at: number) => now - at < SIZES_TRUST_MS;
  return {
    ...sizes,
    containers: fresh(sizes.containersAt) ? sizes.containers : null,
    activeShipments: fresh(sizes.activeAt) ? sizes.activeShipments : null,
  };
}

/** Saves what changed (one property write, only when something did). */
export function saveSizes(
  props: DurableStore,
  before: AccountSizes,
  learnt: Partial<AccountSizes>,
): void {
  const next = { ...before, ...learnt };
  if (JSON.stringify(next) !== JSON.stringify(before))
    props.setAll({ [SIZES_KEY]: JSON.stringify(next) });
}
