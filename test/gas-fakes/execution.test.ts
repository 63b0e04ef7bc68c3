import { makeRuntime, START, thrown } from './harness';

const CODE = `
var counter = 0;
function bump() {
  counter += 1;
  var props = PropertiesService.getScriptProperties();
  props.setProperty('runs', String(Number(props.getProperty('runs') || 0) + 1));
  return { counter: counter, runs: props.getProperty('runs') };
}
function shapes() {
  return { list: [[1, 'a'], [true, new Date(Date.UTC(2026, 0, 2))]], when: new Date() };
}
function realmChecks() {
  var values = SpreadsheetApp.getActiveSheet().getRange('A1:A2').getValues();
  var caught;
  try { SpreadsheetApp.getActiveSheet().getRange(0, 1); } catch (e) { caught = e; }
  return [values instanceof Array, values[0] instanceof Array, caught instanceof Error, caught.name, caught.message];
}
function failing() { throw new Error('boom: ' + PropertiesService.getDocumentProperties().getProperty('x')); }
function sleepy(ms) { var t0 = Date.now(); Utilities.sleep(ms); return Date.now() - t0; }
function sleepTwice() { Utilities.sleep(20000); Utilities.sleep(20000); PropertiesService.getScriptProperties(); return 'done'; }
function logs() { Logger.log('value %s of %s', 1, 'two'); console.warn('careful', 3); console.error(new Error('bad')); }
`;

describe('executions', () => {
  it('re-evaluates the bundle per execution: globals reset, properties persist', () => {
    const { rt } = makeRuntime(CODE);
    expect(rt.run('bump')).toEqual({ counter: 1, runs: '1' });
    expect(rt.run('bump')).toEqual({ counter: 1, runs: '2' });
    expect(rt.properties.script.map.get('runs')).toBe('2');
    expect(rt.executions).toHaveLength(2);
  });

  it('returns Node-realm arrays and Dates; virtual time drives new Date()', () => {
    const { rt, clock } = makeRuntime(CODE);
    clock.advance(5000);
    const result = rt.run<{ list: unknown[][]; when: Date }>('shapes');
    expect(Array.isArray(result.list)).toBe(true);
    expect(result.list).toEqual([
      [1, 'a'],
      [true, new Date('2026-01-02T00:00:00Z')],
    ]);
    expect(result.when).toBeInstanceOf(Date);
    expect(result.when.getTime()).toBe(Date.parse(START) + 5000);
  });

  it('gives the script its own realm for values and errors', () => {
    const { rt } = makeRuntime(CODE, {
      spreadsheet: { sheets: [{ name: 'S', values: [[1], [2]] }] },
    });
    expect(rt.run('realmChecks')).toEqual([
      true,
      true,
      true,
      'Exception',
      'The starting row of the range is too small.',
    ]);
  });

  it('throws a Node Error with the script message and records the failed execution', () => {
    const { rt } = makeRuntime(CODE);
    const error = (() => {
      try {
        rt.run('failing');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('boom: null');
    expect(rt.lastExecution).toMatchObject({
      functionName: 'failing',
      ok: false,
      error: 'boom: null',
    });
    expect(thrown(() => rt.run('nope'))).toBe('Script function not found: nope');
  });

  it('Utilities.sleep moves the virtual clock and counts as elapsed time', () => {
    const { rt, clock } = makeRuntime(CODE);
    expect(rt.run('sleepy', [1500])).toBe(1500);
    expect(clock.now()).toBe(Date.parse(START) + 1500);
    expect(rt.lastExecution).toMatchObject({ elapsedMs: 1500, limitMs: 360_000, exceeded: false });
  });

  it('stops a custom function past 30 s of virtual time', () => {
    const { rt } = makeRuntime(CODE);
    expect(thrown(() => rt.run('sleepTwice', [], { kind: 'custom-function' }))).toBe(
      'Exceeded maximum execution time',
    );
    expect(rt.lastExecution).toMatchObject({
      kind: 'custom-function',
      exceeded: true,
      limitMs: 30_000,
    });
    expect(rt.run('sleepTwice', [], { kind: 'menu' })).toBe('done');
  });

  it('captures Logger and console output', () => {
    const { rt } = makeRuntime(CODE);
    rt.run('logs');
    expect(rt.logs.map((l) => [l.source, l.level, l.message.split('\n')[0]])).toEqual([
      ['Logger', 'info', 'value 1 of two'],
      ['console', 'warn', 'careful 3'],
      ['console', 'error', 'Error: bad'],
    ]);
  });
});
