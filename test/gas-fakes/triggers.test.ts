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
