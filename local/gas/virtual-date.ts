// Apps Script's `new Date()` and `Date.now()` must follow the runtime's clock so that tests and
// the benchmark can move time (rate-limit windows, cache expiry, last free days). Installed into
// each fresh context before the bundle runs; dates keep the context's own Date.prototype, so
// `instanceof Date` and Dates handed over by the fakes agree.

import vm from 'node:vm';

/** Evaluates to a function(now) that installs the virtual Date (also used by concurrent workers). */
export const VIRTUAL_DATE_SOURCE = `(function (now) {
  var RealDate = Date;
  function VirtualDate() {
    if (!new.target) return new RealDate(now()).toString();
    var args = arguments.length === 0 ? [now()] : Array.prototype.slice.call(arguments);
    return Reflect.construct(RealDate, args, new.target);
  }
  VirtualDate.prototype = RealDate.prototype;
  Object.defineProperty(RealDate.prototype, 'constructor', { value: VirtualDate, writable: true, configurable: true });
  Object.defineProperty(VirtualDate, 'name', { value: 'Date' });
  VirtualDate.now = function now_() { return now(); };
  VirtualDate.parse = RealDate.parse;
  VirtualDate.UTC = RealDate.UTC;
  Object.defineProperty(globalThis, 'Date', { value: VirtualDate, writable: true, configurable: true });
})`;

const INSTALL = new vm.Script(VIRTUAL_DATE_SOURCE);

export function installVirtualDate(context: vm.Context, now: () => number): void {
  (INSTALL.runInContext(context) as (now: () => number) => void)(now);
}
