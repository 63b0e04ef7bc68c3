import { makeRuntime, START, thrown } from './harness';

const CODE = `
function enable(minutes) {
  ScriptApp.getProjectTriggers().forEach(function (t) {
    if (t.getHandlerFunction() === 'refresh') ScriptApp.deleteTrigger(t);
  });
  var t = ScriptApp.newTrigger('refresh').timeBased().everyMinutes(minutes).create();
  return [t.getHandlerFunction(), t.getEventType(), ScriptApp.getProjectTriggers().length];
}
function hourly() { ScriptApp.newTrigger('refresh').timeBased().everyHours(1).create(); }
function hours(n) { ScriptApp.newTrigger('refresh').timeBased().everyHours(n).create(); }
function days(n) { ScriptApp.newTrigger('refresh').timeBased().everyDays(n).create(); }
function once(ms) { ScriptApp.newTrigger('refresh').timeBased().after(ms).create(); }
function disable() { ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); }); }
function refresh(e) {
  var p = PropertiesService.getScriptProperties();
  p.setProperty('runs', String(Number(p.getProperty('runs') || 0) + 1));
  p.setProperty('last', e.authMode + ' ' + e.triggerUid + ' ' + e.minute);
  if (p.getProperty('fail')) throw new Error('refresh failed');
}
`;

const MIN = 60_000;

describe('time-driven triggers', () => {
  it('accepts only 1, 5, 10, 15 or 30 minutes', () => {
    const { rt } = makeRuntime(CODE);
    expect(thrown(() => rt.run('enable', [7]))).toMatch(/^Invalid argument: minutes/);
    expect(rt.run('enable', [5])).toEqual(['refresh', 'CLOCK', 1]);
    expect(rt.run('enable', [10])).toEqual(['refresh', 'CLOCK', 1]);
  });

  it('accepts every 1, 2, 4, 6, 8 or 12 hours (not 24: that is everyDays(1)) and whole days', () => {
    const { rt } = makeRuntime(CODE);
    for (const n of [3, 24, 0.5]) {
      expect(thrown(() => rt.run('hours', [n]))).toMatch(/^Invalid argument: hours/);
    }
    expect(thrown(() => rt.run('days', [1.5]))).toBe('Invalid argument: days');
    rt.run('hours', [12]);
    rt.run('days', [1]);
    expect(rt.triggers.triggers.map((t) => t.everyMs)).toEqual([12 * 60 * MIN, 24 * 60 * MIN]);
  });

  it('fires due handlers as trigger executions, then on their interval', () => {
    const { rt, clock } = makeRuntime(CODE);
    rt.run('enable', [5]);
    expect(rt.fireDueTriggers()).toEqual([]);
    clock.advance(5 * MIN);
    const [firing] = rt.fireDueTriggers();
    expect(firing).toMatchObject({ handlerFunction: 'refresh', ok: true });
    expect(rt.lastExecution?.kind).toBe('trigger');
    expect(rt.properties.script.map.get('last')).toBe(`FULL ${firing?.triggerId} 5`);
    expect(rt.fireDueTriggers()).toEqual([]);
    clock.advance(12 * MIN); // missed runs collapse into one
    expect(rt.fireDueTriggers()).toHaveLength(1);
    expect(rt.properties.script.map.get('runs')).toBe('2');
    clock.advance(3 * MIN);
    expect(rt.fireDueTriggers()).toHaveLength(1);
  });

  it('reports a failing handler without throwing, and drops one-shot triggers after they fire', () => {
    const { rt, clock } = makeRuntime(CODE);
    rt.properties.script.map.set('fail', '1');
    rt.run('once', [MIN]);
    clock.advance(MIN);
    expect(rt.fireDueTriggers()).toEqual([
      expect.objectContaining({ ok: false, error: 'refresh failed' }),
    ]);
    expect(rt.triggers.triggers).toHaveLength(0);
  });

  it('limits an add-on to hourly triggers, one per document', () => {
    const { rt } = makeRuntime(CODE, { addOn: true });
    expect(thrown(() => rt.run('enable', [30]))).toMatch(/more often than once an hour/);
    rt.run('hourly');
    expect(thrown(() => rt.run('hourly'))).toBe(
      'This add-on has created too many time-based triggers in this document for this Google user account.',
    );
    rt.run('disable');
    rt.run('hourly');
    expect(rt.triggers.triggers).toHaveLength(1);
    expect(rt.triggers.triggers[0]?.nextRunAt).toBe(Date.parse(START) + 60 * MIN);
  });
});

const USERS = `
function schedule() { return ScriptApp.newTrigger('whoRuns').timeBased().everyHours(1).create().getUniqueId(); }
function mine() { return ScriptApp.getProjectTriggers().map(function (t) { return t.getUniqueId(); }); }
function dropAll() { ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); }); }
function remember(v) { PropertiesService.getUserProperties().setProperty('v', v); }
function recall() { return PropertiesService.getUserProperties().getProperty('v'); }
function whoRuns() {
  PropertiesService.getScriptProperties().setProperty('ranAs', Session.getEffectiveUser().getEmail());
}
function work(ms) { Utilities.sleep(ms); }
`;

describe('who runs what', () => {
  // "Installable triggers always run under the account of the person who created them" and "a
  // given account cannot see triggers installed from a second account" (installable triggers
  // guide, Restrictions); user properties are the current user's (PropertiesService reference).
  it('shows each account only its own triggers and user properties; a trigger runs as its creator', () => {
    const { rt, clock } = makeRuntime(USERS, { user: { email: 'owner@example.com' } });
    const id = rt.run<string>('schedule');
    const other = { user: 'editor@example.com' };
    expect(rt.run('mine', [], other)).toEqual([]);
    rt.run('dropAll', [], other); // cannot reach the owner's trigger
    expect(rt.run('mine')).toEqual([id]);
    rt.run('remember', ['owner value']);
    expect(rt.run('recall', [], other)).toBeNull();
    rt.run('remember', ['editor value'], other);
    expect(rt.run('recall')).toBe('owner value');
    rt.run('schedule', [], other);
    expect(rt.triggers.triggers.map((t) => t.owner)).toEqual([
      'owner@example.com',
      'editor@example.com',
    ]);
    clock.advance(60 * MIN);
    rt.run('dropAll');
    expect(rt.fireDueTriggers()).toHaveLength(1);
    expect(rt.properties.script.map.get('ranAs')).toBe('editor@example.com');
  });

  // "Triggers total runtime: 90 min / day" (consumer; 6 hr on Workspace), per user (quotas page).
  it('fails trigger runs past 90 minutes a day per user with "Service using too much computer time for one day"', () => {
    const RUNS = `${USERS}\nfunction slow() { Utilities.sleep(5 * 60000); }`;
    const { rt, clock } = makeRuntime(RUNS);
    rt.run('schedule');
    rt.triggers.triggers[0]!.handlerFunction = 'slow'; // an hourly trigger that runs 5 minutes
    const results: boolean[] = [];
    for (let i = 0; i < 20; i += 1) {
      clock.advance(60 * MIN);
      results.push(rt.fireDueTriggers()[0]!.ok);
    }
    // 18 runs of 5 minutes fill 90 minutes; the 19th fails at once.
    expect(results.filter(Boolean)).toHaveLength(18);
    expect(rt.executions.at(-1)).toMatchObject({
      ok: false,
      error: 'Service using too much computer time for one day',
      elapsedMs: 0,
    });
    expect(rt.project.triggerRuntime.usedMs('user@example.com', clock.now())).toBe(90 * MIN);
    // Runs from a menu do not count; another user has their own 90 minutes.
    rt.run('work', [MIN]);
    expect(() => rt.run('work', [MIN], { kind: 'trigger', user: 'b@example.com' })).not.toThrow();
    // A day later the oldest runs have left the window.
    clock.advance(24 * 60 * MIN);
    expect(rt.fireDueTriggers()[0]).toMatchObject({ ok: true });
  });

  it('stops a trigger run that crosses the daily limit there', () => {
    const { rt } = makeRuntime(USERS, { quotas: { triggerRuntimeMsPerDay: 3 * MIN } });
    rt.run('work', [2 * MIN], { kind: 'trigger' });
    expect(thrown(() => rt.run('work', [2 * MIN], { kind: 'trigger' }))).toBe(
      'Service using too much computer time for one day',
    );
  });
});
