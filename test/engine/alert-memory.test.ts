// The 7-day memory of raised alerts: what it remembers, for how long, and that a year of alerts
// takes no more room than a week's.

import { alertMemory, MAX_REMEMBERED, REPEAT_WINDOW_MS } from '../../src/engine/alert-memory';
import { queueNew } from '../../src/addon/changes/change-pipeline';
import { emptyAlertState } from '../../src/engine/alert-queue';
import type { Alert } from '../../src/core/alert-rules';

const T0 = Date.parse('2026-11-20T15:20:00Z');
const hold = { number: 'MSCU1234565', kind: 'hold-placed' as const, value: 'customs' };

it('remembers a container, kind and value for at least 7 days, then forgets it', () => {
  const m = alertMemory('', T0);
  m.add(hold);
  expect(m.has(hold)).toBe(true);
  expect(m.has({ ...hold, value: 'USDA' })).toBe(false);
  expect(m.has({ ...hold, kind: 'hold-released' })).toBe(false);
  const text = m.text();
  expect(alertMemory(text, T0 + REPEAT_WINDOW_MS - 1).has(hold)).toBe(true);
  expect(alertMemory(text, T0 + REPEAT_WINDOW_MS + 3_600_000).has(hold)).toBe(false);
  expect(alertMemory(text, T0 + REPEAT_WINDOW_MS + 3_600_000).text()).toBe('');
});

it('stays within its bound after a year of 600 alerts a day', () => {
  let text = '';
  const day = 86_400_000;
  for (let d = 0; d < 365; d++) {
    const m = alertMemory(text, T0 + d * day);
    for (let i = 0; i < 600; i++) m.add({ number: `C${d}-${i}`, kind: 'lfd-soon', value: 'x' });
    text = m.text();
  }
  expect(text.length).toBeLessThanOrEqual(MAX_REMEMBERED * 12);
  // The newest are the ones kept.
  const last = alertMemory(text, T0 + 364 * day);
  expect(last.has({ number: 'C364-599', kind: 'lfd-soon', value: 'x' })).toBe(true);
  expect(last.has({ number: 'C300-0', kind: 'lfd-soon', value: 'x' })).toBe(false);
});

it('a damaged memory is read as empty, never as a crash', () => {
  expect(alertMemory('zz', T0).text()).toBe('');
  expect(alertMemory(undefined, T0).has(hold)).toBe(false);
});

it('queues an alert once, whether remembered or still waiting', () => {
  const alert: Alert = { ...hold, at: T0 };
  const once = queueNew(emptyAlertState(), [alert, alert], T0);
  expect(once.pending).toHaveLength(1);
  const again = queueNew(once, [{ ...alert, at: T0 + 1 }], T0 + 86_400_000);
  expect(again).toBe(once);
  const sentSince = { ...once, pending: [] };
  expect(queueNew(sentSince, [alert], T0 + 2 * 86_400_000).pending).toEqual([]);
});
