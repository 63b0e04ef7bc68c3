// The strategy this add-in is compared with: what ImportJSON-style formulas and home-made
// scripts do, one look-up request per cell (or per row), no shared cache, no rate limiting.

export const NAIVE_SOURCE = `
var BASE = PropertiesService.getDocumentProperties().getProperty('CT_API_BASE_URL');
function naiveKey() { return PropertiesService.getDocumentProperties().getProperty('CT_API_KEY'); }
function naiveLookup(number) {
  var r = UrlFetchApp.fetch(BASE + '/shipments?q=' + encodeURIComponent(number) + '&include=containers', {
    headers: { Authorization: 'Token ' + naiveKey() }, muteHttpExceptions: true });
  if (r.getResponseCode() !== 200) return '#HTTP ' + r.getResponseCode();
  var doc = JSON.parse(r.getContentText());
  var all = (doc.included || []).concat(doc.data || []);
  for (var i = 0; i < all.length; i++) {
    if (all[i].type === 'container' && all[i].attributes.number === number) return all[i].attributes.current_status;
  }
  return '#not found';
}
function NAIVE_STATUS(input) {
  if (Array.isArray(input)) return input.map(function (row) { return row.map(function (n) { return n ? naiveLookup(n) : ''; }); });
  return naiveLookup(input);
}
function naiveRefresh() {
  var sheet = SpreadsheetApp.getActive().getSheetByName('Tracking');
  var values = sheet.getDataRange().getValues();
  for (var r = 1; r < values.length; r++) {
    if (!values[r][0]) continue;
    sheet.getRange(r + 1, 5).setValue(naiveLookup(String(values[r][0])));
  }
}
function saveSettings(s) {
  PropertiesService.getDocumentProperties().setProperties({ CT_API_KEY: s.apiKey, CT_API_BASE_URL: s.apiBaseUrl });
}
`;
