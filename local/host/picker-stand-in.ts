// A stand-in for the Google Picker over the runtime's fake Drive, for pages the local host serves.
// The sidebar's code path is the real one: it finds `gapi` already present (so it never loads
// https://apis.google.com/js/api.js, which needs the network), calls gapi.load('picker'), builds
// a google.picker.PickerBuilder with the same calls, and gets the same callback data
// ({action: 'picked', docs: [{id, name, mimeType, sizeBytes}]}). As the real Picker does under
// the drive.file scope when given the app id, picking a file grants it to the script, here in the
// fake Drive (DriveStore.grant). Like the real one it refuses to open without an OAuth token and
// developer key, and grants nothing without an app id. Nor does it fit in less than its
// documented minimum size, 566 × 350 px ("It has a minimum size of (566,350)": PickerBuilder
// setSize, Google Picker API reference): opened in a smaller window (the 300 px sidebar) it shows
// that it cannot and picks nothing, where the real one would be cut off and unusable.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GasRuntime } from '../gas';

export const PICKER_FILES_PATH = '/__gas/picker/files';
export const PICKER_GRANT_PATH = '/__gas/picker/grant';

/** What a deployer would set (script properties); the stand-in needs non-empty values only. */
export const LOCAL_PICKER_PROPERTIES: Record<string, string> = {
  PICKER_DEVELOPER_KEY: 'local-preview-developer-key',
  PICKER_APP_ID: '000000000000',
};

/** Browser code, installed with the google.script shim. */
export const PICKER_STAND_IN = `
(function () {
  var picker = {
    ViewId: { DOCS: 'all', DOCS_IMAGES: 'docs-images', PDFS: 'pdfs' },
    DocsViewMode: { GRID: 'grid', LIST: 'list' },
    Feature: { NAV_HIDDEN: 'navHidden', MULTISELECT_ENABLED: 'multiselectEnabled' },
    Response: { ACTION: 'action', DOCUMENTS: 'docs' },
    Action: { PICKED: 'picked', CANCEL: 'cancel', LOADED: 'loaded' },
    Document: { ID: 'id', NAME: 'name', MIME_TYPE: 'mimeType', SIZE_BYTES: 'sizeBytes' }
  };
  function DocsView(viewId) { this.viewId = viewId || 'all'; this.mimeTypes = null; }
  DocsView.prototype.setMimeTypes = function (types) { this.mimeTypes = String(types).split(','); return this; };
  DocsView.prototype.setMode = function () { return this; };
  DocsView.prototype.setIncludeFolders = function () { return this; };
  DocsView.prototype.setOwnedByMe = function () { return this; };
  function PickerBuilder() { this.views = []; this.features = []; }
  ['OAuthToken', 'DeveloperKey', 'AppId', 'Origin', 'Callback', 'Title', 'Locale'].forEach(function (name) {
    PickerBuilder.prototype['set' + name] = function (value) { this[name] = value; return this; };
  });
  PickerBuilder.prototype.setSize = function () { return this; };
  PickerBuilder.prototype.hideTitleBar = function () { return this; };
  PickerBuilder.prototype.addView = function (view) { this.views.push(view); return this; };
  PickerBuilder.prototype.enableFeature = function (f) { this.features.push(f); return this; };
  PickerBuilder.prototype.build = function () {
    var config = this;
    return { setVisible: function (visible) { if (visible) open(config); }, dispose: function () {} };
  };

  function element(tag, text, attrs) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    for (var k in attrs || {}) node.setAttribute(k, attrs[k]);
    return node;
  }

  var MIN_WIDTH = 566, MIN_HEIGHT = 350;
  function open(config) {
    if (!config.OAuthToken || !config.DeveloperKey) {
      throw new Error('The picker needs an OAuth token and a developer key.');
    }
    if (window.innerWidth < MIN_WIDTH || window.innerHeight < MIN_HEIGHT) {
      var tooSmall = element('p', 'The Google Picker needs at least ' + MIN_WIDTH + ' x ' + MIN_HEIGHT +
        ' px; this window is ' + window.innerWidth + ' x ' + window.innerHeight + '.', { role: 'alert', 'data-picker-too-small': '' });
      document.body.append(tooSmall);
      return;
    }
    var done = function (data) { overlay.remove(); if (config.Callback) config.Callback(data); };
    var overlay = element('div', '', { 'data-picker-stand-in': '' });
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.4);display:flex;align-items:center;justify-content:center;z-index:10';
    var dialog = element('div', '', { role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Select a file' });
    dialog.style.cssText = 'background:#fff;border-radius:8px;padding:12px;width:90%;max-height:90%;overflow:auto;font:13px sans-serif';
    dialog.append(element('h2', 'Select a file', {}), element('p', 'Local stand-in for the Google Picker (sample Drive).', {}));
    var list = element('ul', '', { 'aria-label': 'Files' });
    list.style.cssText = 'list-style:none;padding:0;margin:8px 0';
    var cancel = element('button', 'Cancel', { type: 'button' });
    cancel.onclick = function () { done({ action: picker.Action.CANCEL }); };
    dialog.append(list, cancel);
    overlay.append(dialog);
    document.body.append(overlay);
    var types = [];
    config.views.forEach(function (v) { if (v.mimeTypes) types = types.concat(v.mimeTypes); });
    fetch('${PICKER_FILES_PATH}').then(function (r) { return r.json(); }).then(function (files) {
      files.filter(function (f) { return types.length === 0 || types.indexOf(f.mimeType) >= 0; })
        .forEach(function (f) {
          var item = element('li', '', {});
          var button = element('button', f.name, { type: 'button' });
          button.onclick = function () {
            fetch('${PICKER_GRANT_PATH}', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ id: f.id, appId: config.AppId || null })
            }).then(function () {
              done({ action: picker.Action.PICKED, docs: [{ id: f.id, name: f.name, mimeType: f.mimeType, sizeBytes: f.sizeBytes }] });
            });
          };
          item.append(button, element('span', ' ' + f.mimeType + ', ' + f.sizeBytes + ' bytes', {}));
          list.append(item);
        });
    });
  }

  picker.DocsView = DocsView;
  picker.PickerBuilder = PickerBuilder;
  window.google = window.google || {};
  window.google.picker = picker;
  window.gapi = { load: function (name, options) {
    var callback = typeof options === 'function' ? options : options && options.callback;
    setTimeout(function () { if (callback) callback(); }, 0);
  } };
})();
`;

/** The picker's two routes; returns true when it answered. */
export function handlePickerRoute(
  runtime: GasRuntime,
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
): boolean {
  const url = new URL(req.url ?? '/', 'http://local');
  const json = (status: number, value: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
  if (req.method === 'GET' && url.pathname === PICKER_FILES_PATH) {
    // The Picker shows the user's whole Drive (it runs as the user, not as the script).
    json(
      200,
      runtime.drive.files
        .filter((f) => !f.trashed)
        .map((f) => ({ id: f.id, name: f.name, mimeType: f.mimeType, sizeBytes: f.bytes.length })),
    );
    return true;
  }
  if (req.method === 'POST' && url.pathname === PICKER_GRANT_PATH) {
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      json(415, { ok: false, error: 'JSON only' });
      return true;
    }
    let pick: { id?: unknown; appId?: unknown };
    try {
      pick = JSON.parse(body) as { id?: unknown; appId?: unknown };
    } catch {
      json(400, { ok: false, error: 'bad JSON' });
      return true;
    }
    const file = runtime.drive.files.find((f) => f.id === pick.id);
    // Without the app id the real Picker opens the file for the user, not for the app.
    if (file && typeof pick.appId === 'string' && pick.appId !== '') runtime.drive.grant(file.id);
    json(200, { ok: !!file });
    return true;
  }
  return false;
}
