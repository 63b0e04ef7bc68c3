// The second look (engine/disappearances.ts): values known before that come back null or absent
// wait SECOND_LOOK_MS for a read that says the same; all-empty records are never applied; what
// is remembered stays bounded. The add-in's surfaces are tested in
// test/addon/tracking-sheet/disappearances.test.ts.

import {
  MAX_RECORDS,
  SECOND_LOOK_MS,
  isAllEmpty,
  readGone,
  reconcile,
  takeIn,
  writeGone,
} from '../../src/engine/disappearances';
import type { ContainerRecord } from '../../src/core/model';

const T0 = Date.parse('2026-11-20T15:00:00Z');
const known = {
  number: 'MSCU1234565',
  current_status: 'available',
  holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
  import_deadlines: { pickup_lfd_terminal: '2026-11-24T05:00:00Z', pickup_lfd_line: null },
  pickup_appointment_at: null,
};

it('keeps a value gone for one read, and applies it once a read 10 minutes later agrees', () => {
  const gone = { ...known, current_status: null };
  const first = reconcile(known, gone, undefined, T0, ['number']);
  expect(first.attributes.current_status).toBe('available');
  expect(first.waiting).toEqual({ current_status: T0 });
  const soon = reconcile(first.attributes, gone, first.waiting, T0 + SECOND_LOOK_MS - 1, [
    'number',
  ]);
  expect(soon.attributes.current_status).toBe('available');
  expect(soon.waiting).toEqual({ current_status: T0 });
  const later = reconcile(soon.attributes, gone, soon.waiting, T0 + SECOND_LOOK_MS, ['number']);
  expect(later.attributes.current_status).toBeNull();
  expect(later.waiting).toBeUndefined();
});

it('a value that comes back, or a new one, is applied at once and forgets the wait', () => {
  const first = reconcile(known, { ...known, current_status: null }, undefined, T0);
  const back = reconcile(
    first.attributes,
    { ...known, current_status: 'picked_up' },
    first.waiting,
    T0 + 1,
  );
  expect(back.attributes.current_status).toBe('picked_up');
  expect(back.waiting).toBeUndefined();
});

it('null holds are a disappearance, an empty list is a value; LFDs are looked at one by one', () => {
  const nullHolds = reconcile(known, { ...known, holds_at_pod_terminal: null }, undefined, T0);
  expect(nullHolds.attributes.holds_at_pod_terminal).toEqual(known.holds_at_pod_terminal);
  const released = reconcile(known, { ...known, holds_at_pod_terminal: [] }, undefined, T0);
  expect(released.attributes.holds_at_pod_terminal).toEqual([]);
  expect(released.waiting).toBeUndefined();
  const lfd = reconcile(
    known,
    {
      ...known,
      import_deadlines: { pickup_lfd_terminal: null, pickup_lfd_line: '2026-11-25T05:00:00Z' },
    },
    undefined,
    T0,
  );
  expect(lfd.attributes.import_deadlines).toEqual({
    pickup_lfd_terminal: '2026-11-24T05:00:00Z',
    pickup_lfd_line: '2026-11-25T05:00:00Z',
  });
  expect(lfd.waiting).toEqual({ 'import_deadlines.pickup_lfd_terminal': T0 });
  const absent = reconcile(known, { number: known.number }, undefined, T0, ['number']);
  // Every value known is kept; what was null stays unknown.
  expect(absent.attributes).toEqual({
    number: known.number,
    current_status: 'available',
    holds_at_pod_terminal: known.holds_at_pod_terminal,
    import_deadlines: { pickup_lfd_terminal: '2026-11-24T05:00:00Z' },
  });
});

it('an all-empty record is never applied; another journey under the number is a new record', () => {
  expect(isAllEmpty({ number: 'X', a: null, b: { c: null } }, ['number'])).toBe(true);
  expect(isAllEmpty({ number: 'X', holds: [] }, ['number'])).toBe(false);
  const record = (id: string, attributes: Record<string, unknown>): ContainerRecord =>
    ({
      id,
      shipmentId: null,
      attributes: { number: known.number, ...attributes },
    }) as ContainerRecord;
  const cached = { record: record('c1', known), fetchedAt: T0 - 1 };
  const lookup = { container: () => cached, shipment: () => null };
  const blank = takeIn(
    { containers: [record('c1', { current_status: null })], shipments: [] },
    lookup,
    {},
    T0,
  );
  expect(blank.containers).toEqual([]);
  expect(blank.withheldKeys.containers).toEqual([known.number]);
  expect(blank.withheld.containers).toEqual([cached]);
  const next = takeIn(
    { containers: [record('c2', { ...known, current_status: null })], shipments: [] },
    lookup,
    {},
    T0,
  );
  expect(next.containers[0]!.attributes.current_status).toBeNull();
  expect(next.gone).toEqual({});
});

it('remembers at most MAX_RECORDS waiting records, none older than a day', () => {
  const memory: Record<string, Record<string, number>> = {};
  for (let i = 0; i < MAX_RECORDS + 500; i++) memory[`c:N${i}`] = { current_status: T0 + i };
  memory['c:OLD'] = { current_status: T0 - 2 * 86_400_000 };
  const kept = readGone(writeGone(memory, T0 + MAX_RECORDS + 500));
  expect(Object.keys(kept)).toHaveLength(MAX_RECORDS);
  expect(kept['c:OLD']).toBeUndefined();
  expect(kept[`c:N${MAX_RECORDS + 499}`]).toBeDefined();
  expect(readGone('not json')).toEqual({});
});
