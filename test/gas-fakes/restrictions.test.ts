import { makeRuntime, thrown } from './harness';

const CODE = `
function readCell() { return SpreadsheetApp.getActiveSheet().getRange('A1').getValue(); }
function writeCell() { SpreadsheetApp.getActiveSheet().getRange('A1').setValue(5); }
function appendRow() { SpreadsheetApp.getActiveSheet().appendRow([1]); }
function ui() { return SpreadsheetApp.getUi(); }
function makeTrigger() { ScriptApp.newTrigger('x').timeBased().everyHours(1).create(); }
function listTriggers() { return ScriptApp.getProjectTriggers().length; }
function installSource() { return String(ScriptApp.getInstallationSource()); }
function authModes() { return ScriptApp.AuthMode.NONE + ',' + ScriptApp.AuthMode.FULL; }
function email() { return Session.getActiveUser().getEmail() + '|' + Session.getEffectiveUser().getEmail(); }
function fetchIt() { return UrlFetchApp.fetch('https://api.test/x').getResponseCode(); }
function readProps() { return PropertiesService.getDocumentProperties().getProperty('k'); }
function drive() { return DriveApp.getFiles().hasNext(); }
function onOpen(e) {
  var menu = SpreadsheetApp.getUi().createAddonMenu().addItem('Open', 'open');
  menu.addToUi();
  return e.authMode;
}
`;

describe('custom functions', () => {
  const cf = { kind: 'custom-function' as const };

  it('may read the spreadsheet and fetch, but never write', () => {
    const { rt } = makeRuntime(CODE, { spreadsheet: { sheets: [{ name: 'S', values: [[42]] }] } });
    expect(rt.run('readCell', [], cf)).toBe(42);
    expect(rt.run('fetchIt', [], cf)).toBe(200);
    expect(thrown(() => rt.run('writeCell', [], cf))).toBe(
      'You do not have permission to call setValue',
    );
    expect(thrown(() => rt.run('appendRow', [], cf))).toBe(
      'You do not have permission to call appendRow',
    );
    expect(rt.run('readCell', [], cf)).toBe(42);
  });

  it('has no UI, no trigger management, no Drive and no user identity', () => {
    const { rt } = makeRuntime(CODE);
    expect(thrown(() => rt.run('ui', [], cf))).toBe(
      'Cannot call SpreadsheetApp.getUi() from this context.',
    );
    expect(thrown(() => rt.run('makeTrigger', [], cf))).toBe(
      'You do not have permission to call ScriptApp.newTrigger. Required permissions: https://www.googleapis.com/auth/script.scriptapp',
    );
    expect(thrown(() => rt.run('listTriggers', [], cf))).toMatch(/ScriptApp\.getProjectTriggers/);
    expect(thrown(() => rt.run('drive', [], cf))).toMatch(
      /^You do not have permission to call DriveApp.getFiles/,
    );
    // Script is not among the services the custom-functions guide lists for cells.
    expect(thrown(() => rt.run('installSource', [], cf))).toBe(
      'You do not have permission to call ScriptApp.getInstallationSource',
    );
    expect(rt.run('installSource', [], { kind: 'menu' })).toBe('NONE');
    expect(rt.run('authModes', [], cf)).toBe('NONE,FULL');
    expect(rt.run('email', [], cf)).toBe('|');
    expect(rt.run('email', [], { kind: 'menu' })).toBe('user@example.com|user@example.com');
  });
});

describe('triggers and simple triggers', () => {
  it('a time-driven trigger has no UI but full services', () => {
    const { rt } = makeRuntime(CODE);
    expect(thrown(() => rt.run('ui', [], { kind: 'trigger' }))).toBe(
      'Cannot call SpreadsheetApp.getUi() from this context.',
    );
    expect(rt.run('fetchIt', [], { kind: 'trigger' })).toBe(200);
  });

  it('AuthMode.NONE allows menus only; LIMITED adds the document and properties but no fetch', () => {
    const { rt } = makeRuntime(CODE, { addOnName: 'Container Tracking' });
    expect(rt.run('onOpen', [], { kind: 'simple-trigger', authMode: 'NONE' })).toBe('NONE');
    expect(rt.ui.menus).toEqual([
      {
        title: 'Container Tracking',
        addon: true,
        location: ['Extensions', 'Container Tracking'],
        items: [{ caption: 'Open', functionName: 'open' }],
      },
    ]);
    const none = { kind: 'simple-trigger' as const, authMode: 'NONE' as const };
    expect(thrown(() => rt.run('readProps', [], none))).toBe(
      'You do not have permission to call PropertiesService.getDocumentProperties',
    );
    expect(thrown(() => rt.run('readCell', [], none))).toMatch(
      /permission to call SpreadsheetApp.getActiveSheet/,
    );
    const limited = { kind: 'simple-trigger' as const, authMode: 'LIMITED' as const };
    expect(rt.run('readProps', [], limited)).toBeNull();
    expect(thrown(() => rt.run('fetchIt', [], limited))).toBe(
      'You do not have permission to call UrlFetchApp.fetch. Required permissions: https://www.googleapis.com/auth/script.external_request',
    );
    expect(rt.run('fetchIt', [], { kind: 'simple-trigger', authMode: 'FULL' })).toBe(200);
  });
});
