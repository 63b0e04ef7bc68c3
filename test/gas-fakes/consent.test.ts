// Granular consent (local/gas/consent.ts): a user grants an add-on some of its manifest scopes and
// refuses others. Each rule below names its source; the messages are Google's "You do not have
// permission to call X. Required permissions: <scope>".

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createGasRuntime, SCOPES } from '../../local/gas';
import { makeRuntime, thrown } from './harness';

/** The add-in's own manifest scopes, as a published add-on would request them. */
const MANIFEST = (
  JSON.parse(readFileSync(path.resolve(__dirname, '../../appsscript.json'), 'utf8')) as {
    oauthScopes: string[];
  }
).oauthScopes;

const ANA = 'ana@example.com';
const BO = 'bo@example.com';
const AUTHORIZATION_REQUIRED = 'Authorization is required to perform that action.';
const denied = (call: string, scope: string) =>
  `You do not have permission to call ${call}. Required permissions: ${scope}`;

const CODE = `
function mail() { MailApp.sendEmail('x@example.com', 'Subject', 'Body'); return 'sent'; }
function quota() { return MailApp.getRemainingDailyQuota(); }
function makeTrigger() { ScriptApp.newTrigger('tick').timeBased().everyHours(1).create(); return 'created'; }
function fetchIt() { return UrlFetchApp.fetch('https://api.test/x').getResponseCode(); }
function open(id) { return SpreadsheetApp.openById(id).getName(); }
function readA1() { return SpreadsheetApp.getActiveSheet().getRange('A1').getValue(); }
function who() { return Session.getActiveUser().getEmail(); }
function sidebar() { SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('<p>x</p>')); return 'shown'; }
function alertIt() { return String(SpreadsheetApp.getUi().alert('hi')); }
function token() { return ScriptApp.getOAuthToken(); }
function rest(id) {
  var r = UrlFetchApp.fetch('https://www.googleapis.com/drive/v3/files/' + id + '?fields=name', {
    headers: { Authorization: 'Bearer ' + ScriptApp.getOAuthToken() }, muteHttpExceptions: true });
  return [r.getResponseCode(), JSON.parse(r.getContentText())];
}
function info(scopes) {
  var i = scopes
    ? ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL, scopes)
    : ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL);
  return { status: String(i.getAuthorizationStatus()), url: i.getAuthorizationUrl(), scopes: i.getAuthorizedScopes() };
}
function infoLimited() { return String(ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.LIMITED).getAuthorizationStatus()); }
function need(scopes) { ScriptApp.requireScopes(ScriptApp.AuthMode.FULL, scopes); return 'went on'; }
function needAll() { ScriptApp.requireAllScopes(ScriptApp.AuthMode.FULL); return 'went on'; }
function needCaught(scopes) {
  try { ScriptApp.requireScopes(ScriptApp.AuthMode.FULL, scopes); } catch (e) {}
  CacheService.getScriptCache().put('after', 'yes');
  return 'went on';
}
function tick(e) { MailApp.sendEmail('x@example.com', 'tick', 'b'); }
function onOpen(e) { ScriptApp.requireScopes(ScriptApp.AuthMode.FULL, ['${SCOPES.sendMail}']); return 'menu'; }
`;

function addOn(user = ANA) {
  return makeRuntime(CODE, {
    addOn: true,
    oauthScopes: MANIFEST,
    user: { email: user },
    spreadsheet: { id: 'sheet-a', name: 'A', sheets: [{ name: 'S', values: [[42]] }] },
    drive: {
      files: [
        { id: 'f1', name: 'bol.pdf', mimeType: 'application/pdf', bytes: new Uint8Array([1]) },
      ],
    },
  });
}

describe('by default every manifest scope is granted, as before granular consent', () => {
  it('runs every service and answers NOT_REQUIRED with every scope authorized', () => {
    const { rt } = addOn();
    expect(rt.run('mail')).toBe('sent');
    expect(rt.run('makeTrigger')).toBe('created');
    expect(rt.run('fetchIt')).toBe(200);
    expect(rt.run('who')).toBe(ANA);
    expect(rt.run('sidebar')).toBe('shown');
    expect(rt.run('rest', ['f1'])).toEqual([200, { name: 'bol.pdf' }]);
    expect(rt.run('info')).toEqual({ status: 'NOT_REQUIRED', url: null, scopes: MANIFEST });
    expect(rt.run('needAll')).toBe('went on');
    expect(rt.lastExecution?.consentPrompt).toBeUndefined();
  });
});

describe('each service refuses without its scope (the reference pages’ Authorization sections)', () => {
  it('MailApp: send_mail for sendEmail and getRemainingDailyQuota; the rest keeps working', () => {
    const { rt } = addOn();
    rt.project.consent.refuse(ANA, [SCOPES.sendMail]);
    expect(thrown(() => rt.run('mail'))).toBe(denied('MailApp.sendEmail', SCOPES.sendMail));
    expect(thrown(() => rt.run('quota'))).toBe(
      denied('MailApp.getRemainingDailyQuota', SCOPES.sendMail),
    );
    expect(rt.project.mail.outbox).toHaveLength(0);
    expect(rt.run('fetchIt')).toBe(200);
    expect(rt.run('mail', [], { user: BO })).toBe('sent'); // Bo granted everything
    rt.project.consent.grant(ANA, [SCOPES.sendMail]);
    expect(rt.run('mail')).toBe('sent');
  });

  it('ScriptApp: script.scriptapp for trigger methods, none for getOAuthToken', () => {
    const { rt } = addOn();
    rt.project.consent.refuse(ANA, [SCOPES.scriptApp]);
    expect(thrown(() => rt.run('makeTrigger'))).toBe(
      denied('ScriptApp.newTrigger', SCOPES.scriptApp),
    );
    expect(rt.triggers.triggers).toHaveLength(0);
    expect(rt.run('token')).toBe('fake-oauth-token');
  });

  it('UrlFetchApp: script.external_request, but a cell needs nobody’s grant', () => {
    const { rt } = addOn();
    rt.project.consent.refuse(ANA, [SCOPES.externalRequest]);
    expect(thrown(() => rt.run('fetchIt'))).toBe(
      denied('UrlFetchApp.fetch', SCOPES.externalRequest),
    );
    // Custom functions run "without that user's authorization" (User.getEmail reference).
    expect(rt.run('fetchIt', [], { kind: 'custom-function' })).toBe(200);
  });

  it('SpreadsheetApp: spreadsheets for openById and for the active spreadsheet', () => {
    const { rt, clock } = addOn();
    createGasRuntime({
      code: CODE,
      clock,
      fetch: () => ({ status: 200, headers: {}, body: '' }),
      addOn: true,
      oauthScopes: MANIFEST,
      spreadsheet: { id: 'sheet-b', name: 'B' },
      project: rt.project,
    });
    expect(rt.run('open', ['sheet-b'])).toBe('B');
    rt.project.consent.refuse(ANA, [SCOPES.spreadsheets]);
    expect(thrown(() => rt.run('open', ['sheet-b']))).toBe(
      denied('SpreadsheetApp.openById', SCOPES.spreadsheets),
    );
    expect(thrown(() => rt.run('readA1'))).toBe(
      denied('SpreadsheetApp.getActiveSheet', SCOPES.spreadsheets),
    );
    expect(rt.run('readA1', [], { kind: 'custom-function' })).toBe(42);
  });

  it('Session: userinfo.email for the user’s address; a cell still gets a blank one', () => {
    const { rt } = addOn();
    rt.project.consent.refuse(ANA, [SCOPES.userinfoEmail]);
    expect(thrown(() => rt.run('who'))).toBe(denied('Session.getActiveUser', SCOPES.userinfoEmail));
    expect(rt.run('who', [], { kind: 'custom-function' })).toBe('');
  });

  it('Ui: script.container.ui for sidebars and dialogs, none for alerts', () => {
    const { rt } = addOn();
    rt.project.consent.refuse(ANA, [SCOPES.containerUi]);
    expect(thrown(() => rt.run('sidebar'))).toBe(denied('Ui.showSidebar', SCOPES.containerUi));
    expect(rt.ui.sidebars).toHaveLength(0);
    expect(rt.run('alertIt')).toBe('OK');
  });

  it('Drive REST: a token without drive.file gets Google’s insufficient-scope 403', () => {
    const { rt } = addOn();
    rt.project.consent.refuse(ANA, [SCOPES.driveFile]);
    const [status, body] = rt.run<[number, { error: { message: string; details: unknown[] } }]>(
      'rest',
      ['f1'],
    );
    expect(status).toBe(403);
    expect(body.error.message).toBe('Request had insufficient authentication scopes.');
    expect(body.error.details).toEqual([
      expect.objectContaining({ reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT' }),
    ]);
    rt.project.consent.grant(ANA, [SCOPES.driveFile]);
    expect(rt.run('rest', ['f1'])).toEqual([200, { name: 'bol.pdf' }]);
  });

  it('grants are per user per project: one user’s refusal follows them to every spreadsheet', () => {
    const { rt, clock } = addOn();
    const b = createGasRuntime({
      code: CODE,
      clock,
      fetch: () => ({ status: 200, headers: {}, body: '' }),
      addOn: true,
      oauthScopes: MANIFEST,
      user: { email: BO },
      spreadsheet: { id: 'sheet-b' },
      project: rt.project,
    });
    rt.project.consent.refuse(ANA, [SCOPES.sendMail]);
    expect(thrown(() => b.run('mail', [], { user: ANA }))).toMatch(/MailApp.sendEmail/);
    expect(b.run('mail')).toBe('sent');
  });
});

describe('getAuthorizationInfo answers from the user’s grants (AuthorizationInfo reference)', () => {
  it('REQUIRED with a consent URL when an asked scope is missing; the granted subset', () => {
    const { rt } = addOn();
    rt.project.consent.refuse(ANA, [SCOPES.sendMail, SCOPES.driveFile]);
    const all = rt.run<{ status: string; url: string; scopes: string[] }>('info');
    expect(all.status).toBe('REQUIRED');
    expect(all.url).toMatch(/^https:\/\/script\.google\.com\/macros\//);
    expect(all.scopes).toEqual(
      MANIFEST.filter((s) => s !== SCOPES.sendMail && s !== SCOPES.driveFile),
    );
    expect(rt.run('info', [[SCOPES.sendMail, SCOPES.spreadsheets]])).toEqual({
      status: 'REQUIRED',
      url: expect.stringContaining(encodeURIComponent(SCOPES.sendMail)),
      scopes: [SCOPES.spreadsheets],
    });
    expect(rt.run('info', [[SCOPES.spreadsheets]])).toEqual({
      status: 'NOT_REQUIRED',
      url: null,
      scopes: [SCOPES.spreadsheets],
    });
  });

  it('errs on a scope the script does not request, and needs nothing in another AuthMode', () => {
    const { rt } = addOn();
    rt.project.consent.refuse(ANA, [SCOPES.sendMail]);
    expect(thrown(() => rt.run('info', [['https://www.googleapis.com/auth/documents']]))).toBe(
      'The OAuth scope https://www.googleapis.com/auth/documents is not required by this script.',
    );
    expect(rt.run('infoLimited')).toBe('NOT_REQUIRED');
  });
});

describe('requireScopes / requireAllScopes end the execution when a scope is missing', () => {
  it('in a sidebar or menu run: the prompt is shown, and nothing after the call runs', () => {
    const { rt } = addOn();
    rt.project.consent.refuse(ANA, [SCOPES.sendMail]);
    expect(rt.run('need', [[SCOPES.spreadsheets]], { kind: 'sidebar' })).toBe('went on');
    expect(thrown(() => rt.run('need', [[SCOPES.sendMail]], { kind: 'sidebar' }))).toBe(
      AUTHORIZATION_REQUIRED,
    );
    expect(rt.lastExecution).toMatchObject({
      ok: false,
      user: ANA,
      consentPrompt: { scopes: [SCOPES.sendMail], shown: true },
    });
    expect(thrown(() => rt.run('needAll'))).toBe(AUTHORIZATION_REQUIRED);
    expect(rt.lastExecution?.consentPrompt).toEqual({ scopes: [SCOPES.sendMail], shown: true });
  });

  it('cannot be caught past: the script’s later calls fail and the run fails', () => {
    const { rt } = addOn();
    rt.project.consent.refuse(ANA, [SCOPES.sendMail]);
    expect(thrown(() => rt.run('needCaught', [[SCOPES.sendMail]], { kind: 'sidebar' }))).toBe(
      AUTHORIZATION_REQUIRED,
    );
    expect(rt.caches.script.read('after', rt.clock.now())).toBeNull();
  });

  it('in a time-driven trigger: it just ends (nobody to prompt); the trigger runs with its creator’s grants', () => {
    const { rt, clock } = addOn();
    rt.project.consent.refuse(ANA, [SCOPES.sendMail]);
    expect(thrown(() => rt.run('need', [[SCOPES.sendMail]], { kind: 'trigger' }))).toBe(
      AUTHORIZATION_REQUIRED,
    );
    expect(rt.lastExecution?.consentPrompt).toEqual({ scopes: [SCOPES.sendMail], shown: false });
    rt.project.consent.grant(ANA, [SCOPES.sendMail]);
    rt.run('makeTrigger');
    // Bo refusing mail changes nothing for Ana's trigger; Ana refusing it does.
    rt.project.consent.refuse(BO, [SCOPES.sendMail]);
    clock.advance(3_600_000);
    expect(rt.fireDueTriggers()).toEqual([expect.objectContaining({ ok: true })]);
    rt.project.consent.refuse(ANA, [SCOPES.sendMail]);
    clock.advance(3_600_000);
    expect(rt.fireDueTriggers()).toEqual([
      expect.objectContaining({ ok: false, error: denied('MailApp.sendEmail', SCOPES.sendMail) }),
    ]);
  });

  it('in a simple trigger it ends without a prompt; a custom function cannot call it at all', () => {
    const { rt } = addOn();
    rt.project.consent.refuse(ANA, [SCOPES.sendMail]);
    expect(thrown(() => rt.run('onOpen', [{}], { kind: 'simple-trigger' }))).toBe(
      AUTHORIZATION_REQUIRED,
    );
    expect(rt.lastExecution?.consentPrompt?.shown).toBe(false);
    expect(thrown(() => rt.run('need', [[SCOPES.sendMail]], { kind: 'custom-function' }))).toBe(
      'You do not have permission to call ScriptApp.requireScopes',
    );
  });

  it('errs on a scope the script does not request', () => {
    const { rt } = addOn();
    expect(thrown(() => rt.run('need', [['https://mail.google.com/']]))).toBe(
      'The OAuth scope https://mail.google.com/ is not required by this script.',
    );
  });

  it('under runConcurrently: the outcome fails and its record shows the prompt', () => {
    const { rt } = addOn();
    rt.project.consent.refuse(ANA, [SCOPES.sendMail]);
    const [ended, fine] = rt.runConcurrently([
      { fn: 'needCaught', args: [[SCOPES.sendMail]], kind: 'sidebar' },
      { fn: 'need', args: [[SCOPES.scriptApp]], kind: 'sidebar' },
    ]);
    expect(ended).toMatchObject({
      ok: false,
      error: expect.objectContaining({ message: AUTHORIZATION_REQUIRED }),
      record: { consentPrompt: { scopes: [SCOPES.sendMail], shown: true } },
    });
    expect(fine).toMatchObject({ ok: true, value: 'went on' });
    expect(rt.caches.script.read('after', rt.clock.now())).toBeNull();
  });
});
