// The alert queue's bound: within its shards, already-sent entries go before waiting ones, and
// waiting immediate alerts last; what is dropped is counted.

import type { Alert } from '../../src/core/alert-rules';
import {
  AlertQueue,
  SHARDS,
  SHARD_CHARS,
  emptyAlertState,
  fitAlertState,
} from '../../src/engine/alert-queue';

const alert = (i: number, kind: Alert['kind']): Alert => ({
  number: `N${i}`,
  kind,
  value: 'é'.repeat(40), // non-ASCII is stored escaped: its size in bytes is counted
  at: i,
});

function store() {
  const values: Record<string, string> = {};
  return {
    values,
    getAll: () => ({ ...values }),
    setAll: (v: Record<string, string>) => Object.assign(values, v),
    remove: (k: string) => delete values[k],
  };
}

it('keeps every value under 9 KB and drops sent, then digest, then immediate entries', () => {
  const state = {
    ...emptyAlertState(),
    sent: Array.from({ length: 200 }, (_, i) => alert(i, 'ready')),
    pending: [
      ...Array.from({ length: 100 }, (_, i) => alert(1000 + i, 'lfd-due')),
      ...Array.from({ length: 250 }, (_, i) => alert(2000 + i, 'eta-moved')),
    ],
  };
  const fitted = fitAlertState(state);
  expect(fitted.sent).toEqual([]);
  expect(fitted.pending.filter((a) => a.kind === 'lfd-due')).toHaveLength(100);
  expect(fitted.dropped).toBeGreaterThan(0);
  expect(fitted.pending.length + fitted.dropped).toBe(350);

  const props = store();
  const queue = new AlertQueue(props);
  queue.save(state);
  const keys = Object.keys(props.values);
  expect(keys.length).toBeLessThanOrEqual(SHARDS);
  for (const v of Object.values(props.values))
    expect(Buffer.byteLength(v)).toBeLessThanOrEqual(SHARD_CHARS);
  expect(queue.load()).toEqual(fitted);
});

it('writes only the shards that changed and removes emptied ones', () => {
  const props = store();
  const queue = new AlertQueue(props);
  const big = {
    ...emptyAlertState(),
    pending: Array.from({ length: 60 }, (_, i) => alert(i, 'lfd-due')),
  };
  let seen = queue.save(big);
  expect(Object.keys(props.values).length).toBeGreaterThan(1);
  seen = queue.save(emptyAlertState(), seen);
  expect(Object.keys(props.values)).toEqual(['CT_ALERTS:0']);
  expect(seen).toEqual(props.values);
});
