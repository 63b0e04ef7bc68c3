// Schedules a team can see and hand over (docs/reference.md#schedules-list,
// docs/reference.md#hand-over): Settings → Schedules lists every spreadsheet this user's triggers
// refresh; the owner of a schedule offers it to another editor, whose Take over makes it theirs at
// once (the old trigger deletes itself at its next run).

import type { ScheduleEntry as Entry } from '../../../src/addon/schedule/schedules-list';
import type { AutoRefreshState as State } from '../../../src/addon/schedule/schedule-view';
import { createHarness, withRows } from '../../helpers/addon-harness';
import { thrown } from '../../helpers/thrown';

type Harness = ReturnType<typeof createHarness>;

const OWNER = 'user@example.com';
const EDITOR = 'editor@example.com';
const OTHER = 'other@example.com';
const BO = 'bo@example.com';
const MINUTE = 60_000;
const sidebar = (user = OWNER) => ({ kind: 'sidebar' as const, user });

const schedules = (h: Harness, user = OWNER) =>
  h.gas.run<Entry[]>('getSchedules', [], sidebar(user));
const autoRefresh = (h: Harness, user = OWNER) =>
  h.gas.run<State>('getAutoRefresh', [], sidebar(user));
const owners = (h: Harness) => h.gas.triggers.triggers.map((t) => t.owner);

describe('Settings → Schedules (add-on: one project, many spreadsheets)', () => {
  function threeSpreadsheets() {
    const a = withRows([['MSCU1234566']], { containers: 3, addOn: true, spreadsheetId: 'sheet-a' });
    const more = (id: string) =>
      createHarness({
        addOn: true,
        spreadsheetId: id,
        sameProjectAs: {
          clock: a.clock,
          emulator: a.emulator,
          gas: a.gas,
          interceptors: a.interceptors,
        },
      });
    const b = more('sheet-b');
    const c = more('sheet-c');
    a.gas.spreadsheet.name = 'Customer A boxes';
    b.gas.spreadsheet.name = 'Customer B boxes';
    c.gas.spreadsheet.name = 'Customer C boxes';
    return { a, b, c };
  }

  it('lists every spreadsheet this user’s triggers refresh, with its link, interval, runs and state', () => {
    const { a, b, c } = threeSpreadsheets();
    a.gas.run('enableAutoRefresh', [60], sidebar());
    b.gas.run('enableAutoRefresh', [120], sidebar());
    const since = a.clock.now();

    const listed = schedules(c);
    expect(listed.map((s) => [s.spreadsheetId, s.name, s.minutes, s.state, s.current])).toEqual([
      ['sheet-a', 'Customer A boxes', 60, 'waiting', false],
      ['sheet-b', 'Customer B boxes', 120, 'waiting', false],
    ]);
    expect(listed[0]!.url).toContain('sheet-a');
    expect(listed[0]!.lastRun).toBeNull();
    expect(listed[0]!.nextRun).toBe(new Date(since + 60 * MINUTE).toISOString());
    // From a scheduled spreadsheet, that one comes first.
    expect(schedules(b).map((s) => [s.spreadsheetId, s.current])).toEqual([
      ['sheet-b', true],
      ['sheet-a', false],
    ]);

    // The hourly one runs (without a document, as an add-on's trigger may): noted, due again.
    a.clock.advance(60 * MINUTE);
    expect(a.gas.fireDueTriggers().map((f) => f.ok)).toEqual([true]);
    const ran = schedules(c).find((s) => s.spreadsheetId === 'sheet-a')!;
    expect(ran).toMatchObject({ state: 'ok', lastRun: new Date(a.clock.now()).toISOString() });
    expect(ran.nextRun).toBe(new Date(a.clock.now() + 60 * MINUTE).toISOString());

    // Another user of the add-on runs none of them.
    expect(schedules(c, BO)).toEqual([]);
    c.gas.run('enableAutoRefresh', [60], sidebar(BO));
    expect(schedules(a, BO).map((s) => s.spreadsheetId)).toEqual(['sheet-c']);
    expect(schedules(a).map((s) => s.spreadsheetId)).toEqual(['sheet-a', 'sheet-b']);
  });

  it('says which schedule is failing, and why', () => {
    const { a, c } = threeSpreadsheets();
    a.gas.run('enableAutoRefresh', [60], sidebar());
    a.interceptors.push((req) =>
      req.url.includes('/v2/') ? { status: 503, headers: {}, body: '' } : undefined,
    );
    a.clock.advance(60 * MINUTE);
    a.gas.fireDueTriggers();
    const [entry] = schedules(c);
    expect(entry).toMatchObject({ state: 'failing' });
    expect(entry!.note).toMatch(/The last 1 scheduled runs failed/);
  });
});

describe('bound script: Settings → Schedules', () => {
  it('shows the owner this spreadsheet’s schedule and another editor none of theirs', () => {
    const h = createHarness({ addOn: false });
    expect(schedules(h)).toEqual([]);
    h.gas.run('enableAutoRefresh', [15], sidebar());
    expect(schedules(h).map((s) => [s.minutes, s.current, s.state])).toEqual([
      [15, true, 'waiting'],
    ]);
    expect(schedules(h, EDITOR)).toEqual([]);
  });
});

describe.each([
  ['bound script', false, 15],
  ['add-on', true, 60],
])('%s: handing a schedule over', (_name, addOn, minutes) => {
  it('the owner offers it; that editor’s Take over makes it theirs at once', () => {
    const h = withRows([['MSCU1234566']], { containers: 3, addOn });
    h.gas.run('enableAutoRefresh', [minutes], sidebar());

    // Nobody else can hand it over, and an address must be one.
    expect(thrown(() => h.gas.run('handOverSchedule', [{ to: OTHER }], sidebar(EDITOR)))).toMatch(
      new RegExp(`Only the schedule's owner can hand it over: it runs as ${OWNER}`),
    );
    expect(
      thrown(() => h.gas.run('handOverSchedule', [{ to: 'editor at example' }], sidebar())),
    ).toMatch(/Hand over to: "editor at example" is not an email address/);
    expect(thrown(() => h.gas.run('handOverSchedule', [{ to: OWNER }], sidebar()))).toMatch(
      /That is your own address/,
    );

    const offered = h.gas.run<State>(
      'handOverSchedule',
      [{ to: ' Editor@Example.com ' }],
      sidebar(),
    );
    expect(offered).toMatchObject({ ownedByMe: true, handover: { to: EDITOR } });
    expect(offered.note).toMatch(/handed this schedule over to editor@example.com.*stays yours/);
    expect(owners(h)).toEqual([OWNER]); // nothing moved yet

    // Another editor may not take it; the one it was handed to may.
    expect(autoRefresh(h, OTHER).canTakeOver).toBe(false);
    expect(thrown(() => h.gas.run('takeOverSchedule', [], sidebar(OTHER)))).toMatch(
      new RegExp(`runs as ${OWNER}.*Ask them to hand it over to you`),
    );
    const seen = autoRefresh(h, EDITOR);
    expect(seen).toMatchObject({ canTakeOver: true, ownedByMe: false });
    expect(seen.note).toMatch(/handed this schedule over to you: press Take over/);

    const taken = h.gas.run<State>('takeOverSchedule', [], sidebar(EDITOR));
    expect(taken).toMatchObject({ enabled: true, minutes, owner: EDITOR, ownedByMe: true });
    expect(taken.note).toMatch(new RegExp(`You took over auto-refresh from ${OWNER}`));
    // At once: every editor sees the new owner, before any trigger has run.
    expect(autoRefresh(h)).toMatchObject({ owner: EDITOR, ownedByMe: false, canTakeOver: false });
    expect(schedules(h, EDITOR).map((s) => s.minutes)).toEqual([minutes]);

    // The old trigger's next run deletes it: a bound script's with the document, an add-on's
    // without one (it reads the owner's mark in the spreadsheet it opens by id).
    h.clock.advance(minutes * MINUTE);
    const fired = h.gas.fireDueTriggers();
    expect(fired.map((f) => f.ok)).toEqual(fired.map(() => true));
    expect(owners(h)).toEqual([EDITOR]);
    expect(schedules(h)).toEqual([]);
  });

  it('take over without an offer works on a schedule that stopped running', () => {
    const h = createHarness({ addOn });
    h.gas.run('enableAutoRefresh', [minutes], sidebar());
    expect(thrown(() => h.gas.run('takeOverSchedule', [], sidebar(EDITOR)))).toMatch(
      /Ask them to hand it over to you/,
    );
    h.gas.triggers.triggers = []; // the owner's trigger is gone (they left, or deleted it)
    h.clock.advance((2 * minutes + 121) * MINUTE);
    expect(autoRefresh(h, EDITOR).canTakeOver).toBe(true);
    expect(h.gas.run<State>('takeOverSchedule', [], sidebar(EDITOR))).toMatchObject({
      owner: EDITOR,
      ownedByMe: true,
    });
    expect(owners(h)).toEqual([EDITOR]);
  });
});
