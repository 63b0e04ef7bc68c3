// Push state kept in document properties stays bounded, and the token compare is exact.

import { sameSecret } from '../../src/core/secret';
import {
  PUSH_SEEN_KEY,
  PUSH_STATE_KEY,
  RECENT_FETCHES,
  RECENT_IDS,
  SEEN_IDS,
  fetchedSince,
  idHash,
  loadPushState,
  markApplied,
  noteFetched,
  savePushState,
  wasApplied,
  type PushState,
} from '../../src/engine/push-state';

const state: PushState = {
  webhookId: 'w',
  url: 'https://script.google.com/macros/s/x/exec',
  events: ['container.updated'],
  spreadsheetId: 's',
  lastNotificationAt: null,
  caughtUpTo: '2026-11-20T15:00:00.000Z',
  applied: 0,
  recent: [],
};

test('applied ids are counted once and only the newest are kept, within one property value', () => {
  const notices = Array.from({ length: 400 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    createdAt: `2026-11-20T15:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z`,
  }));
  let s = markApplied(state, notices);
  s = markApplied(s, notices.slice(-10)); // replays of kept ids are not counted again
  expect(s.applied).toBe(400);
  expect(s.recent).toHaveLength(RECENT_IDS);
  expect(s.recent[s.recent.length - 1]).toBe(notices[399]!.id);
  expect(s.lastNotificationAt).toBe(notices[399]!.createdAt);
  for (let i = 0; i < 100; i++) s = noteFetched(s, `container:${i}`, 1_000 + i);
  expect(Object.keys(s.fetched ?? {})).toHaveLength(RECENT_FETCHES);
  // As stored: the state and the seen ids on their own keys, each within one property value.
  const written: Record<string, string> = {};
  savePushState(
    { getAll: () => written, setAll: (v) => Object.assign(written, v), remove: () => {} },
    { ...s, warning: 'w'.repeat(400), problem: { at: 'x', message: 'm'.repeat(400) } },
  );
  expect(Object.keys(written).sort()).toEqual([PUSH_STATE_KEY, PUSH_SEEN_KEY].sort());
  for (const value of Object.values(written))
    expect(new TextEncoder().encode(value).length).toBeLessThan(9 * 1024);
});

test('ids dealt with are recognised long after they left the recent list: the newest SEEN_IDS', () => {
  const id = (i: number) => `4b1c${String(i).padStart(4, '0')}-0000-4000-8000-000000000000`;
  let s = state;
  for (let i = 0; i < SEEN_IDS + 50; i++)
    s = markApplied(s, [{ id: id(i), createdAt: '2026-11-20T15:00:00Z' }]);
  expect(s.recent).toHaveLength(RECENT_IDS);
  expect(s.seen).toHaveLength(SEEN_IDS * 8);
  expect(wasApplied(s, id(SEEN_IDS + 49))).toBe(true);
  expect(wasApplied(s, id(60))).toBe(true); // 1,000 ids ago, 850 past the recent list
  expect(wasApplied(s, id(10))).toBe(false); // beyond the bound: forgotten (a refetch, never a loss)
  // Saved and loaded again from one read of the store.
  const written: Record<string, string> = {};
  savePushState(
    { getAll: () => written, setAll: (v) => Object.assign(written, v), remove: () => {} },
    s,
  );
  const loaded = loadPushState({ getAll: () => written, setAll: () => {}, remove: () => {} })!;
  expect(wasApplied(loaded, id(60))).toBe(true);
  expect(idHash(id(1))).toMatch(/^[0-9a-f]{8}$/);
});

test('a fetch in the same second as the event does not count as after it', () => {
  const s = noteFetched(state, 'container:c', Date.parse('2026-11-20T15:00:00.900Z'));
  expect(fetchedSince(s, 'container:c', '2026-11-20T15:00:00Z')).toBe(false);
  const later = noteFetched(state, 'container:c', Date.parse('2026-11-20T15:00:01.000Z'));
  expect(fetchedSince(later, 'container:c', '2026-11-20T15:00:00Z')).toBe(true);
  expect(fetchedSince(later, 'container:other', '2026-11-20T15:00:00Z')).toBe(false);
});

test('sameSecret: only the exact secret', () => {
  expect(sameSecret('abc123', 'abc123')).toBe(true);
  expect(sameSecret('abc124', 'abc123')).toBe(false);
  expect(sameSecret('abc12', 'abc123')).toBe(false);
  expect(sameSecret('', '')).toBe(false);
});
