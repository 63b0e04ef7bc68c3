// The row-updates stage: which rows get outputs, which only a note, and which go to the track stage.
import type { RefreshContext } from '../../../src/addon/refresh/context';
import { rowUpdates } from '../../../src/addon/refresh/row-updates';
import type { SyncResult } from '../../../src/engine/sheet-sync';
import { rowInput } from '../../helpers/row-inputs';

const ctx = {
  tz: 'UTC',
  started: Date.UTC(2026, 0, 1),
  settings: { appUrl: 'https://app.example' },
  run: {
    store: {
      allContainers: () => {
        throw new Error('the cache is read only for a partial sync');
      },
    },
  },
} as unknown as RefreshContext;

const sync = (s: Partial<SyncResult> = {}): SyncResult =>
  ({
    containers: new Map(),
    shipments: new Map(),
    identifiers: new Map(),
    notTracked: new Set(),
    failure: null,
    requests: 0,
    complete: true,
    partial: false,
    way: 'listing',
    ...s,
  }) as unknown as SyncResult;

const row = rowInput;

describe('rowUpdates', () => {
  it('marks an invalid number in Tracking and Attention and never sends it to be tracked', () => {
    const bad = row(1, 'ABC', { invalid: 'wrong check digit', problem: 'not a number' });
    const out = rowUpdates(ctx, [bad], sync({ notTracked: new Set(['ABC']) }), undefined as never);
    expect(out.updates.get(1)).toEqual({
      Tracking: 'not a number',
      Attention: 'number not valid: wrong check digit',
    });
    expect(out.untracked).toEqual([]);
  });

  it('gives an unusable row only its Tracking note', () => {
    const bad = row(2, '#N/A', {
      unusable: true,
      problem: 'Number has an error: #N/A — fix the cell',
    });
    const out = rowUpdates(ctx, [bad], sync({ notTracked: new Set(['#N/A']) }), undefined as never);
    expect(out.updates.get(2)).toEqual({ Tracking: 'Number has an error: #N/A — fix the cell' });
    expect(out.untracked).toEqual([]);
  });

  it('sends a row the sync did not answer and the service does not track to the track stage', () => {
    const fresh = row(3, 'MSCU1234565');
    const other = row(4, 'TGHU1234560');
    const out = rowUpdates(
      ctx,
      [fresh, other],
      sync({ notTracked: new Set(['MSCU1234565']) }),
      undefined as never,
    );
    expect(out.untracked).toEqual([fresh]);
    expect(out.updates.size).toBe(0);
  });

  it('reads the cache only when a partial sync has shipment rows', () => {
    const ship = row(5, 'BOL1', { kind: 'shipment', requestType: 'bill_of_lading' });
    expect(() => rowUpdates(ctx, [ship], sync({ partial: true }), undefined as never)).toThrow(
      /cache/,
    );
    expect(() =>
      rowUpdates(ctx, [ship], sync({ partial: false }), undefined as never),
    ).not.toThrow();
    expect(() =>
      rowUpdates(ctx, [row(6, 'MSCU1234565')], sync({ partial: true }), undefined as never),
    ).not.toThrow();
  });
});
