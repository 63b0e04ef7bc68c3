// Who runs what: a trigger runs as the account that created it and no other account sees it
// (local/gas models that), so the spreadsheet's one schedule and its owner are recorded where
// every editor reads them. A second editor sees the schedule, never adds a second one, and can
// take over a schedule that stopped. Scheduled runs count their own trigger time, which
// Diagnostics shows and auto-refresh widens its interval on before Google's daily cap.

import type { AutoRefreshState as State } from '../../../src/addon/schedule/schedule-view';
import { createHarness, withRows } from '../../helpers/addon-harness';
import { thrown } from '../../helpers/thrown';

type Harness = ReturnType<typeof createHarness>;

const OWNER = 'user@example.com';
const EDITOR = { user: 'editor@example.com' };
const MINUTE = 60_000;

const state = (h: Harness, as: { user?: string } = {}) =>
  h.gas.run<State>('getAutoRefresh', [], { kind: 'sidebar', ...as });

const owners = (h: Harness) => h.gas.triggers.triggers.map((t) => t.owner);

describe('one schedule per spreadsheet, whoever is at the sidebar', () => {
  it("shows every editor the owner's schedule; another editor cannot add a second one", () => {
    const h = createHarness();
    h.gas.run('enableAutoRefresh', [15], { kind: 'sidebar' });
    expect(state(h)).toMatchObject({ enabled: true, minutes: 15, owner: OWNER, ownedByMe: true });

    const seen = state(h, EDITOR);
    expect(seen).toMatchObject({ enabled: true, minutes: 15, owner: OWNER, ownedByMe: false });
    expect(seen.note).toContain(`as ${OWNER}`);
    for (const change of [
      () => h.gas.run('enableAutoRefresh', [60], { kind: 'sidebar', ...EDITOR }),
      () => h.gas.run('disableAutoRefresh', [], { kind: 'sidebar', ...EDITOR }),
    ]) {
      expect(thrown(change)).toMatch(
        new RegExp(`runs every 15 minutes as ${OWNER}.*nothing was added here: ask ${OWNER}`),
      );
    }
    expect(owners(h)).toEqual([OWNER]);
    // The owner still changes it: one trigger, still theirs.
    h.gas.run('enableAutoRefresh', [30], { kind: 'sidebar' });
    expect(owners(h)).toEqual([OWNER]);
    expect(state(h, EDITOR)).toMatchObject({ minutes: 30, owner: OWNER });
  });

  it('says so when the owner deletes the trigger by hand, and the schedule is off for everyone', () => {
    const h = createHarness();
    h.gas.run('enableAutoRefresh', [60], { kind: 'sidebar' });
    h.gas.triggers.triggers = []; // deleted on the Apps Script triggers page
    expect(state(h).note).toMatch(/removed outside the add-in.*auto-refresh is off/);
    expect(state(h)).toMatchObject({ enabled: false, owner: null });
    expect(state(h, EDITOR)).toMatchObject({ enabled: false, note: null });
    h.gas.run('enableAutoRefresh', [60], { kind: 'sidebar', ...EDITOR });
    expect(owners(h)).toEqual([EDITOR.user]);
  });

  it('lets another editor take over a schedule that stopped running; the old trigger then removes itself', () => {
    const h = createHarness();
    h.gas.run('enableAutoRefresh', [60], { kind: 'sidebar' });
    h.clock.advance(60 * MINUTE);
    expect(h.gas.fireDueTriggers()).toEqual([expect.objectContaining({ ok: true })]);
    // The owner's runs stop being seen (say their trigger failed for days): after two intervals
    // and two hours with no run, another editor may set the schedule.
    const saved = [...h.gas.triggers.triggers];
    h.gas.triggers.triggers = [];
    h.clock.advance(5 * 60 * MINUTE);
    expect(state(h, EDITOR).note).toMatch(
      /has not run since .*Turn auto-refresh on here to take it over/,
    );
    h.gas.run('enableAutoRefresh', [120], { kind: 'sidebar', ...EDITOR });
    expect(state(h)).toMatchObject({
      enabled: true,
      minutes: 120,
      owner: EDITOR.user,
      ownedByMe: false,
    });

    // The owner's trigger comes back to life: at its next run it sees it was superseded.
    h.gas.triggers.triggers.push(
      ...saved.map((t) => ({ ...t, nextRunAt: h.clock.now() + MINUTE })),
    );
    h.clock.advance(MINUTE);
    const [firing] = h.gas.fireDueTriggers();
    expect(firing).toMatchObject({ ok: true });
    expect(owners(h)).toEqual([EDITOR.user]);
  });

  it('adopts a trigger made before the shared record existed at its first run', () => {
    const h = createHarness();
    h.gas.run('enableAutoRefresh', [60], { kind: 'sidebar' });
    h.gas.properties.document.map.delete('CT_SCHEDULE');
    expect(state(h, EDITOR)).toMatchObject({ enabled: false });
    h.clock.advance(60 * MINUTE);
    h.gas.fireDueTriggers();
    expect(state(h, EDITOR)).toMatchObject({ enabled: true, minutes: 60, owner: OWNER });
  });
});

describe('daily trigger time', () => {
  const ledger = (h: Harness) =>
    JSON.parse(h.gas.properties.user.map.get('CT_TRIGGER_TIME') ?? '{}') as Record<string, number>;

  it('records each scheduled run, shows it in Diagnostics for the account it belongs to', () => {
    const h = withRows([['MSCU1234566']], { containers: 3 });
    // Each request to the service takes 2 s of the run's time.
    h.interceptors.push(() => {
      h.clock.advance(2_000);
      return undefined;
    });
    h.gas.run('enableAutoRefresh', [60], { kind: 'sidebar' });
    h.clock.advance(60 * MINUTE);
    h.gas.fireDueTriggers();
    const spent = h.gas.executions.at(-1)!.elapsedMs;
    expect(spent).toBeGreaterThan(0);
    expect(Object.values(ledger(h)).reduce((a, b) => a + b, 0)).toBe(spent);
    const report = h.gas.run<{ limits: { name: string; left: string }[] }>('getDiagnostics', [], {
      kind: 'sidebar',
    });
    expect(report.limits).toEqual(
      expect.arrayContaining([
        { name: 'Quotas shown for', left: expect.stringContaining(OWNER) },
        {
          name: `Scheduled refresh time, last 24 hours (${OWNER})`,
          left: expect.stringMatching(
            /^\d+ min of 90 min used by this add-in's scheduled refreshes/,
          ),
        },
      ]),
    );
  });

  it('widens the interval, and says so, once the last 24 hours used 60% of the 90 minutes', () => {
    const h = createHarness();
    h.gas.run('enableAutoRefresh', [15], { kind: 'sidebar' });
    // 56 minutes of scheduled runs in the last hours (e.g. slow refreshes every 15 minutes).
    const hour = Math.floor(h.clock.now() / (60 * MINUTE));
    h.gas.properties.user.map.set(
      'CT_TRIGGER_TIME',
      JSON.stringify({ [hour - 2]: 28 * MINUTE, [hour - 1]: 28 * MINUTE }),
    );
    h.clock.advance(15 * MINUTE);
    expect(h.gas.fireDueTriggers()).toEqual([expect.objectContaining({ ok: true })]);
    // 56 min at every 15 minutes is about 28 min at every 30: half of 90 at most.
    expect(h.gas.triggers.triggers.map((t) => t.everyMs)).toEqual([30 * MINUTE]);
    const seen = state(h, EDITOR);
    expect(seen).toMatchObject({ enabled: true, minutes: 30, owner: OWNER });
    expect(state(h).note).toMatch(
      /widened auto-refresh from every 15 minutes to every 30 minutes: scheduled refreshes used 56 min of the 90 min/,
    );
  });

  it('keeps two days of hourly records at most', () => {
    const h = createHarness();
    h.gas.run('enableAutoRefresh', [60], { kind: 'sidebar' });
    for (let i = 0; i < 24 * 4; i += 1) {
      h.clock.advance(60 * MINUTE);
      h.gas.fireDueTriggers();
    }
    expect(Object.keys(ledger(h)).length).toBeLessThanOrEqual(48);
  });
});

// Google runs nothing when the owner's run is refused (30 executions at once) or the day's
// trigger time is used up, and the add-in cannot log what never ran: the owner sees it when the
// schedule has not run for two intervals.
describe("the schedule's owner sees that it stopped running", () => {
  const diagnosticsLines = (h: Harness) =>
    h.gas.run<{ autoRefresh: { value?: string[] } }>('getDiagnostics', [], { kind: 'sidebar' })
      .autoRefresh.value ?? [];
  const STOPPED = /has not run since/;

  it('says when it last ran, why it may have stopped and what to do, in the status and Diagnostics', () => {
    const h = withRows([['MSCU1234566']], { containers: 3 });
    h.gas.run('enableAutoRefresh', [60], { kind: 'sidebar' });
    h.clock.advance(60 * MINUTE);
    expect(h.gas.fireDueTriggers()).toEqual([expect.objectContaining({ ok: true })]);
    // In the sheet's zone (America/New_York): the clock started at 15:00 UTC, an hour ago.
    expect(new Date(h.clock.now()).toISOString()).toBe('2026-11-20T16:00:00.000Z');
    const lastRun = 'Nov 20, 2026 11:00 EST';
    // From now on every run fails at once, as Apps Script fails them past the daily quota.
    h.gas.project.triggerRuntime.limitMs = 0;
    h.clock.advance(60 * MINUTE);
    expect(h.gas.fireDueTriggers()).toEqual([expect.objectContaining({ ok: false })]);
    expect(state(h).note ?? '').not.toMatch(STOPPED); // one missed run is not yet a stop
    h.gas.run('refreshTrackingSheet'); // a refresh by hand does not make the schedule run
    h.clock.advance(80 * MINUTE);
    h.gas.fireDueTriggers();

    const note = state(h).note ?? '';
    expect(note).toContain(`has not run since ${lastRun}`);
    expect(note).toMatch(/trigger time .*used up/);
    expect(note).toMatch(/too many .*executions .*at once/);
    expect(note).toMatch(/trigger was removed/);
    expect(note).toMatch(/Refresh now/);
    expect(note).toMatch(/Diagnostics/);
    expect(note).toMatch(/longer interval/);
    expect(state(h)).toMatchObject({ enabled: true, ownedByMe: true, minutes: 60 });
    expect(diagnosticsLines(h)).toContain(note);

    // Once a run gets through again, the note goes.
    h.gas.project.triggerRuntime.limitMs = 90 * MINUTE;
    h.clock.advance(60 * MINUTE);
    expect(h.gas.fireDueTriggers()).toEqual([expect.objectContaining({ ok: true })]);
    expect(state(h).note ?? '').not.toMatch(STOPPED);
  });

  it('says nothing while an add-on schedule runs without a document (it cannot note the run there)', () => {
    const h = withRows([['MSCU1234566']], { containers: 3, addOn: true });
    h.gas.run('enableAutoRefresh', [60], { kind: 'sidebar' });
    for (let i = 0; i < 4; i += 1) {
      h.clock.advance(60 * MINUTE);
      expect(h.gas.fireDueTriggers()).toEqual([expect.objectContaining({ ok: true })]);
    }
    expect(state(h).note ?? '').not.toMatch(STOPPED);
    h.gas.project.triggerRuntime.limitMs = 0;
    h.clock.advance(3 * 60 * MINUTE);
    h.gas.fireDueTriggers();
    expect(state(h).note).toMatch(STOPPED);
  });
});
