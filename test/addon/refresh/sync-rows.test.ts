// The sync stage's wiring: invalid and unusable rows are never looked up, rows are split by kind,
// and what push covers joins what the sheet already settles.
import type { RefreshContext } from '../../../src/addon/refresh/context';
import { syncRows } from '../../../src/addon/refresh/sync-rows';
import type { RowInput } from '../../../src/core/row-input';
import { syncForSheet } from '../../../src/engine/sheet-sync';
import { rowInput } from '../../helpers/row-inputs';
import type { SheetState } from '../../../src/addon/refresh/sheet-state';

jest.mock('../../../src/engine/sheet-sync', () => ({
  syncForSheet: jest.fn(() => ({ requests: 0 })),
}));
jest.mock('../../../src/engine/request-ledger', () => ({
  RequestLedger: jest.fn(() => ({ load: () => ({}) })),
}));
jest.mock('../../../src/addon/refresh/sheet-knowledge', () => ({
  sheetKnowledge: jest.fn((_v: unknown, _l: unknown, rows: RowInput[]) => ({
    settled: new Set(['SETTLED']),
    active: new Set(rows.map((r) => r.number)),
  })),
}));
jest.mock('../../../src/addon/refresh/push-coverage', () => ({
  pushCoverage: jest.fn(() => ({ covered: new Set(['PUSHED1', 'PUSHED2']) })),
}));

const row = rowInput;

const ctx = {
  tz: 'UTC',
  started: 1,
  client: {},
  run: { store: {}, stores: { state: () => ({}) } },
} as unknown as RefreshContext;

describe('syncRows', () => {
  it('never looks up invalid or unusable rows, and splits containers from shipments', () => {
    const rows = [
      row(1, 'MSCU1234565'),
      row(2, 'ABC', { invalid: 'wrong check digit' }),
      row(3, '#N/A', { unusable: true }),
      row(4, 'BOL1', { kind: 'shipment', requestType: 'bill_of_lading' }),
    ];
    const state = { values: [], layout: {}, rows } as unknown as SheetState;
    const out = syncRows(ctx, state, true);
    expect(out.lookups.map((r) => r.number)).toEqual(['MSCU1234565', 'BOL1']);
    const asked = jest.mocked(syncForSheet).mock.calls[0]![3];
    expect(asked).toEqual({ containers: ['MSCU1234565'], identifiers: ['BOL1'] });
    expect([...out.knows.settled].sort()).toEqual(['PUSHED1', 'PUSHED2', 'SETTLED']);
    expect(out.leftToPush).toBe(2);
  });
});
