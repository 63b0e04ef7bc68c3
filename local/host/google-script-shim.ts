// google.script.run and google.script.host for a page served by the local host, so the real
// sidebar HTML runs unchanged: each server call is a POST to /__gas/run, answered by one
// execution of dist/Code.js in the local runtime. The Google Picker's stand-in comes with it.
// A call that shows a modal dialog (Ui.showModalDialog) opens it as Google does: over the whole
// editor (the top window), at the width and height it asked for, in its own frame; the dialog's
// google.script.host.close() closes it.

import { PICKER_STAND_IN } from './picker-stand-in';

/** Where the page opens a dialog a server call showed (host-server.ts serves it). */
export const DIALOG_PATH = '/__gas/dialog';

export const RUN_PATH = '/__gas/run';

/** Browser code, injected into served HTML before the page's own scripts. */
export const GOOGLE_SCRIPT_SHIM = `
(function () {
  function runner(success, failure, userObject) {
    var target = {
      withSuccessHandler: function (fn) { return runner(fn, failure, userObject); },
      withFailureHandler: function (fn) { return runner(success, fn, userObject); },
      withUserObject: function (obj) { return runner(success, failure, obj); }
    };
    return new Proxy(target, {
      get: function (t, name) {
        if (name in t) return t[name];
        return function () {
          var args = Array.prototype.slice.call(arguments);
          fetch('${RUN_PATH}', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ fn: String(name), args: args })
          })
            .then(function (r) { return r.json(); })
            .then(function (answer) {
              (answer.dialogs || []).forEach(openDialog);
              if (answer.ok) { if (success) success(answer.result, userObject); }
              else if (failure) { var e = new Error(answer.error); e.name = 'ScriptError'; failure(e, userObject); }
            })
            .catch(function (e) { if (failure) failure(e, userObject); });
        };
      }
    });
  }
  function openDialog(d) {
    var top = window.top;
    var doc = top.document;
    var overlay = doc.createElement('div');
    overlay.setAttribute('data-gas-dialog-overlay', '');
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.4);display:flex;overflow:auto;z-index:1000';
    var frame = doc.createElement('iframe');
    frame.setAttribute('data-gas-dialog', '');
    frame.title = d.title;
    frame.src = '${DIALOG_PATH}/' + d.index;
    frame.style.cssText = 'width:' + d.width + 'px;height:' + d.height + 'px;border:1px solid #dadce0;background:#fff;flex:none;margin:auto';
    overlay.append(frame);
    doc.body.append(overlay);
    top.addEventListener('message', function onClose(event) {
      if (event.source === frame.contentWindow && event.data && event.data.type === 'gas-host-close') {
        overlay.remove();
        top.removeEventListener('message', onClose);
      }
    });
  }
  window.google = window.google || {};
  window.google.script = {
    run: runner(null, null, undefined),
    host: {
      close: function () { window.parent.postMessage({ type: 'gas-host-close' }, '*'); },
      setHeight: function () {}, setWidth: function () {},
      editor: { focus: function () {} },
      origin: window.location.origin
    }
  };
})();
`;

/** Puts the shim (and the picker stand-in) before the page's first script. */
export function withShim(html: string): string {
  const tag = `<script>${GOOGLE_SCRIPT_SHIM}${PICKER_STAND_IN}</script>`;
  const at = html.search(/<script[\s>]/i);
  return at >= 0
    ? html.slice(0, at) + tag + html.slice(at)
    : html.replace(/<\/body>/i, `${tag}</body>`);
}
