// google.script.run and google.script.host for a page served by the local host, so the real
// sidebar HTML runs unchanged: each server call is a POST to /__gas/run, answered by one
// execution of dist/Code.js in the local runtime. The Google Picker's stand-in comes with it.

import { PICKER_STAND_IN } from './picker-stand-in';

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
              if (answer.ok) { if (success) success(answer.result, userObject); }
              else if (failure) { var e = new Error(answer.error); e.name = 'ScriptError'; failure(e, userObject); }
            })
            .catch(function (e) { if (failure) failure(e, userObject); });
        };
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
