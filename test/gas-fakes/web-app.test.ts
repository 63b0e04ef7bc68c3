// A bound script's web app in the local runtime: doPost gets Apps Script's event object, has no
// active spreadsheet and no UI, but its document's properties; ContentService builds the answer.
import { makeRuntime, thrown } from './harness';

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
    const { rt } = makeRuntime(SOURCE);
    rt.properties.document.write([['P', 'kept']]);
    const answer = rt.postToWebApp({
      queryString: 'token=abc&x=1&x=2',
      body: '{"a":1}',
      contentType: 'application/json',
    });
    expect(answer.contentType).toBe('application/json');
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
    const { rt } = makeRuntime(SOURCE);
    expect(rt.run('storesSeen', [], { kind: 'web-app' })).toEqual({
      documentCache: 'null',
      documentLock: 'null',
      scriptCache: 'some',
      scriptLock: 'some',
      documentProperties: 'some',
      active: 'null',
    });
    // The same rule when executions run together.
    const [outcome] = rt.runConcurrently([{ fn: 'storesSeen', kind: 'web-app' }], { seed: 1 });
    expect(outcome?.ok && outcome.value).toEqual({
      documentCache: 'null',
      documentLock: 'null',
      scriptCache: 'some',
      scriptLock: 'some',
      documentProperties: 'some',
      active: 'null',
    });
    expect(rt.run('storesSeen', [], { kind: 'menu' })).toMatchObject({
      documentCache: 'some',
      documentLock: 'some',
      active: 'some',
    });
  });

  test('a form-encoded body joins the parameters, as Apps Script does', () => {
    const { rt } = makeRuntime(SOURCE);
    const answer = rt.postToWebApp({
      queryString: '',
      body: 'token=from-body',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(JSON.parse(answer.content).event.parameter).toEqual({ token: 'from-body' });
  });

  test('no UI in a web app, and a doPost must return an output', () => {
    const { rt } = makeRuntime(SOURCE);
    expect(thrown(() => rt.run('uiInWebApp', [], { kind: 'web-app' }))).toMatch(
      /Cannot call SpreadsheetApp.getUi\(\) from this context/,
    );
    const rt2 = makeRuntime(SOURCE.replace('function doPost', 'function unused')).rt;
    expect(thrown(() => rt2.postToWebApp({ queryString: '', body: '' }))).toMatch(
      /Script function not found: doPost/,
    );
    const rt3 = makeRuntime('function doPost(e) { return e.parameter; }').rt;
    expect(thrown(() => rt3.postToWebApp({ queryString: 'a=1', body: '' }))).toMatch(
      /did not return anything/,
    );
  });
});
