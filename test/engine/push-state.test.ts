// Push state kept in document properties stays bounded, and the token compare is exact.

import { sameSecret } from '../../src/core/secret';
import {
  RECENT_FETCHES,
  RECENT_IDS,
  fetchedSince,
  markApplied,
  noteFetched,
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
  expect(new TextEncoder().encode(JSON.stringify(s)).length).toBeLessThan(9 * 1024);
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
