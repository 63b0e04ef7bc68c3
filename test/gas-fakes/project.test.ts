// One Apps Script project in several spreadsheets (an editor add-on): triggers and user stores
// are the project's, document stores the spreadsheet's; an add-on's time-driven trigger runs with
// no active spreadsheet and opens its spreadsheet by id.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createGasRuntime } from '../../local/gas';
import { makeRuntime, thrown } from './harness';

const CODE = `
function hourly() {
  var t = ScriptApp.newTrigger('refresh').timeBased().everyHours(1).create();
  PropertiesService.getDocumentProperties().setProperty('trigger', t.getUniqueId());
  PropertiesService.getUserProperties().setProperty(t.getUniqueId(), SpreadsheetApp.getActive().getId());
  return t.getUniqueId();
}
function count() { return ScriptApp.getProjectTriggers().length; }
function mine() { return ScriptApp.getUserTriggers(SpreadsheetApp.getActive()).length; }
function source() { return String(ScriptApp.getInstallationSource()); }
function refresh(e) {
  var context = [
    SpreadsheetApp.getActive(),
    PropertiesService.getDocumentProperties(),
    CacheService.getDocumentCache(),
    LockService.getDocumentLock(),
  ].map(function (x) { return x === null ? 'null' : 'set'; }).join(',');
  var id = PropertiesService.getUserProperties().getProperty(e.triggerUid);
  var ss = SpreadsheetApp.openById(id);
  ss.getSheets()[0].getRange('A1').setValue('refreshed by ' + e.triggerUid);
  PropertiesService.getUserProperties().setProperty('context', context);
}
function open(id) { return SpreadsheetApp.openById(id).getName(); }
`;

function twoSpreadsheets(options: { addOn?: boolean; oauthScopes?: string[] } = {}) {
  const {
    rt: a,
    clock,
    requests,
  } = makeRuntime(CODE, {
    addOn: options.addOn ?? true,
    spreadsheet: { id: 'sheet-a', name: 'A' },
    ...(options.oauthScopes ? { oauthScopes: options.oauthScopes } : {}),
  });
  const b = createGasRuntime({
    code: CODE,
    clock,
    fetch: () => ({ status: 200, headers: {}, body: '' }),
    addOn: options.addOn ?? true,
    spreadsheet: { id: 'sheet-b', name: 'B' },
    project: a.project,
    ...(options.oauthScopes ? { oauthScopes: options.oauthScopes } : {}),
  });
  return { a, b, clock, requests };
}

const a1 = (rt: ReturnType<typeof twoSpreadsheets>['a']) =>
  rt.spreadsheet.sheets[0]!.cell(1, 1)?.value;

describe('a project shared by several spreadsheets', () => {
  it('lists every spreadsheet’s triggers in getProjectTriggers, and one per document for an add-on', () => {
    const { a, b } = twoSpreadsheets();
    a.run('hourly');
    b.run('hourly'); // another document: allowed
    expect(a.run('count')).toBe(2);
    expect(a.run('mine')).toBe(1);
    expect(thrown(() => a.run('hourly'))).toMatch(/too many time-based triggers in this document/);
    expect(a.properties.user).toBe(b.properties.user);
    expect(a.properties.document).not.toBe(b.properties.document);
    expect(a.run('source')).toBe('WEB_STORE_ADD_ON');
  });

  it('runs an add-on trigger with no active spreadsheet, document properties, cache or lock', () => {
    const { a, b, clock } = twoSpreadsheets();
    const uid = b.run<string>('hourly');
    clock.advance(3_600_000);
    expect(a.fireDueTriggers()).toEqual([{ triggerId: uid, handlerFunction: 'refresh', ok: true }]);
    expect(a.properties.user.map.get('context')).toBe('null,null,null,null');
    expect(a1(b)).toBe(`refreshed by ${uid}`);
    expect(a1(a)).toBeUndefined();
  });

  it('runs a bound script’s trigger in its spreadsheet', () => {
    const { rt } = makeRuntime(CODE);
    rt.run('hourly');
    rt.run('refresh', [{ triggerUid: rt.triggers.triggers[0]!.uniqueId }], { kind: 'trigger' });
    expect(rt.properties.user.map.get('context')).toBe('set,set,set,set');
    expect(rt.run('source')).toBe('NONE');
  });

  it('opens by id only with the spreadsheets scope, never from a custom function', () => {
    const manifest = JSON.parse(
      readFileSync(path.resolve(__dirname, '../../appsscript.json'), 'utf8'),
    ) as { oauthScopes: string[] };
    const currentOnly = twoSpreadsheets({
      oauthScopes: ['https://www.googleapis.com/auth/spreadsheets.currentonly'],
    });
    expect(thrown(() => currentOnly.a.run('open', ['sheet-b']))).toBe(
      'You do not have permission to call SpreadsheetApp.openById. Required permissions: https://www.googleapis.com/auth/spreadsheets',
    );
    const { a } = twoSpreadsheets({ oauthScopes: manifest.oauthScopes });
    expect(a.run('open', ['sheet-b'])).toBe('B');
    expect(thrown(() => a.run('open', ['nope']))).toMatch(
      /^Unexpected error while getting the method or property openById/,
    );
    expect(thrown(() => a.run('open', ['sheet-b'], { kind: 'custom-function' }))).toMatch(
      /permission to call SpreadsheetApp.openById/,
    );
  });

  it('puts an add-on’s top-level menu under Extensions, next to its add-on menu', () => {
    const { rt } = makeRuntime(
      `function onOpen() {
        var ui = SpreadsheetApp.getUi();
        ui.createMenu('Mine').addItem('x', 'x').addToUi();
        ui.createAddonMenu().addItem('y', 'y').addToUi();
      }`,
      { addOn: true, addOnName: 'Container Tracking' },
    );
    rt.run('onOpen', [], { kind: 'simple-trigger' });
    expect(rt.ui.menus.map((m) => m.location)).toEqual([
      ['Extensions', 'Container Tracking', 'Mine'],
      ['Extensions', 'Container Tracking'],
    ]);
  });
});
