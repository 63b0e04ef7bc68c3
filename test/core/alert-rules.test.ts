// Alert kinds and once-only raising (docs/reference.md#alerts).

import { alertsFor, type Alert } from '../../src/core/alert-rules';
import { containerSnapshot, INTERNAL, type Snapshot } from '../../src/core/change-snapshot';
import type { ContainerRecord } from '../../src/core/model';

const NOW = Date.parse('2026-11-24T18:00:00Z'); // 10:00 in Los Angeles
const ctx = { now: NOW, lfdDays: 2 };
const at = (lfd: string, extra: Snapshot = {}): Snapshot => ({
  [INTERNAL.lfd]: `${lfd}@America/Los_Angeles`,
  [INTERNAL.atTerminal]: 'y',
  ...extra,
});
const kinds = (alerts: Alert[]) => alerts.map((a) => `${a.kind}:${a.value}`);

describe('state alerts', () => {
  it('raises an LFD due today once, and again only for a new LFD', () => {
    const first = alertsFor('C1', null, at('2026-11-24'), [], ctx);
    expect(kinds(first.alerts)).toEqual(['lfd-due:2026-11-24']);
    expect(first.alerts[0]!.detail).toBe('today');
    const again = alertsFor('C1', at('2026-11-24'), at('2026-11-24'), first.alerted, ctx);
    expect(again.alerts).toEqual([]);
    const moved = alertsFor('C1', at('2026-11-24'), at('2026-11-23'), again.alerted, ctx);
    expect(kinds(moved.alerts)).toEqual(['lfd-due:2026-11-23', 'lfd-changed:2026-11-23']);
    expect(moved.alerts[0]!.detail).toBe('1 day overdue');
  });

  it('warns of an LFD within alertLfdDays in the digest, not beyond, not once picked up', () => {
    expect(kinds(alertsFor('C1', null, at('2026-11-26'), [], ctx).alerts)).toEqual([
      'lfd-soon:2026-11-26',
    ]);
    expect(alertsFor('C1', null, at('2026-11-27'), [], ctx).alerts).toEqual([]);
    const gone = at('2026-11-20', { [INTERNAL.atTerminal]: 'n' });
    expect(alertsFor('C1', null, gone, [], ctx).alerts).toEqual([]);
  });

  it('raises a failed tracking request once per failure text', () => {
    const failed = { tracking: 'failed: not_found' };
    const first = alertsFor('B1', { tracking: 'pending' }, failed, [], ctx);
    expect(kinds(first.alerts)).toEqual(['request-failed:failed: not_found']);
    expect(alertsFor('B1', failed, failed, first.alerted, ctx).alerts).toEqual([]);
  });
});

describe('change alerts', () => {
  it('says ready, holds placed and released, but not on a first sighting', () => {
    const before = at('2026-12-10', { ready_for_pickup: 'no', [INTERNAL.holds]: 'customs' });
    const after = at('2026-12-10', { ready_for_pickup: 'yes', [INTERNAL.holds]: 'freight' });
    expect(kinds(alertsFor('C1', before, after, [], ctx).alerts)).toEqual([
      'ready:ready for pickup',
      'hold-placed:freight',
      'hold-released:customs',
    ]);
    expect(alertsFor('C1', null, after, [], ctx).alerts).toEqual([]);
  });

  it('says an ETA moved only past 24 hours', () => {
    const eta = (ms: number, text: string) => ({ [INTERNAL.eta]: String(ms), pod_eta_at: text });
    const day = 86_400_000;
    expect(alertsFor('C1', eta(NOW, 'a'), eta(NOW + day - 60_000, 'b'), [], ctx).alerts).toEqual(
      [],
    );
    const moved = alertsFor('C1', eta(NOW, 'a'), eta(NOW + day + 60_000, 'b'), [], ctx).alerts;
    expect(moved).toMatchObject([{ kind: 'eta-moved', old: 'a', value: 'b' }]);
  });
});

describe('hold names as the service sends them', () => {
  const box = (holds: { name: string; status: string }[]) =>
    containerSnapshot(
      {
        id: 'c1',
        shipmentId: null,
        attributes: { number: 'C1', current_status: 'not_available', holds_at_pod_terminal: holds },
      } as unknown as ContainerRecord,
      undefined,
    );

  it('a name containing "|" is one hold, placed once', () => {
    const placed = alertsFor(
      'C1',
      box([]),
      box([{ name: 'customs|USDA', status: 'hold' }]),
      [],
      ctx,
    );
    expect(kinds(placed.alerts)).toEqual(['hold-placed:customs|USDA']);
  });

  it('a snapshot kept by an earlier version (names joined by "|") reads the same holds', () => {
    const earlier = { ...box([]), [INTERNAL.holds]: 'USDA|customs' };
    const now = box([
      { name: 'customs', status: 'hold' },
      { name: 'USDA', status: 'hold' },
    ]);
    expect(alertsFor('C1', earlier, now, [], ctx).alerts).toEqual([]);
  });
});
