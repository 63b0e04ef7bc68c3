// The ref-numbers stage: each row is matched with the service record this run fetched (a container
// by number, a shipment through its identifier), the current cell is read from the Ref Numbers
// column, and a failure is reported, never thrown.
import type { RefreshContext } from '../../../src/addon/refresh/context';
import { syncRefNumbersStage } from '../../../src/addon/refresh/ref-numbers';
import { syncRefNumbers } from '../../../src/addon/tracking-sheet/ref-sync';
import type { RowInput } from '../../../src/core/row-input';
import { readLayout } from '../../../src/core/sheet-layout';
import type { SyncResult } from '../../../src/engine/sheet-sync';
import type { SheetState } from '../../../src/addon/refresh/sheet-state';

jest.mock('../../../src/addon/tracking-sheet/ref-sync', () => ({
  ...jest.requireActual<object>('../../../src/addon/tracking-sheet/ref-sync'),
  syncRefNumbers: jest.fn(),
}));

const HEADER = ['Number', 'SCAC', 'Type', 'Ref Numbers', 'Tracking'];
const values = [HEADER, ['MSCU1234565', '', '', 'PO1', ''], ['bol 1', '', 'bol', 'PO9', '']];
const state = { sheet: {}, values, layout: readLayout(HEADER), rows: [] } as unknown as SheetState;
const ctx = {
  started: 5,
  client: {},
  run: { store: {}, stores: { state: () => ({}) } },
} as unknown as RefreshContext;

const box: RowInput = {
  index: 1,
  number: 'MSCU1234565',
  kind: 'container',
  requestType: 'container',
  scac: '',
  refNumbers: ['PO1'],
};
const bol: RowInput = { ...box, index: 2, number: 'BOL 1', kind: 'shipment' };
const missing: RowInput = { ...box, index: 3, number: 'TGHU1234560' };

const sync = {
  containers: new Map([['MSCU1234565', { id: 'c1', attributes: { ref_numbers: ['A', 7] } }]]),
  identifiers: new Map([['BOL1', 's1']]),
  shipments: new Map([['s1', { id: 's1', attributes: { ref_numbers: ['B'] } }]]),
} as unknown as SyncResult;

describe('syncRefNumbersStage', () => {
  it("matches each row with this run's record and reads the current Ref Numbers cell", () => {
    jest.mocked(syncRefNumbers).mockReturnValue({ requests: 1, failure: null });
    const out = syncRefNumbersStage(ctx, state, [box, bol, missing], sync, () => {});
    expect(out).toEqual({ requests: 1, failure: null });
    const args = jest.mocked(syncRefNumbers).mock.calls[0]![0];
    expect(args.rows).toEqual([box, bol, missing]);
    expect(args.now).toBe(5);
    expect(args.serviceRefs(box)).toEqual({ kind: 'container', id: 'c1', refs: ['A'] });
    expect(args.serviceRefs(bol)).toEqual({ kind: 'shipment', id: 's1', refs: ['B'] });
    expect(args.serviceRefs(missing)).toBeNull();
    expect(args.currentCell!(1)).toBe('PO1');
    expect(args.currentCell!(2)).toBe('PO9');
  });

  it('reports a failure instead of throwing', () => {
    jest.mocked(syncRefNumbers).mockImplementation(() => {
      throw new Error('boom');
    });
    const out = syncRefNumbersStage(ctx, state, [box], sync, () => {});
    expect(out.requests).toBe(0);
    expect(out.failure?.message).toMatch(/boom/);
  });
});
