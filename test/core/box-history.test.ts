// What the Change Log tells of one box (docs/reference.md#change-log): the first look, each
// field's value at a moment and every value it had, and the holds read back from their text.

import fc from 'fast-check';
import {
  boxHistory,
  firstSeenText,
  parseHolds,
  valueAt,
  valuesSeen,
  worthFirstSeen,
} from '../../src/core/box-history';
import { holdsDetail } from '../../src/core/derived';

const T = (iso: string) => Date.parse(iso);

const rows = [
  {
    at: T('2026-11-22T10:00:00Z'),
    field: 'pickup_lfd_terminal',
    old: '2026-11-24',
    new: '2026-11-26',
  },
  { at: T('2026-11-20T15:00:00Z'), field: 'first_seen', old: '', new: 'status discharged' },
  { at: T('2026-11-21T09:00:00Z'), field: 'available_for_pickup', old: 'false', new: 'true' },
  {
    at: T('2026-11-23T09:00:00Z'),
    field: 'pickup_lfd_terminal',
    old: '2026-11-26',
    new: '2026-11-25',
  },
];

test('the first look, each value at a moment, and before the first look nothing', () => {
  const h = boxHistory(rows);
  expect(h.firstSeen).toBe(T('2026-11-20T15:00:00Z'));
  expect(h.firstSeenRecorded).toBe(true);
  expect(valueAt(h, 'available_for_pickup', T('2026-11-20T12:00:00Z'), 'true')).toBeUndefined();
  expect(valueAt(h, 'available_for_pickup', T('2026-11-20T16:00:00Z'), 'true')).toBe('false');
  expect(valueAt(h, 'available_for_pickup', T('2026-11-21T09:00:00Z'), 'true')).toBe('true');
  // A field that never changed has had its current value since the first look.
  expect(valueAt(h, 'holds', T('2026-11-21T00:00:00Z'), 'customs: hold')).toBe('customs: hold');
  expect(valuesSeen(h, 'pickup_lfd_terminal', '2026-11-25')).toEqual([
    { value: '2026-11-24', seen: T('2026-11-20T15:00:00Z') },
    { value: '2026-11-26', seen: T('2026-11-22T10:00:00Z') },
    { value: '2026-11-25', seen: T('2026-11-23T09:00:00Z') },
  ]);
  expect(valuesSeen(h, 'pickup_lfd_line', '')).toEqual([
    { value: '', seen: T('2026-11-20T15:00:00Z') },
  ]);
});

test('without a first_seen row (a box first seen at sea) the earliest row says since when', () => {
  const h = boxHistory(rows.filter((r) => r.field !== 'first_seen'));
  expect(h.firstSeen).toBe(T('2026-11-21T09:00:00Z'));
  expect(h.firstSeenRecorded).toBe(false);
  expect(boxHistory([]).firstSeen).toBeNull();
});

test('a first look in words; none for a box still at sea', () => {
  const snapshot = {
    current_status: 'available',
    available_for_pickup: 'true',
    pickup_lfd: '2026-11-25',
    pickup_lfd_line: '2026-11-25',
    pickup_lfd_terminal: '2026-11-24',
    pickup_lfd_rail: '',
    holds: 'customs: hold (CBP exam)',
  };
  expect(firstSeenText(snapshot)).toBe(
    'status available; available; LFD line 2026-11-25, terminal 2026-11-24; holds customs: hold (CBP exam)',
  );
  expect(worthFirstSeen(snapshot)).toBe(true);
  expect(worthFirstSeen({ current_status: 'on_ship' })).toBe(false);
  expect(worthFirstSeen({ tracking: 'pending' })).toBe(false);
});

test('holds read back from their text, descriptions with commas and brackets included', () => {
  expect(parseHolds('')).toEqual([]);
  expect(
    parseHolds('customs: hold (CBP exam, (tailgate)), freight: pending, USDA: ag: hold'),
  ).toEqual([
    { name: 'customs', status: 'hold', description: 'CBP exam, (tailgate)' },
    { name: 'freight', status: 'pending', description: null },
    { name: 'USDA: ag', status: 'hold', description: null },
  ]);
  expect(parseHolds('someone typed this')).toBeNull();
});

test('any holds the service may send read back as they were written', () => {
  const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,12}$/);
  const hold = fc.record({
    name: word,
    status: fc.constantFrom('hold', 'pending'),
    description: fc.option(
      fc.string({ maxLength: 30 }).filter((d) => !/\)(, |$)/.test(d)),
      {
        nil: null,
      },
    ),
  });
  fc.assert(
    fc.property(fc.array(hold, { maxLength: 4 }), (holds) => {
      expect(parseHolds(holdsDetail(holds) as string)).toEqual(
        holds.map((h) => ({ ...h, description: h.description || null })),
      );
    }),
  );
});
