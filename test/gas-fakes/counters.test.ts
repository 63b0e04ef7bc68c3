import { makeRuntime } from './harness';

const CODE = `
function work() {
  var props = PropertiesService.getDocumentProperties();
  props.getProperty('a');
  props.getProperty('b');
  var cache = CacheService.getScriptCache();
  cache.getAll(['a', 'b', 'c']);
  cache.put('a', '1');
  var sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Data');
  var range = sheet.getRange(1, 1, 2, 2);
  range.getValues();
  range.setValues([[1, 2], [3, 4]]);
  range.setValue('x');
  range.setNumberFormat('@');
  UrlFetchApp.fetchAll(['https://a.test/1', 'https://a.test/2', { url: 'https://a.test/3' }]);
  UrlFetchApp.fetch('https://a.test/4').getContentText();
  return true;
}
`;

describe('counters', () => {
  it('counts every script call exactly once, by service and Class.method', () => {
    const { rt, requests } = makeRuntime(CODE, { spreadsheet: { sheets: [{ name: 'Data' }] } });
    rt.run('work');
    const snap = rt.counters.snapshot();
    expect(snap.calls.Properties).toEqual({
      'PropertiesService.getDocumentProperties': 1,
      'Properties.getProperty': 2,
    });
    expect(snap.calls.Cache).toEqual({
      'CacheService.getScriptCache': 1,
      'Cache.getAll': 1,
      'Cache.put': 1,
    });
    expect(snap.calls.SpreadsheetRead).toEqual({ 'Range.getValues': 1 });
    expect(snap.calls.SpreadsheetWrite).toEqual({
      'Range.setValues': 1,
      'Range.setValue': 1,
      'Range.setNumberFormat': 1,
    });
    expect(snap.calls.Spreadsheet).toEqual({
      'SpreadsheetApp.getActiveSpreadsheet': 1,
      'Spreadsheet.getSheetByName': 1,
      'Sheet.getRange': 1,
    });
    // fetchAll is one call and three requests; HTTPResponse methods cost no call.
    expect(snap.calls.UrlFetch).toEqual({ 'UrlFetchApp.fetchAll': 1, 'UrlFetchApp.fetch': 1 });
    expect(snap.urlFetchRequests).toBe(4);
    expect(requests).toHaveLength(4);
    expect(snap.totals.Cache).toBe(3);
    expect(rt.counters.get('SpreadsheetWrite')).toBe(3);
    expect(rt.counters.get('Properties', 'Properties.getProperty')).toBe(2);
  });

  it('keeps per-execution counts on lastExecution while the runtime totals accumulate', () => {
    const { rt } = makeRuntime(CODE, { spreadsheet: { sheets: [{ name: 'Data' }] } });
    rt.run('work');
    rt.run('work');
    expect(rt.lastExecution?.calls.totals.Properties).toBe(3);
    expect(rt.counters.get('Properties')).toBe(6);
    expect(rt.counters.urlFetchRequests).toBe(8);
    rt.counters.reset();
    expect(rt.counters.snapshot()).toEqual({ calls: {}, totals: {}, urlFetchRequests: 0 });
  });
});
