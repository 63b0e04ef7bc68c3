// The words and facts behind the Tracking sheet's Attention, Fees, Holds and times.

import {
  containerReasons,
  failureReason,
  lfdReason,
  trackingReason,
} from '../../src/core/attention';
import { feesByCurrency, feesMoneyText, holdsDetail } from '../../src/core/derived';
import { earliestLfd } from '../../src/core/lfd';
import { localTimeText } from '../../src/core/local-time';
import type { ContainerAttributes } from '../../src/core/model';
import { reasonsFromCells } from '../../src/core/stale-row';
import { isAtTerminal } from '../../src/core/terminal-state';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const box = (extra: Partial<ContainerAttributes> = {}): ContainerAttributes => ({
  number: 'MSCU1234565',
  current_status: 'available',
  available_for_pickup: true,
  holds_at_pod_terminal: [],
  pod_timezone: 'America/New_York',
  ...extra,
});

describe('Attention', () => {
  it.each([
    [-3, 'LFD passed 3 days ago'],
    [-1, 'LFD passed 1 day ago'],
    [0, 'LFD today'],
    [1, 'LFD tomorrow'],
    [2, 'LFD in 2 days'],
    [3, null],
  ])('%i days → %p', (days, text) => expect(lfdReason(days)).toBe(text));

  it('lists the most urgent first and says nothing once the box has left', () => {
    const held = box({
      pickup_lfd: '2026-11-20T05:00:00Z',
      holds_at_pod_terminal: [
        { name: 'customs', status: 'hold' },
        { name: 'USDA', status: 'hold' },
        { name: 'freight', status: 'pending' },
      ],
    });
    expect(containerReasons(held, NOW)).toEqual(['LFD today', 'on hold: customs, USDA']);
    expect(containerReasons({ ...held, current_status: 'picked_up' }, NOW)).toEqual([]);
  });

  it('says what failed and what to do, never more than a line', () => {
    expect(failureReason('auth', 'x')).toBe('API key rejected (update it in Settings)');
    expect(failureReason(null, 'y'.repeat(500))).toHaveLength(120);
    expect(trackingReason('failed: not_found')).toBe('tracking failed: not_found');
    expect(trackingReason('pending')).toBeNull();
  });

  it('renews a stale row from its own cells: the LFD counted again, other reasons kept', () => {
    const cells = {
      attention: 'LFD tomorrow; on hold: customs; not updated since 2026-11-19 10:00 EST: x',
      lfd: new Date('2026-11-20T05:00:00Z'), // 20 Nov in New York
      atTerminal: true,
    };
    expect(reasonsFromCells(cells, 'America/New_York', NOW)).toEqual([
      'LFD today',
      'on hold: customs',
    ]);
    expect(reasonsFromCells({ ...cells, atTerminal: false }, 'America/New_York', NOW)).toEqual([
      'on hold: customs',
    ]);
  });
});

describe('at the terminal', () => {
  it('ends with a status that has left or a full-out / empty-return time', () => {
    expect(isAtTerminal(box())).toBe(true);
    expect(isAtTerminal(box({ current_status: 'awaiting_inland_transfer' }))).toBe(true);
    for (const status of ['picked_up', 'delivered', 'dropped', 'empty_returned', 'off_dock'])
      expect(isAtTerminal(box({ current_status: status }))).toBe(false);
    expect(isAtTerminal(box({ pod_full_out_at: '2026-11-19T10:00:00Z' }))).toBe(false);
    expect(isAtTerminal(box({ empty_terminated_at: '2026-11-19T10:00:00Z' }))).toBe(false);
  });
});

describe('earliest LFD', () => {
  it('compares facility days, names the source, and falls back to pickup_lfd', () => {
    const a = box({
      pickup_lfd: '2026-11-26T05:00:00Z',
      import_deadlines: {
        pickup_lfd_line: '2026-11-26T05:00:00Z',
        pickup_lfd_terminal: '2026-11-24T05:00:00Z',
        pickup_lfd_rail: null,
      },
    });
    expect(earliestLfd(a)).toMatchObject({ source: 'terminal', timeZone: 'America/New_York' });
    expect(earliestLfd(box({ pickup_lfd: '2026-11-26T05:00:00Z' }))?.source).toBe('pickup');
    expect(earliestLfd(box())).toBeNull();
  });
});

describe('fees and holds', () => {
  it('sums each currency, skips a total unless alone, and treats 0 as not posted', () => {
    const sums = feesByCurrency([
      { type: 'demurrage', amount: 100, currency_code: 'USD' },
      { type: 'exam', amount: 50.5, currency_code: 'USD' },
      { type: 'storage', amount: 80, currency_code: 'eur' },
      { type: 'other', amount: 0, currency_code: 'GBP' },
      { type: 'total', amount: 230.5, currency_code: 'USD' },
    ]);
    expect(feesMoneyText(sums as Map<string, number>)).toBe('USD 150.50, EUR 80.00');
    const alone = feesByCurrency([{ type: 'total', amount: 42, currency_code: 'USD' }]);
    expect(feesMoneyText(alone as Map<string, number>)).toBe('USD 42.00');
    expect(feesMoneyText(feesByCurrency([]) as Map<string, number>)).toBe('');
  });

  it('keeps the terminal’s description of a hold', () => {
    expect(
      holdsDetail([
        { name: 'customs', status: 'hold', description: 'CBP exam ordered' },
        { name: 'freight', status: 'pending', description: null },
      ]),
    ).toBe('customs: hold (CBP exam ordered), freight: pending');
  });
});

describe('facility times', () => {
  it('label the zone, standard or summer time, abbreviation or offset', () => {
    expect(localTimeText(Date.parse('2026-11-24T19:30:00Z'), 'America/Los_Angeles')).toBe(
      '2026-11-24 11:30 PST',
    );
    expect(localTimeText(Date.parse('2026-07-01T18:30:00Z'), 'America/Los_Angeles')).toBe(
      '2026-07-01 11:30 PDT',
    );
    expect(localTimeText(Date.parse('2026-11-24T10:00:00Z'), 'Europe/Amsterdam')).toBe(
      '2026-11-24 11:00 GMT+1',
    );
    expect(localTimeText(Date.parse('2026-11-24T10:00:00Z'), 'UTC')).toBe('2026-11-24 10:00 UTC');
  });
});
