// runConcurrentlyAcross: executions of several spreadsheets at once — separate bound projects and
// an add-on in two users' spreadsheets — against ONE emulator (one API key, one rolling window of
// 100 requests a minute), interleaved on one virtual clock. The 30 simultaneous executions are
// counted per Google account across projects, and so is the daily trigger time when the
// projects share one GoogleAccounts (Apps Script quotas page: both are per user).

import { ManualClock } from '../../local/clock';
import { createEmulator } from '../../local/emulator';
import {
  createGasRuntime,
  dueTriggerJobsAcross,
  GoogleAccounts,
  runConcurrentlyAcross,
  type GasRuntime,
  type GasRuntimeOptions,
} from '../../local/gas';
import { INPUT_HEADERS, OUTPUT_HEADERS } from '../../src/core/sheet-layout';
import { CODE_PATH, ORIGIN } from '../helpers/addon-harness';

const CODE = `
function burst(base, key, n, pauseMs) {
  var codes = [];
  for (var i = 0; i < n; i++) {
    var r = UrlFetchApp.fetch(base + '/v2/shipping_lines', {
      headers: { Authorization: 'Token ' + key }, muteHttpExceptions: true });
    codes.push(r.getResponseCode());
    Utilities.sleep(pauseMs);
  }
  return codes;
}
function nap(ms) { Utilities.sleep(ms); return 'awake'; }
function hourly() { ScriptApp.newTrigger('tick').timeBased().everyHours(1).create(); }
function tick(e) {
  PropertiesService.getUserProperties().setProperty('ticked', e.triggerUid);
  return SpreadsheetApp.getActive() ? SpreadsheetApp.getActive().getId() : 'no active spreadsheet';
}
`;

const ANA = 'ana@example.com';
const BO = 'bo@example.com';
const CARLA = 'carla@example.com';
const MIN = 60_000;
const TOO_MANY = 'There are too many scripts running simultaneously for this Google user account.';

/**
 * Four spreadsheets on one emulator and clock: Ana's and Bo's bound scripts (two projects), and
 * one add-on project in Ana's spreadsheet C and Carla's spreadsheet D. `order` lists which
 * spreadsheet sent each request.
 */
function team(options: { accounts?: GoogleAccounts; code?: string } = {}) {
  const clock = new ManualClock('2026-11-20T15:00:00Z');
  const emulator = createEmulator({ origin: ORIGIN, clock });
  const order: string[] = [];
  const make = (name: string, extra: Partial<GasRuntimeOptions>): GasRuntime =>
    createGasRuntime({
      code: options.code ?? CODE,
      clock,
      fetch: (request) => {
        order.push(name);
        return emulator.handle(request);
      },
      spreadsheet: { id: `sheet-${name}` },
      ...(options.accounts ? { accounts: options.accounts } : {}),
      ...extra,
    });
  const a = make('a', { user: { email: ANA } });
  const b = make('b', { user: { email: BO } });
  const c = make('c', { user: { email: ANA }, addOn: true });
  const d = make('d', { user: { email: CARLA }, addOn: true, project: c.project });
  return { clock, emulator, order, a, b, c, d };
}

describe('several spreadsheets on one key, at once', () => {
  it('interleaves their requests in one rate window: 100 pass, the rest get 429', () => {
    const { emulator, order, a, b, c, d } = team();
    const args = [ORIGIN, emulator.demoKey, 40, 100];
    const outcomes = runConcurrentlyAcross(
      [
        { runtime: a, fn: 'burst', args },
        { runtime: b, fn: 'burst', args },
        { runtime: c, fn: 'burst', args },
        { runtime: d, fn: 'burst', args },
      ],
      { seed: 5 },
    );
    const codes = outcomes.map((o) => o.value as number[]);
    expect(codes.flat().filter((s) => s === 200)).toHaveLength(100);
    expect(codes.flat().filter((s) => s === 429)).toHaveLength(60);
    for (const mine of codes) expect(mine).toContain(429); // nobody had the window to itself
    expect(emulator.requestLog.peakInWindow(60_000, (e) => e.status === 200)).toBe(100);
    expect(new Set(order.slice(0, 8))).toEqual(new Set(['a', 'b', 'c', 'd']));
    // Each execution is recorded in its own spreadsheet's runtime, as its own user.
    expect([a, b, c, d].map((rt) => rt.lastExecution?.user)).toEqual([ANA, BO, ANA, CARLA]);
  });

  it('counts the 30 simultaneous executions per user across projects', () => {
    const { a, c, d } = team();
    const naps = (runtime: GasRuntime, user: string, n: number) =>
      Array.from({ length: n }, () => ({ runtime, fn: 'nap', args: [1_000], user }));
    const outcomes = runConcurrentlyAcross([
      ...naps(a, ANA, 20),
      ...naps(c, ANA, 15),
      ...naps(d, CARLA, 10),
    ]);
    const refused = outcomes.flatMap((o, i) => (o.error?.message === TOO_MANY ? [i] : []));
    expect(refused).toEqual([30, 31, 32, 33, 34]); // Ana's 31st to 35th, in her add-on
    expect(outcomes.slice(35).every((o) => o.ok)).toBe(true);
  });

  it('spends one account’s trigger time across projects that share GoogleAccounts', () => {
    const accounts = new GoogleAccounts({ triggerRuntimeMsPerDay: 6 * MIN });
    const shared = team({ accounts });
    shared.a.run('nap', [5 * MIN], { kind: 'trigger' });
    const [late] = runConcurrentlyAcross([
      { runtime: shared.c, fn: 'nap', args: [2 * MIN], kind: 'trigger', user: ANA },
    ]);
    expect(late).toMatchObject({
      ok: false,
      error: expect.objectContaining({
        message: 'Service using too much computer time for one day',
      }),
      record: { elapsedMs: MIN },
    });
    // Carla's time is her own.
    const [carla] = runConcurrentlyAcross([
      { runtime: shared.d, fn: 'nap', args: [2 * MIN], kind: 'trigger', user: CARLA },
    ]);
    expect(carla?.ok).toBe(true);
    // Projects with accounts of their own (the default) do not share it.
    const apart = team();
    apart.a.project.triggerRuntime.limitMs = 6 * MIN;
    apart.c.project.triggerRuntime.limitMs = 6 * MIN;
    apart.a.run('nap', [5 * MIN], { kind: 'trigger' });
    const [own] = runConcurrentlyAcross([
      { runtime: apart.c, fn: 'nap', args: [2 * MIN], kind: 'trigger', user: ANA },
    ]);
    expect(own?.ok).toBe(true);
  });

  it('fires the due triggers of every project as jobs, each in its spreadsheet, as its owner', () => {
    const { clock, a, b, c, d } = team();
    a.run('hourly');
    c.run('hourly');
    d.run('hourly');
    clock.advance(60 * MIN);
    const jobs = dueTriggerJobsAcross([a, b, c, d]);
    expect(jobs.map((j) => [j.runtime, j.user, j.fn])).toEqual([
      [a, ANA, 'tick'],
      [c, ANA, 'tick'],
      [d, CARLA, 'tick'],
    ]);
    const outcomes = runConcurrentlyAcross(jobs, { seed: 2 });
    // A bound script's trigger has its spreadsheet; an add-on's runs without one.
    expect(outcomes.map((o) => o.value)).toEqual([
      'sheet-a',
      'no active spreadsheet',
      'no active spreadsheet',
    ]);
    expect(c.project.storesOf(CARLA).properties.map.get('ticked')).toBe(
      c.project.triggers.triggers.find((t) => t.owner === CARLA)?.uniqueId,
    );
    expect(dueTriggerJobsAcross([a, b, c, d])).toEqual([]); // taken: rescheduled an hour on
  });
});

describe('the built add-in in two bound spreadsheets on one key', () => {
  it('refreshes both at once within the key’s window', () => {
    const clock = new ManualClock('2026-11-20T15:00:00Z');
    const emulator = createEmulator({ origin: ORIGIN, clock });
    const boxes = emulator
      .account()!
      .containers()
      .map((c) => [c.attributes.number]);
    const sheet = (id: string, email: string, rows: unknown[][]) =>
      createGasRuntime({
        codePath: CODE_PATH,
        allowlistStandIns: [ORIGIN],
        fetch: emulator.handle,
        clock,
        user: { email },
        spreadsheet: {
          id,
          timeZone: 'America/New_York',
          sheets: [{ name: 'Tracking', values: [[...INPUT_HEADERS, ...OUTPUT_HEADERS], ...rows] }],
        },
      });
    const spreadsheets = [
      sheet('sheet-a', ANA, boxes.slice(0, 30)),
      sheet('sheet-b', BO, boxes.slice(30)),
    ];
    for (const rt of spreadsheets) {
      rt.run('saveSettings', [
        { apiKey: emulator.demoKey, apiBaseUrl: `${ORIGIN}/v2`, appUrl: ORIGIN },
      ]);
      rt.run('setupTrackingSheet');
    }
    emulator.requestLog.clear();
    const outcomes = runConcurrentlyAcross(
      spreadsheets.map((runtime) => ({ runtime, fn: 'refreshTrackingSheet', kind: 'menu' })),
      { seed: 9 },
    );
    expect(outcomes.map((o) => o.error?.message)).toEqual([undefined, undefined]);
    expect(spreadsheets.map((rt) => rt.urlFetchLog.length > 0)).toEqual([true, true]);
    expect(emulator.requestLog.peakInWindow(60_000)).toBeLessThanOrEqual(100);
    // Each sheet shows its own boxes' status from the one account.
    const statuses = spreadsheets.map((rt) => {
      const tracking = rt.spreadsheet.sheetByName('Tracking')!;
      const col = [...INPUT_HEADERS, ...OUTPUT_HEADERS].indexOf('Status') + 1;
      return Array.from(
        { length: tracking.lastRow() - 1 },
        (_, i) => tracking.cell(i + 2, col)?.value,
      );
    });
    expect(statuses.map((s) => s.length)).toEqual([30, boxes.length - 30]);
    for (const s of statuses) expect(s.every((v) => typeof v === 'string' && v !== '')).toBe(true);
  });
});
