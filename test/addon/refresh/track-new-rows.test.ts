// The track stage: only untracked rows without a problem are sent; every untracked row shows its
// one request's state (or what is wrong), and a failed request is said in Attention.
import type { RefreshContext } from '../../../src/addon/refresh/context';
import { trackNewRows } from '../../../src/addon/refresh/track-new-rows';
import type { RowInput } from '../../../src/core/row-input';
import { runBulkTracking } from '../../../src/engine/bulk-tracking';
import type { LedgerEntry } from '../../../src/engine/request-ledger';
import type { SyncResult } from '../../../src/engine/sheet-sync';
import { rowInput } from '../../helpers/row-inputs';

jest.mock('../../../src/engine/bulk-tracking', () => ({ runBulkTracking: jest.fn() }));

const row = (index: number, number: string, extra: Partial<RowInput> = {}) =>
  rowInput(index, number, { scac: 'MSCU', ...extra });

const entry = (e: Partial<LedgerEntry>): LedgerEntry => ({
  status: 'created',
  scac: 'MSCU',
  type: 'container',
  at: 0,
  ...e,
});

const ctx = {
  settings: { appUrl: 'https://app.example' },
  run: { stores: { state: () => ({ getAll: () => ({}) }) } },
  client: {},
  now: () => 0,
  timeLeft: () => 60_000,
} as unknown as RefreshContext;

const sync = {
  containers: new Map(),
  identifiers: new Map(),
} as unknown as SyncResult;

describe('trackNewRows', () => {
  it('sends only rows without a problem and shows each row its request state', () => {
    jest.mocked(runBulkTracking).mockReturnValue({
      entries: new Map([
        ['MSCU1234565', entry({})],
        ['TGHU1234560', entry({ status: 'failed', reason: 'not_found' })],
      ]),
      created: 1,
      requests: 2,
      stopped: null,
    });
    const good = row(1, 'MSCU1234565');
    const failed = row(2, 'TGHU1234560');
    const problem = row(3, 'CMAU1234567', { problem: 'Type is not known' });
    const left = row(4, 'CMAU7654321');
    const out = trackNewRows(
      ctx,
      [good, failed, problem, left],
      [good, failed, problem, left],
      sync,
    );

    const sent = jest.mocked(runBulkTracking).mock.calls[0]![2].map((r) => r.requestNumber);
    expect(sent).toEqual(['MSCU1234565', 'TGHU1234560', 'CMAU7654321']);
    expect(out.updates.get(1)).toMatchObject({ Tracking: 'tracked', Attention: '' });
    expect(out.updates.get(1)!.Link).toContain('MSCU1234565');
    expect(out.updates.get(2)).toMatchObject({
      Tracking: 'failed: not_found',
      Attention: expect.stringMatching(/tracking failed/),
    });
    expect(out.updates.get(3)).toMatchObject({ Tracking: 'Type is not known', Attention: '' });
    expect(out.updates.get(4)).toMatchObject({ Tracking: 'not tracked' });
    expect(out.bulk.created).toBe(1);
  });
});
