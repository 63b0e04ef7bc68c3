// Property tests over hostile records: wrong types in every attribute, huge texts, odd ids. One
// bad field affects that field only; nothing throws; no cell shows JavaScript's own text; the
// newest journey wins whatever the order; every record fits a cache entry.

import fc from 'fast-check';
import { AppError } from '../../src/core/errors';
import {
  DERIVED_CONTAINER_FIELDS,
  containerFieldValue,
  lfdFieldValue,
  parseContainerField,
} from '../../src/core/fields';
import { LFD_SOURCES } from '../../src/core/lfd';
import { compareJourneys } from '../../src/core/journeys';
import {
  CONTAINER_ATTRIBUTES,
  IMPORT_DEADLINE_FIELDS,
  type ContainerAttributes,
  type ContainerRecord,
} from '../../src/core/model';
import { containerRowOutputs, type RowOutputs } from '../../src/core/row-outputs';
import { MAX_CELL_CHARS, safeCell } from '../../src/core/sheet-text';
import { RecordCollector } from '../../src/engine/record-collector';
import { MAX_ENTRY_CHARS, decodeContainer, encodeContainer } from '../../src/engine/record-codec';
import { RecordStore } from '../../src/engine/record-store';
import { MemoryCache, MemoryLock, TestClock } from '../helpers/memory-ports';
import { OUTPUTS_OF } from '../helpers/outputs-of';

const TZ = 'America/New_York';
const NOW = Date.parse('2026-11-20T15:00:00Z');

const good = (): ContainerAttributes => ({
  number: 'CSQU3054383',
  current_status: 'available',
  available_for_pickup: true,
  holds_at_pod_terminal: [{ name: 'customs', status: 'pending', description: null }],
  fees_at_pod_terminal: [{ type: 'demurrage', amount: 120, currency_code: 'USD' }],
  pickup_lfd: '2026-11-25T05:00:00Z',
  pickup_appointment_at: '2026-11-24T15:00:00Z',
  import_deadlines: {
    pickup_lfd_terminal: '2026-11-25T05:00:00Z',
    pickup_lfd_line: null,
    pickup_lfd_rail: null,
  },
  pod_timezone: 'America/New_York',
  final_destination_timezone: null,
  created_at: '2026-11-01T00:00:00Z',
  terminal_checked_at: '2026-11-20T14:00:00Z',
  pod_full_out_at: null,
  empty_terminated_at: null,
  empty_terminated_timezone: null,
});

const hostileValue = fc.oneof(
  fc.constant(null),
  fc.constant([null]),
  fc.constant({}),
  fc.constant([]),
  fc.constant('constructor'),
  fc.string({ maxLength: 20 }),
  fc.integer({ min: 50_001, max: 60_000 }).map((n) => '=x'.repeat(n / 2)),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 4 }),
);

const attributeName = fc.constantFrom(
  ...Object.keys(OUTPUTS_OF),
  ...CONTAINER_ATTRIBUTES.filter((a) => a !== 'number'),
);

function record(attributes: ContainerAttributes, id = 'c-1'): ContainerRecord {
  return { id, shipmentId: null, attributes };
}

function expectCellSafe(value: unknown): void {
  expect(value === undefined || value === null).toBe(false);
  const isCell =
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value instanceof Date;
  expect(isCell).toBe(true);
  if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
  const written = safeCell(value);
  if (typeof written === 'string') {
    expect(written.length).toBeLessThanOrEqual(MAX_CELL_CHARS);
    expect(written).not.toMatch(/\[object |^'?(undefined|null|NaN)$/);
  }
}

describe('a hostile attribute in a container', () => {
  it('changes only the Tracking outputs that read it, and each to a writable cell', () => {
    const baseline = containerRowOutputs(record(good()), null, TZ, NOW);
    fc.assert(
      fc.property(attributeName, hostileValue, (name, value) => {
        const attributes = { ...good(), [name]: value };
        let out: RowOutputs = {};
        expect(() => (out = containerRowOutputs(record(attributes), null, TZ, NOW))).not.toThrow();
        for (const [header, cell] of Object.entries(out)) {
          expectCellSafe(cell);
          const before = baseline[header as keyof RowOutputs];
          const same =
            cell instanceof Date && before instanceof Date
              ? cell.getTime() === before.getTime()
              : cell === before;
          if (!same) expect(OUTPUTS_OF[name] ?? []).toContain(header);
        }
        expect(Object.keys(out).sort()).toEqual(Object.keys(baseline).sort());
      }),
      { numRuns: 100 },
    );
  });

  it('gives every CONTAINER_INFO field a cell value or a message of its own, never a crash', () => {
    const fields = [
      ...CONTAINER_ATTRIBUTES,
      ...DERIVED_CONTAINER_FIELDS,
      ...IMPORT_DEADLINE_FIELDS.map((f) => `import_deadlines.${f}`),
    ];
    fc.assert(
      fc.property(attributeName, hostileValue, fc.constantFrom(...fields), (name, value, f) => {
        const field = parseContainerField(f);
        if (field.kind === 'shipment') return;
        const attributes = { ...good(), [name]: value };
        try {
          expectCellSafe(containerFieldValue(attributes, field));
        } catch (e) {
          expect(e).toBeInstanceOf(AppError);
          expect((e as AppError).message).toMatch(/cannot read/);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('LFD() on hostile deadlines', () => {
  it('is a date, blank, or a message of its own', () => {
    const deadline = fc.constantFrom('pickup_lfd', 'import_deadlines', 'pod_timezone');
    fc.assert(
      fc.property(deadline, hostileValue, fc.constantFrom(...LFD_SOURCES), (name, value, src) => {
        const attributes = { ...good(), [name]: value };
        try {
          expectCellSafe(lfdFieldValue(attributes, src));
        } catch (e) {
          expect(e).toBeInstanceOf(AppError);
          expect((e as AppError).message).toMatch(/cannot read/);
        }
      }),
      { numRuns: 100 },
    );
    expect(() =>
      lfdFieldValue({ ...good(), pickup_lfd: { at: 1 } as unknown as string }, 'pickup'),
    ).toThrow(/sent pickup_lfd in a form this add-in cannot read/);
  });
});

describe('cache entries', () => {
  it('fit a cache entry whatever the record holds, keeping its id, number and small fields', () => {
    fc.assert(
      fc.property(
        fc.dictionary(attributeName, hostileValue, { maxKeys: 6 }),
        fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty', 'c-1'),
        (odd, id) => {
          const attributes = { ...good(), ...odd, number: 'CSQU3054383' };
          const entry = encodeContainer(record(attributes, id), 1);
          expect(JSON.stringify(entry).length).toBeLessThanOrEqual(MAX_ENTRY_CHARS);
          const back = decodeContainer(JSON.parse(JSON.stringify(entry)) as unknown[])!;
          expect(back.id).toBe(id);
          expect(back.attributes.number).toBe('CSQU3054383');
          if (!('current_status' in odd)) expect(back.attributes.current_status).toBe('available');
        },
      ),
      { numRuns: 80 },
    );
  });

  it('keep records whose number or id is a JavaScript property name', () => {
    const clock = new TestClock();
    const store = new RecordStore(new MemoryCache(clock), new MemoryLock(clock), clock);
    const names = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf'];
    store.write({
      containers: names.map((n) => record({ ...good(), number: n }, n)),
      shipments: names.map((n) => ({ id: n, attributes: { bill_of_lading_number: n } })),
    });
    const view = store.read([
      ...RecordStore.containerKeys(names),
      ...RecordStore.shipmentKeys(names),
      ...RecordStore.identifierKeys(names),
    ]);
    for (const n of names) {
      const c = view.container(n);
      expect(c && 'record' in c ? c.record.id : null).toBe(n);
      const s = view.shipment(n);
      expect(s && 'record' in s ? s.record.id : null).toBe(n);
      expect(view.shipmentIdFor(n)).toMatchObject({ id: n });
    }
  });
});

describe('one number, several journeys', () => {
  const journey = fc.record({
    id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    created: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
    returned: fc.boolean(),
    status: fc.constantFrom('available', 'empty_returned', 'on_ship'),
  });

  function resource(j: { id: string; created: number | null; returned: boolean; status: string }) {
    return {
      id: j.id,
      type: 'container',
      attributes: {
        number: 'CSQU3054383',
        created_at: j.created == null ? null : `2026-0${j.created + 1}-01T00:00:00Z`,
        empty_terminated_at: j.returned ? '2026-10-01T00:00:00Z' : null,
        current_status: j.status,
      },
      relationships: { shipment: { data: null } },
    };
  }

  it('the same winner whatever order the service lists them in, and the newest created_at', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(journey, { selector: (j) => j.id, minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 1000 }),
        (journeys, seed) => {
          const winner = (list: typeof journeys) => {
            const collector = new RecordCollector();
            // Split over two pages, as a listing would.
            const docs = [list.slice(0, 2), list.slice(2)].map((page) => ({
              data: page.map(resource),
            }));
            for (const doc of docs) collector.absorb(doc);
            return collector.containers.get('CSQU3054383')!;
          };
          const shuffled = [...journeys].sort(
            (a, b) => ((a.id.charCodeAt(0) * seed) % 7) - ((b.id.charCodeAt(0) * seed) % 7),
          );
          const first = winner(journeys);
          expect(winner(shuffled).id).toBe(first.id);
          expect(winner([...journeys].reverse()).id).toBe(first.id);
          const newest = Math.max(...journeys.map((j) => j.created ?? -1));
          const picked = journeys.find((j) => j.id === first.id)!;
          expect(picked.created ?? -1).toBe(newest);
        },
      ),
    );
  });

  it('a cached newer journey is not replaced by an older one the service sent on its own', () => {
    const clock = new TestClock();
    const store = new RecordStore(new MemoryCache(clock), new MemoryLock(clock), clock);
    const newer = record({ ...good(), created_at: '2026-11-01T00:00:00Z' }, 'new');
    const older = record(
      { ...good(), created_at: '2025-01-01T00:00:00Z', current_status: 'empty_returned' },
      'old',
    );
    expect(compareJourneys(newer, older)).toBeGreaterThan(0);
    store.write({ containers: [newer] });
    store.write({ containers: [older] });
    const c = store.read(RecordStore.containerKeys(['CSQU3054383'])).container('CSQU3054383');
    expect(c && 'record' in c ? c.record.id : null).toBe('new');
    // The same journey, updated, does replace its cached copy.
    store.write({ containers: [record({ ...good(), current_status: 'picked_up' }, 'new')] });
    const updated = store.read(RecordStore.containerKeys(['CSQU3054383'])).container('CSQU3054383');
    expect(updated && 'record' in updated ? updated.record.attributes.current_status : null).toBe(
      'picked_up',
    );
  });
});

describe('texts written to cells', () => {
  it('are cut to fit a cell, with an ellipsis, and stay literal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 120_000 }), (n) => {
        const written = safeCell('='.repeat(n)) as string;
        expect(written.length).toBeLessThanOrEqual(MAX_CELL_CHARS);
        if (n > 0) expect(written.startsWith("'")).toBe(true);
        if (n >= MAX_CELL_CHARS) expect(written.endsWith('…')).toBe(true);
        else expect(written.length).toBe(n === 0 ? 0 : n + 1);
      }),
      { numRuns: 50 },
    );
  });
});
