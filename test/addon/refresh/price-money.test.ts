// The money stages: the Free Time rules are read once (none without the sheet), and pricing sees
// every container the rows speak for and whether the run's data is complete.
import type { RefreshContext } from '../../../src/addon/refresh/context';
import { priceMoneyAtRisk, readMoneyRules } from '../../../src/addon/refresh/price-money';
import type { RowUpdates } from '../../../src/addon/refresh/row-updates';
import { moneyStep } from '../../../src/addon/money/money-step';
import { AppError } from '../../../src/core/errors';
import type { SyncResult } from '../../../src/engine/sheet-sync';

jest.mock('../../../src/addon/money/money-step', () => ({ moneyStep: jest.fn(() => []) }));

describe('readMoneyRules', () => {
  it('reads no rules, and no cell, without a Free Time sheet', () => {
    const asked: string[] = [];
    const ss = {
      getSheetByName: (name: string) => {
        asked.push(name);
        return null;
      },
    };
    const money = readMoneyRules({ ss } as unknown as RefreshContext);
    expect(asked).toHaveLength(1);
    expect(money.currencies.size).toBe(0);
    expect(money.terms).toBeDefined();
  });
});

describe('priceMoneyAtRisk', () => {
  const ctx = {
    ss: {},
    tz: 'UTC',
    started: 7,
    settings: { appUrl: 'https://app.example' },
  } as unknown as RefreshContext;
  const fresh = {
    boxes: new Map([['CACHED', {}]]),
    byShipment: new Map([['s1', []]]),
  } as unknown as RowUpdates;
  const money = { terms: { rules: 'T' }, currencies: new Map() } as never;

  it('prices every container the rows speak for, and is complete only without a failure', () => {
    const sync = { containers: new Map(), failure: null } as unknown as SyncResult;
    priceMoneyAtRisk(ctx, [], sync, fresh, money);
    const args = jest.mocked(moneyStep).mock.calls[0]![0];
    expect(args.fresh.containers).toBe(fresh.boxes);
    expect(args.byShipment).toBe(fresh.byShipment);
    expect(args).toMatchObject({ timeZone: 'UTC', now: 7, complete: true, terms: { rules: 'T' } });

    const failed = { ...sync, failure: new AppError('upstream', 'x') } as SyncResult;
    priceMoneyAtRisk(ctx, [], failed, fresh, money);
    expect(jest.mocked(moneyStep).mock.calls[1]![0].complete).toBe(false);
  });
});
