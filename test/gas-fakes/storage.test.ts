import { makeRuntime, thrown } from './harness';

const CODE = `
function put(key, value, ttl) {
  var cache = CacheService.getDocumentCache();
  if (ttl === undefined) cache.put(key, value); else cache.put(key, value, ttl);
}
function putAll(map, ttl) { CacheService.getDocumentCache().putAll(map, ttl); }
function get(key) { return CacheService.getDocumentCache().get(key); }
function getAll(keys) { return CacheService.getDocumentCache().getAll(keys); }
function remove(keys) { CacheService.getDocumentCache().removeAll(keys); }
function setProp(key, value) { PropertiesService.getDocumentProperties().setProperty(key, value); }
function getProp(key) { return PropertiesService.getDocumentProperties().getProperty(key); }
function replaceAll(map) {
  var p = PropertiesService.getDocumentProperties();
  p.setProperties(map, true);
  return [p.getKeys().sort(), p.getProperties()];
}
function reads(n) { var p = PropertiesService.getUserProperties(); for (var i = 0; i < n; i++) p.getProperty('x'); }
`;

describe('CacheService', () => {
  it('expires entries in virtual time: 600 s by default, or the given ttl', () => {
    const { rt, clock } = makeRuntime(CODE);
    rt.run('put', ['a', '1']);
    rt.run('put', ['b', '2', 60]);
    clock.advance(59_000);
    expect(rt.run('getAll', [['a', 'b', 'c']])).toEqual({ a: '1', b: '2' });
    clock.advance(1_000);
    expect(rt.run('get', ['b'])).toBeNull();
    clock.advance(539_999);
    expect(rt.run('get', ['a'])).toBe('1');
    clock.advance(1);
    expect(rt.run('get', ['a'])).toBeNull();
  });

  it('stores strings, refuses oversized keys and values, and caps lifetimes', () => {
    const { rt } = makeRuntime(CODE);
    rt.run('put', ['n', 5]);
    expect(rt.run('get', ['n'])).toBe('5');
    expect(thrown(() => rt.run('put', ['k'.repeat(251), 'v']))).toBe('Argument too large: key');
    rt.run('put', ['k'.repeat(250), 'v']);
    expect(thrown(() => rt.run('put', ['big', 'x'.repeat(100 * 1024 + 1)]))).toBe(
      'Argument too large: value',
    );
    // Over 21,600 s is capped, not refused (ported-behaviours.test.ts has the source).
    rt.run('put', ['long', 'v', 21_601]);
    expect(rt.caches.document.entries.get('long')?.expiresAt).toBe(
      rt.caches.document.entries.get('k'.repeat(250))!.expiresAt - 600_000 + 21_600_000,
    );
    expect(thrown(() => rt.run('putAll', [{ ok: '1', bad: 'y'.repeat(100 * 1024 + 1) }, 60]))).toBe(
      'Argument too large: value',
    );
    expect(rt.run('get', ['ok'])).toBeNull();
  });

  it('lets tests evict entries early, by predicate', () => {
    const { rt } = makeRuntime(CODE);
    rt.run('putAll', [{ 'c:1': 'a', 'c:2': 'b', other: 'c' }, 3600]);
    expect(rt.evictCache((e) => e.key.startsWith('c:'))).toBe(2);
    expect(rt.run('getAll', [['c:1', 'c:2', 'other']])).toEqual({ other: 'c' });
    rt.run('remove', [['other']]);
    expect(rt.run('get', ['other'])).toBeNull();
  });

  it('keeps the 900 entries farthest from expiring when over 1,000 items', () => {
    const { rt } = makeRuntime(CODE);
    const many: Record<string, string> = {};
    for (let i = 0; i < 1001; i += 1) many[`k${i}`] = String(i);
    rt.run('put', ['late', 'x', 3600]);
    rt.run('putAll', [many, 600]);
    expect(rt.caches.document.entries.size).toBe(900);
    expect(rt.run('get', ['late'])).toBe('x');
  });
});

describe('PropertiesService', () => {
  it('stores strings, replaces all with deleteAllOthers', () => {
    const { rt } = makeRuntime(CODE);
    rt.run('setProp', ['n', 12]);
    expect(rt.run('getProp', ['n'])).toBe('12');
    expect(rt.run('replaceAll', [{ a: '1', b: 2 }])).toEqual([['a', 'b'], { a: '1', b: '2' }]);
  });

  it('enforces 9 KB per value and 500 KB per store, leaving the store unchanged', () => {
    const { rt } = makeRuntime(CODE);
    // Apps Script has one message for every size failure (ported-behaviours.test.ts).
    expect(thrown(() => rt.run('setProp', ['big', 'x'.repeat(9 * 1024 + 1)]))).toBe(
      'You have exceeded the property storage quota. Please remove some properties and try again.',
    );
    // 56 entries of ~9 KB fit in 500 KB (512,000 bytes); the 57th does not.
    for (let i = 0; i < 56; i += 1) rt.run('setProp', [`k${i}`, 'y'.repeat(9000)]);
    expect(thrown(() => rt.run('setProp', ['k56', 'y'.repeat(9000)]))).toBe(
      'You have exceeded the property storage quota. Please remove some properties and try again.',
    );
    expect(rt.run('getProp', ['k56'])).toBeNull();
  });

  it('throws the daily quota error past the reads+writes limit, and recovers a day later', () => {
    const { rt, clock } = makeRuntime(CODE, { quotas: { propertiesPerDay: 10 } });
    rt.run('reads', [10]);
    expect(thrown(() => rt.run('reads', [1]))).toBe(
      'Service invoked too many times for one day: properties.',
    );
    clock.advance(24 * 3600 * 1000);
    rt.run('reads', [10]);
  });
});
