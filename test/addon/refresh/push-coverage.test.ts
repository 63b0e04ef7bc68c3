// What a scheduled refresh leaves to push: tracked rows, only while deliveries arrive.
import { PUSH_HEALTHY_MS, pushCoverage } from '../../../src/addon/refresh/push-coverage';
import { PUSH_STATE_KEY } from '../../../src/engine/push-state';
import type { DurableStore } from '../../../src/core/ports';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const tracked = new Set(['MSCU1234566', 'MEDU1234567']);

function store(lastNotificationAt: string | null): DurableStore {
  const values: Record<string, string> =
    lastNotificationAt === undefined
      ? {}
      : {
          [PUSH_STATE_KEY]: JSON.stringify({
            webhookId: 'w1',
            url: 'https://script.google.com/macros/s/x/exec',
            events: ['container.updated'],
            spreadsheetId: 's1',
            lastNotificationAt,
            caughtUpTo: '2026-11-19T00:00:00Z',
            applied: 3,
            recent: [],
          }),
        };
  return { getAll: () => values, setAll: () => undefined, remove: () => undefined };
}

describe('pushCoverage', () => {
  it('leaves tracked rows to push while deliveries arrive', () => {
    const at = new Date(NOW - 3_600_000).toISOString();
    expect([...pushCoverage(store(at), true, NOW, tracked).covered]).toEqual([...tracked]);
  });
  it('reads every row in a manual refresh', () => {
    const at = new Date(NOW - 3_600_000).toISOString();
    expect(pushCoverage(store(at), false, NOW, tracked).covered.size).toBe(0);
  });
  it('polls as without push when no delivery arrived lately, or push is off', () => {
    const old = new Date(NOW - PUSH_HEALTHY_MS - 1).toISOString();
    expect(pushCoverage(store(old), true, NOW, tracked).covered.size).toBe(0);
    expect(pushCoverage(store(null), true, NOW, tracked).covered.size).toBe(0);
    const off: DurableStore = {
      getAll: () => ({}),
      setAll: () => undefined,
      remove: () => undefined,
    };
    expect(pushCoverage(off, true, NOW, tracked).covered.size).toBe(0);
  });
});
