import {
  bucketKey,
  MAX_BUCKET_CHARS,
  parseBucket,
  serializeBucket,
} from '../../src/engine/buckets';
import { decodeContainer, encodeContainer } from '../../src/engine/record-codec';
import { RecordStore, CONTAINERS } from '../../src/engine/record-store';
import type { ContainerRecord } from '../../src/core/model';
import { MemoryCache, MemoryLock, TestClock } from '../helpers/memory-ports';

const record = (n: string, extra: Record<string, unknown> = {}): ContainerRecord => ({
  id: `id-${n}`,
  shipmentId: 'ship-1',
  attributes: {
    number: n,
    current_status: 'available',
    pod_timezone: 'America/New_York',
    ...extra,
  },
});

describe('compact records', () => {
  it('round-trips known and unknown attributes', () => {
    const r = record('CSQU3054383', {
      brand_new_attribute: 'kept',
      holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
    });
    const back = decodeContainer(JSON.parse(JSON.stringify(encodeContainer(r, 5))));
    expect(back?.attributes.brand_new_attribute).toBe('kept');
    expect(back?.attributes.current_status).toBe('available');
    expect(back?.attributes.holds_at_pod_terminal).toEqual([{ name: 'customs', status: 'hold' }]);
    expect(back?.shipmentId).toBe('ship-1');
  });

  it('keeps a bucket under the cache value limit by dropping the oldest entries', () => {
    const bucket: Record<string, unknown[]> = {};
    for (let i = 0; i < 400; i++) bucket[`K${i}`] = [i, 'x'.repeat(400)];
    const { text, dropped } = serializeBucket(bucket);
    expect(dropped).toBe(true);
    expect(serializeBucket({ a: [1] })).toEqual({ text: '{"a":[1]}', dropped: false });
    expect(text.length).toBeLessThanOrEqual(MAX_BUCKET_CHARS);
    const kept = parseBucket(text);
    expect(kept.K399).toBeDefined();
    expect(kept.K0).toBeUndefined();
  });
});

describe('record store', () => {
  it('stores, finds, indexes shipments and marks missing numbers', () => {
    const clock = new TestClock(1_000);
    const cache = new MemoryCache(clock);
    const store = new RecordStore(cache, new MemoryLock(clock), clock);
    store.write({
      containers: [record('CSQU3054383')],
      shipments: [
        {
          id: 'ship-1',
          attributes: { bill_of_lading_number: 'MEDUFR030802', ref_numbers: ['PO 77'] },
        },
      ],
      missingContainers: ['MSCU1234565'],
    });
    const view = store.read([
      ...RecordStore.containerKeys(['CSQU3054383', 'MSCU1234565']),
      ...RecordStore.identifierKeys(['medufr030802', 'po 77']),
    ]);
    expect(view.container('CSQU3054383')).toMatchObject({
      fetchedAt: 1_000,
      record: { id: 'id-CSQU3054383' },
    });
    expect(view.container('MSCU1234565')).toEqual({ missingAt: 1_000 });
    expect(view.shipmentIdFor('medufr030802')).toEqual({ id: 'ship-1', at: 1_000 });
    expect(view.shipmentIdFor('PO77')).toEqual({ id: 'ship-1', at: 1_000 });
  });

  it('keeps a container’s known POD terminal when a later answer did not include it', () => {
    const clock = new TestClock(1_000);
    const store = new RecordStore(new MemoryCache(clock), new MemoryLock(clock), clock);
    const n = 'CSQU3054383';
    const terminal = () =>
      store.read(RecordStore.containerKeys([n])).container(n) as { record: ContainerRecord };
    store.write({ containers: [record(n, { pod_terminal_name: 'Maher Terminals' })] });
    store.write({ containers: [record(n, { current_status: 'picked_up' })] }); // no terminal
    expect(terminal().record.attributes).toMatchObject({
      current_status: 'picked_up',
      pod_terminal_name: 'Maher Terminals',
    });
    // Known to have none is news, and another journey under the number learns its own.
    store.write({ containers: [record(n, { pod_terminal_name: null })] });
    expect(terminal().record.attributes.pod_terminal_name).toBeNull();
    store.write({ containers: [record(n, { pod_terminal_name: 'GCT Bayonne' })] });
    const newer = { ...record(n, { created_at: '2026-12-01T00:00:00Z' }), id: 'another-journey' };
    store.write({ containers: [newer] });
    expect(terminal().record.id).toBe('another-journey');
    expect('pod_terminal_name' in terminal().record.attributes).toBe(false);
  });

  it('survives the cache evicting everything', () => {
    const clock = new TestClock();
    const cache = new MemoryCache(clock);
    const store = new RecordStore(cache, new MemoryLock(clock), clock);
    store.write({ containers: [record('CSQU3054383')] });
    cache.evictAll();
    const view = store.read(RecordStore.containerKeys(['CSQU3054383']));
    expect(view.container('CSQU3054383')).toBeNull();
    expect(view.meta.total).toBeNull();
  });

  it('uses a bounded number of cache entries for a 10,000-container account', () => {
    const clock = new TestClock();
    const cache = new MemoryCache(clock);
    const store = new RecordStore(cache, new MemoryLock(clock), clock);
    const many: ContainerRecord[] = [];
    for (let i = 0; i < 10_000; i++)
      many.push(
        record(`TEST${String(i).padStart(7, '0')}`, {
          pickup_lfd: '2026-11-25T05:00:00Z',
          pod_discharged_at: '2026-11-19T14:05:00Z',
        }),
      );
    store.write({ containers: many, replaceAll: true });
    const containerEntries = [...cache.entries.keys()].filter((k) =>
      k.startsWith(CONTAINERS.prefix),
    );
    expect(containerEntries.length).toBeLessThanOrEqual(CONTAINERS.count);
    // Apps Script's cache holds 1,000 items and evicts the oldest tenth when full: every bucket
    // space together stays under 900, leaving room for the meta, settings and rate window.
    expect(cache.entries.size).toBeLessThan(900);
    const view = store.read(RecordStore.containerKeys(['TEST0009999']));
    expect(view.container('TEST0009999')).not.toBeNull();
  });
});

describe('what absence means', () => {
  it('after a complete listing a number absent from its bucket is missing, but not when the bucket was evicted or overflowed', () => {
    const clock = new TestClock();
    const cache = new MemoryCache(clock);
    const store = new RecordStore(cache, new MemoryLock(clock), clock);
    store.write({
      containers: [record('CSQU3054383')],
      replaceAll: true,
      meta: { listedAt: clock.now() },
    });
    const absent = 'MSKU9070323';
    const view = store.read(RecordStore.containerKeys([absent]));
    expect(view.hasContainerBucket(absent)).toBe(true);
    expect(view.meta.listedAt).toBe(clock.now());
    cache.entries.delete(RecordStore.containerKeys([absent])[0]!);
    expect(store.read(RecordStore.containerKeys([absent])).hasContainerBucket(absent)).toBe(false);

    // A listing too large for one bucket keeps the newest entries and stops vouching for absence:
    // enough numbers that all hash to one bucket to overflow it.
    const crowd: ContainerRecord[] = [];
    const target = bucketKey(CONTAINERS, 'CROW0000000');
    for (let i = 0; crowd.length < 2_000; i++) {
      const n = `CROW${String(i).padStart(7, '0')}`;
      if (bucketKey(CONTAINERS, n) === target) crowd.push(record(n));
    }
    store.write({ containers: crowd, replaceAll: true, meta: { listedAt: clock.now() } });
    expect(store.read([]).meta.listedAt).toBe(0);
  });
});
