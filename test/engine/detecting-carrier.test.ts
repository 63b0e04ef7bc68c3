// What `Tracking` says for a request made without a SCAC: `detecting carrier` only until the
// service names the carrier; after that, the request's own state.

import { trackingText, type LedgerEntry } from '../../src/engine/request-ledger';

const entry = (extra: Partial<LedgerEntry>): LedgerEntry => ({
  status: 'pending',
  scac: '',
  type: 'bill_of_lading',
  at: 0,
  ...extra,
});

describe('trackingText for auto-detected carriers', () => {
  it.each<[Partial<LedgerEntry>, string]>([
    [{ status: 'sending' }, 'detecting carrier'],
    [{ status: 'pending' }, 'detecting carrier'],
    [{ status: 'pending', detected: 'MSCU' }, 'pending'],
    [{ status: 'awaiting_manifest', detected: 'HLCU' }, 'awaiting_manifest'],
    [{ status: 'created', detected: 'MSCU' }, 'tracked'],
    [{ status: 'duplicate' }, 'tracked'],
    [{ status: 'failed', reason: 'scac_auto_detect_failed' }, 'failed: scac_auto_detect_failed'],
    [{ status: 'pending', scac: 'MSCU' }, 'pending'],
  ])('%j → %s', (extra, text) => {
    expect(trackingText(entry(extra))).toBe(text);
  });
});
