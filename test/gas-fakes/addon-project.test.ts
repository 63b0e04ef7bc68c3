// An add-on's one script project in several users' spreadsheets: what getInstallationSource()
// answers (per runtime, per run, per concurrent job), and which stores are one for everybody
// (script cache, properties and lock), per user (user cache, properties and lock: "the current
// user of a script", PropertiesService and LockService references) or per spreadsheet (document
// cache, properties and lock).

import { ManualClock } from '../../local/clock';
import { createGasRuntime, runConcurrentlyAcross, type GasRuntime } from '../../local/gas';
import { makeRuntime, thrown } from './harness';

const CODE = `
function source() { return String(ScriptApp.getInstallationSource()); }
function put(k, v) {
  CacheService.getScriptCache().put(k, v);
  PropertiesService.getScriptProperties().setProperty(k, v);
  CacheService.getUserCache().put(k, v);
  PropertiesService.getUserProperties().setProperty(k, v);
  CacheService.getDocumentCache().put(k, v);
  PropertiesService.getDocumentProperties().setProperty(k, v);
}
function read(k) {
  return {
    scriptCache: CacheService.getScriptCache().get(k),
    scriptProps: PropertiesService.getScriptProperties().getProperty(k),
    userCache: CacheService.getUserCache().get(k),
    userProps: PropertiesService.getUserProperties().getProperty(k),
    docCache: CacheService.getDocumentCache().get(k),
    docProps: PropertiesService.getDocumentProperties().getProperty(k),
  };
}
function lockOf(scope) {
  return scope === 'script' ? LockService.getScriptLock()
    : scope === 'user' ? LockService.getUserLock() : LockService.getDocumentLock();
}
function tryNow(scope) { return lockOf(scope).tryLock(0); }
function hold(scope, ms) { lockOf(scope).waitLock(1000); Utilities.sleep(ms); return 'held'; }
function tryFor(scope, ms) { Utilities.sleep(100); return lockOf(scope).tryLock(ms); }
`;

const ANA = 'ana@example.com';
const BO = 'bo@example.com';

/** The add-on in Ana's spreadsheet A and Bo's spreadsheet B: one project, one clock. */
function addOnInTwoSpreadsheets(options: { installationSource?: 'NONE' } = {}) {
  const { rt: a, clock } = makeRuntime(CODE, {
    addOn: true,
    user: { email: ANA },
    spreadsheet: { id: 'sheet-a' },
    ...options,
  });
  const b = createGasRuntime({
    code: CODE,
    clock,
    fetch: () => ({ status: 200, headers: {}, body: '' }),
    addOn: true,
    user: { email: BO },
    spreadsheet: { id: 'sheet-b' },
    project: a.project,
  });
  return { a, b, clock };
}

describe('ScriptApp.getInstallationSource() in an add-on’s project', () => {
  it('answers WEB_STORE_ADD_ON for an add-on and NONE for a bound script, as before', () => {
    const { a } = addOnInTwoSpreadsheets();
    expect(a.run('source')).toBe('WEB_STORE_ADD_ON');
    expect(makeRuntime(CODE).rt.run('source')).toBe('NONE');
  });

  it('answers what the runtime, a run or a concurrent job says: the deployer’s Run is NONE', () => {
    const { a, b } = addOnInTwoSpreadsheets({ installationSource: 'NONE' });
    expect(a.run('source')).toBe('NONE');
    expect(b.run('source')).toBe('WEB_STORE_ADD_ON');
    expect(b.run('source', [], { installationSource: 'NONE' })).toBe('NONE');
    expect(a.run('source', [], { installationSource: 'APPS_MARKETPLACE_DOMAIN_ADD_ON' })).toBe(
      'APPS_MARKETPLACE_DOMAIN_ADD_ON',
    );
    const outcomes = b.runConcurrently([
      { fn: 'source' },
      { fn: 'source', installationSource: 'NONE' },
    ]);
    expect(outcomes.map((o) => o.value)).toEqual(['WEB_STORE_ADD_ON', 'NONE']);
  });

  it('stays out of reach of a custom function, whatever it would answer', () => {
    const { a } = addOnInTwoSpreadsheets({ installationSource: 'NONE' });
    expect(thrown(() => a.run('source', [], { kind: 'custom-function' }))).toBe(
      'You do not have permission to call ScriptApp.getInstallationSource',
    );
  });
});

describe('the stores of one add-on project shared by several users and spreadsheets', () => {
  it('script stores are one for all; user stores follow the user; document stores the file', () => {
    const { a, b } = addOnInTwoSpreadsheets();
    a.run('put', ['k', 'ana in A']);
    // Bo in his own spreadsheet: the script-wide stores are the very same.
    expect(b.run('read', ['k'])).toEqual({
      scriptCache: 'ana in A',
      scriptProps: 'ana in A',
      userCache: null,
      userProps: null,
      docCache: null,
      docProps: null,
    });
    // Ana in Bo's spreadsheet (shared with her): her user stores, B's document stores.
    expect(b.run('read', ['k'], { user: ANA })).toMatchObject({
      userCache: 'ana in A',
      userProps: 'ana in A',
      docCache: null,
      docProps: null,
    });
    // Bo as an editor of Ana's spreadsheet: A's document stores, not Ana's user stores.
    expect(a.run('read', ['k'], { user: BO })).toMatchObject({
      userCache: null,
      userProps: null,
      docCache: 'ana in A',
      docProps: 'ana in A',
    });
  });

  it('a user lock is each user’s, across spreadsheets; the script lock one for all', () => {
    const { a, b, clock } = addOnInTwoSpreadsheets();
    const until = clock.now() + 60_000;
    a.holdLock('user', until); // another execution of Ana's holds her user lock
    expect(a.run('tryNow', ['user'], { user: BO })).toBe(true);
    expect(b.run('tryNow', ['user'])).toBe(true);
    expect(b.run('tryNow', ['user'], { user: ANA })).toBe(false);
    a.holdLock('script', until);
    expect(b.run('tryNow', ['script'])).toBe(false);
    a.holdLock('document', until);
    expect(b.run('tryNow', ['document'])).toBe(true);
    expect(a.run('tryNow', ['document'], { user: BO })).toBe(false);
  });

  it('under runConcurrentlyAcross the locks block across spreadsheets and users the same way', () => {
    const { a, b } = addOnInTwoSpreadsheets();
    const contend = (scope: string, second: { runtime: GasRuntime; user: string }) =>
      runConcurrentlyAcross(
        [
          { runtime: a, fn: 'hold', args: [scope, 5_000], user: ANA },
          { ...second, fn: 'tryFor', args: [scope, 1_000] },
        ],
        { seed: 3 },
      ).map((o) => o.value);
    expect(contend('script', { runtime: b, user: BO })).toEqual(['held', false]);
    expect(contend('user', { runtime: b, user: BO })).toEqual(['held', true]);
    expect(contend('user', { runtime: b, user: ANA })).toEqual(['held', false]);
    expect(contend('document', { runtime: b, user: ANA })).toEqual(['held', true]);
    expect(contend('document', { runtime: a, user: BO })).toEqual(['held', false]);
  });

  it('refuses runtimes on different clocks', () => {
    const { a } = addOnInTwoSpreadsheets();
    const other = createGasRuntime({
      code: CODE,
      clock: new ManualClock(),
      fetch: () => ({ status: 200, headers: {}, body: '' }),
    });
    expect(() =>
      runConcurrentlyAcross([
        { runtime: a, fn: 'source' },
        { runtime: other, fn: 'source' },
      ]),
    ).toThrow(/every runtime must share one clock/);
  });
});
