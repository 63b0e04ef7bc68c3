// What a dispatcher relies on, rule by rule: every "left the terminal" status behaves alike in
// Attention and alerts; old terminal data is said; numbers that cannot be tracked say why;
// LFD()'s default is the sheet's; a stopped shipment keeps the warnings of boxes still there.

import { alertsFor } from '../../src/core/alert-rules';
import { containerReasons, shipmentReasons, staleTerminalReason } from '../../src/core/attention';
import { containerSnapshot } from '../../src/core/change-snapshot';
import { parseLfdSource } from '../../src/core/lfd';
import type { ContainerAttributes, ContainerRecord, ShipmentRecord } from '../../src/core/model';
import { parseRow } from '../../src/core/row-input';
import { containerRowOutputs, shipmentRowOutputs } from '../../src/core/row-outputs';
import {
  hasLeftTerminal,
  LEFT_TERMINAL_STATUSES,
  PICKED_UP_STATUSES,
} from '../../src/core/terminal-state';

const NOW = Date.parse('2026-11-20T15:00:00Z'); // 10:00 in New York
const HOUR = 3_600_000;
const box = (extra: Partial<ContainerAttributes> = {}): ContainerAttributes => ({
  number: 'MSCU1234565',
  current_status: 'available',
  available_for_pickup: false,
  holds_at_pod_terminal: [],
  pickup_lfd: '2026-11-18T05:00:00Z', // passed 2 days ago in New York
  pod_timezone: 'America/New_York',
  pod_full_out_at: null,
  empty_terminated_at: null,
  terminal_checked_at: new Date(NOW - HOUR).toISOString(),
  ...extra,
});

describe('hasLeftTerminal: one predicate for every status meaning "gone"', () => {
  const gone = ['picked_up', 'delivered', 'dropped', 'loaded', 'empty_returned', 'off_dock'];

  it('names the statuses of the service’s enum that mean the box left', () => {
    expect([...PICKED_UP_STATUSES].sort()).toEqual([...gone].sort());
    // On rail it has left the port terminal, not its last free day: see the inland rail rules.
    expect([...LEFT_TERMINAL_STATUSES].sort()).toEqual([...gone, 'on_rail'].sort());
  });

  it.each(gone)('%s: no Attention, and no hold, LFD or readiness alert', (status) => {
    const before = box({ current_status: status });
    const after = box({
      current_status: status,
      available_for_pickup: true,
      holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
      pickup_lfd: '2026-11-19T05:00:00Z',
    });
    expect(hasLeftTerminal(after)).toBe(true);
    expect(containerReasons(after, NOW)).toEqual([]);
    const ctx = { now: NOW, lfdDays: 2 };
    const snap = (a: ContainerAttributes) =>
      containerSnapshot({ id: 'c', shipmentId: null, attributes: a }, undefined);
    expect(alertsFor(after.number, snap(before), snap(after), [], ctx).alerts).toEqual([]);
  });

  it('an inland move’s full-out at its final destination counts as gone', () => {
    const inland = box({ final_destination_full_out_at: '2026-11-19T18:00:00Z' });
    expect(hasLeftTerminal(inland)).toBe(true);
    expect(containerReasons(inland, NOW)).toEqual([]);
  });
});

describe('terminal data the service has not refreshed', () => {
  it('is said after the LFD and hold wording once older than 24 hours', () => {
    const checked = (hours: number) =>
      box({
        holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
        terminal_checked_at: new Date(NOW - hours * HOUR).toISOString(),
      });
    expect(containerReasons(checked(23), NOW)).toEqual([
      'LFD passed 2 days ago',
      'on hold: customs',
    ]);
    expect(containerReasons(checked(30), NOW)).toEqual([
      'LFD passed 2 days ago',
      'on hold: customs',
      'terminal not checked for 30 hours',
    ]);
    expect(containerReasons(checked(3 * 24 + 5), NOW)).toEqual([
      'LFD passed 2 days ago',
      'on hold: customs',
      'terminal not checked for 3 days',
    ]);
  });

  it('from 7 days marks the LFD unconfirmed, still warning (demurrage runs either way)', () => {
    const old = box({ terminal_checked_at: new Date(NOW - 8 * 24 * HOUR).toISOString() });
    expect(containerReasons(old, NOW)).toEqual([
      'LFD passed 2 days ago (unconfirmed)',
      'terminal not checked for 8 days',
    ]);
  });

  it('is not said of a box still afloat, or one that has left', () => {
    const old = new Date(NOW - 5 * 24 * HOUR).toISOString();
    expect(
      containerReasons(
        box({ current_status: 'on_ship', pickup_lfd: null, terminal_checked_at: old }),
        NOW,
      ),
    ).toEqual([]);
    expect(
      containerReasons(box({ current_status: 'loaded', terminal_checked_at: old }), NOW),
    ).toEqual([]);
    expect(staleTerminalReason(null)).toBeNull();
  });

  it('a BOL row says it for the oldest check among its boxes at the terminal', () => {
    const fresh = box({ pickup_lfd: null });
    const stale = box({
      pickup_lfd: null,
      terminal_checked_at: new Date(NOW - 50 * HOUR).toISOString(),
    });
    expect(shipmentReasons([fresh, stale], NOW)).toEqual(['terminal not checked for 2 days']);
  });
});

describe('a Number that cannot be tracked', () => {
  it.each([
    [
      'MSCU1234567',
      '',
      'the check digit (last digit) should be 6, not 7: check the number for a typo',
    ],
    ['ABC', '', 'too short for a container, BOL or booking number: fix the number'],
    [
      '=IMPORTDATA("https://example.com/x.csv")',
      '',
      'this is a formula’s text, not a number: type the container, BOL or booking number itself',
    ],
    [
      'ABC123',
      'container',
      'a container number is 4 letters and 7 digits, like AAAU1234567: fix the number or the Type',
    ],
    [
      'MAEU 24/0512345',
      '',
      'a BOL or booking number has 6 to 40 letters, digits or dashes: fix the number',
    ],
  ])('%p (Type %p) says why and what to do', (number, type, why) => {
    expect(parseRow(1, number, type, '', '')).toMatchObject({ invalid: why });
  });

  it.each(['MSCU1234566', 'mscu 123456-6', 'MAEU240512345', 'ABC-123', '123456789'])(
    '%p is trackable',
    (number) => expect(parseRow(1, number, '', '', '')).not.toHaveProperty('invalid'),
  );
});

describe('LFD()', () => {
  it('defaults to the earliest deadline, as the sheet shows; pickup stays available by name', () => {
    expect(parseLfdSource(undefined)).toBe('earliest');
    expect(parseLfdSource('')).toBe('earliest');
    expect(parseLfdSource('pickup')).toBe('pickup');
  });
});

describe('a shipment whose tracking stopped', () => {
  const shipment = (reason: string): ShipmentRecord => ({
    id: 's1',
    attributes: {
      bill_of_lading_number: 'MAEU240512345',
      line_tracking_stopped_at: '2026-11-19T00:00:00Z',
      line_tracking_stopped_reason: reason,
    },
    containerNumbers: ['MSCU1234565', 'TGHU9182736'],
  });
  const record = (a: ContainerAttributes): ContainerRecord => ({
    id: a.number,
    shipmentId: 's1',
    attributes: a,
  });
  const waiting = record(box({ pickup_lfd: '2026-11-22T05:00:00Z' })); // in 2 days
  const left = record(box({ number: 'TGHU9182736', current_status: 'picked_up' }));

  it.each(['cancelled_by_user', 'past_arrival_window'])(
    'keeps the warnings of its boxes at the terminal, saying so (%s)',
    (reason) => {
      const s = shipment(reason);
      expect(containerRowOutputs(waiting, s, 'America/New_York', NOW).Attention).toBe(
        'LFD in 2 days (tracking stopped)',
      );
      expect(shipmentRowOutputs(s, [waiting, left], 'America/New_York', NOW).Attention).toBe(
        'LFD in 2 days (tracking stopped)',
      );
      expect(containerRowOutputs(left, s, 'America/New_York', NOW).Attention).toBe('');
    },
  );
});

describe('Picked Up', () => {
  it('shows an inland move’s full-out at its final destination, in that zone', () => {
    const inland = record2(
      box({
        current_status: 'picked_up',
        final_destination_full_out_at: '2026-11-19T18:00:00Z',
        final_destination_timezone: 'America/Chicago',
      }),
    );
    expect(containerRowOutputs(inland, null, 'America/New_York', NOW)['Picked Up']).toBe(
      '2026-11-19 12:00 CST',
    );
  });
});

function record2(a: ContainerAttributes): ContainerRecord {
  return { id: a.number, shipmentId: null, attributes: a };
}
