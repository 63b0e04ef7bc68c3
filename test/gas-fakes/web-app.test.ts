// A bound script's web app in the local runtime: doPost gets Apps Script's event object, has no
// active spreadsheet and no UI, but its document's properties; ContentService builds the answer.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ManualClock } from '../../local/clock';
import { createGasRuntime } from '../../local/gas';
import { makeRuntime, START, thrown } from './harness';

/** A runtime deployed as a web app at once, as the tests below need. */
function deployedRuntime(source: string) {
  const made = makeRuntime(source);
  made.rt.deployWebApp();
  return made;
}

const SOURCE = `
function doPost(e) {
  var props = PropertiesService.getDocumentProperties();
  var seen = {
    event: e,
    active: SpreadsheetApp.getActive() === null ? 'none' : 'some',
    prop: props ? props.getProperty('P') : 'no store',
  };
  return ContentService.createTextOutput(JSON.stringify(seen)).setMimeType(ContentService.MimeType.JSON);
}
function uiInWebApp() { return SpreadsheetApp.getUi(); }
function storesSeen() {
  return {
    documentCache: CacheService.getDocumentCache() === null ? 'null' : 'some',
    documentLock: LockService.getDocumentLock() === null ? 'null' : 'some',
    scriptCache: CacheService.getScriptCache() === null ? 'null' : 'some',
    scriptLock: LockService.getScriptLock() === null ? 'null' : 'some',
    documentProperties: PropertiesService.getDocumentProperties() === null ? 'null' : 'some',
    active: SpreadsheetApp.getActive() === null ? 'null' : 'some',
  };
}
`;

describe('web app (doPost) in the local runtime', () => {
  test('the event object, no active spreadsheet, the document properties, a JSON answer', () => {
    const { rt } = deployedRuntime(SOURCE);
    rt.properties.document.write([['P', 'kept']]);
    const answer = rt.postToWebApp({
      queryString: 'token=abc&x=1&x=2',
      body: '{"a":1}',
      contentType: 'application/json',
    });
    expect(answer.contentType).toBe('application/json');
    // Served from a one-time echo URL after a redirect, as Apps Script answers every doPost.
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(
      /^https:\/\/script\.googleusercontent\.com\/macros\/echo\?user_content_key=/,
    );
    const seen = JSON.parse(answer.content);
    expect(seen.active).toBe('none');
    expect(seen.prop).toBe('kept');
    expect(seen.event).toEqual({
      queryString: 'token=abc&x=1&x=2',
      parameter: { token: 'abc', x: '1' },
      parameters: { token: ['abc'], x: ['1', '2'] },
      contextPath: '',
      contentLength: 7,
      postData: { contents: '{"a":1}', length: 7, type: 'application/json', name: 'postData' },
    });
    expect(rt.lastExecution?.kind).toBe('web-app');
  });

  test('no document cache, lock or active spreadsheet in a web app; the script-wide ones and the document properties are there', () => {
    const { rt } = deployedRuntime(SOURCE);
    const inWebApp = {
      documentCache: 'null',
      documentLock: 'null',
      scriptCache: 'some',
      scriptLock: 'some',
      documentProperties: 'some',
      active: 'null',
    };
    expect(rt.run('storesSeen', [], { kind: 'web-app' })).toEqual(inWebApp);
    // The same rule when executions run together.
    const [outcome] = rt.runConcurrently([{ fn: 'storesSeen', kind: 'web-app' }], { seed: 1 });
    expect(outcome?.ok && outcome.value).toEqual(inWebApp);
    expect(rt.run('storesSeen', [], { kind: 'menu' })).toMatchObject({
      documentCache: 'some',
      documentLock: 'some',
      active: 'some',
    });
  });

  test('a form-encoded body joins the parameters, as Apps Script does', () => {
    const { rt } = deployedRuntime(SOURCE);
    const answer = rt.postToWebApp({
      queryString: '',
      body: 'token=from-body',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(JSON.parse(answer.content).event.parameter).toEqual({ token: 'from-body' });
  });

  test('no UI in a web app; a doPost that fails gets the error page with 200, not a retryable status', () => {
    const { rt } = makeRuntime(SOURCE);
    expect(thrown(() => rt.run('uiInWebApp', [], { kind: 'web-app' }))).toMatch(
      /Cannot call SpreadsheetApp.getUi\(\) from this context/,
    );
    const rt2 = deployedRuntime(SOURCE.replace('function doPost', 'function unused')).rt;
    const missing = rt2.postToWebApp({ queryString: '', body: '' });
    expect(missing).toMatchObject({ status: 200, location: null, contentType: 'text/html' });
    expect(missing.content).toMatch(
      /<title>Error<\/title>.*Exception: Script function not found: doPost/,
    );
    const rt3 = deployedRuntime('function doPost(e) { return e.parameter; }').rt;
    expect(rt3.postToWebApp({ queryString: 'a=1', body: '' })).toMatchObject({
      status: 200,
      content: expect.stringMatching(/did not return anything/),
    });
    // The page escapes the message: script text never becomes markup.
    const rt4 = deployedRuntime('function doPost(e) { throw new Error("<b>bad</b> & co"); }').rt;
    const page = rt4.postToWebApp({ queryString: '', body: '' }).content;
    expect(page).toContain('&#60;b&#62;bad&#60;/b&#62; &#38; co');
    expect(page).not.toContain('<b>');
  });

  test('/exec runs the deployed version: nothing before a deployment, and not what a later push changed', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'web-app-'));
    const codePath = path.join(dir, 'Code.js');
    const version = (n: number) =>
      `function doPost(e) { return ContentService.createTextOutput('v${n}'); }\nfunction which() { return 'v${n}'; }`;
    writeFileSync(codePath, version(1));
    const rt = createGasRuntime({
      codePath,
      clock: new ManualClock(START),
      fetch: () => ({ status: 200, headers: {}, body: '' }),
    });
    const before = rt.postToWebApp({ queryString: '', body: '' });
    expect(before.status).toBe(404); // no deployment: nothing runs
    expect(rt.executions).toHaveLength(0);
    rt.deployWebApp();
    writeFileSync(codePath, version(2)); // clasp push: the head changes, the deployment does not
    expect(rt.run('which')).toBe('v2');
    expect(rt.postToWebApp({ queryString: '', body: '' }).content).toBe('v1');
    rt.deployWebApp(); // clasp deploy -i <id>
    expect(rt.postToWebApp({ queryString: '', body: '' }).content).toBe('v2');
    // Among other executions too: a web-app execution runs the deployment, the others the head.
    writeFileSync(codePath, version(3));
    const [exec, head] = rt.runConcurrently([
      { fn: 'which', kind: 'web-app' },
      { fn: 'which', kind: 'menu' },
    ]);
    expect([exec?.value, head?.value]).toEqual(['v2', 'v3']);
  });

  test('a web-app execution needs a deployment, also among other executions', () => {
    const { rt } = makeRuntime(SOURCE);
    const [outcome] = rt.runConcurrently([{ fn: 'storesSeen', kind: 'web-app' }]);
    expect(outcome).toMatchObject({ ok: false, record: { elapsedMs: 0 } });
    expect(outcome?.error?.message).toBe('Sorry, unable to open the file at this time.');
  });
});
