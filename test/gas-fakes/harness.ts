// Builds a runtime over a hand-written Apps Script source, a ManualClock and a recording fetch.

import { ManualClock } from '../../local/clock';
import { createGasRuntime, type GasRuntimeOptions } from '../../local/gas';
import type { HttpRequest, HttpResponse } from '../../local/http';

export const START = '2026-11-20T15:00:00Z';

export function makeRuntime(
  code: string,
  options: Partial<GasRuntimeOptions> & { respond?: (r: HttpRequest) => HttpResponse } = {},
) {
  const clock = new ManualClock(START);
  const requests: HttpRequest[] = [];
  const respond = options.respond ?? (() => ({ status: 200, headers: {}, body: 'ok' }));
  const rt = createGasRuntime({
    code,
    clock,
    fetch: (request) => {
      requests.push(request);
      return respond(request);
    },
    ...options,
  });
  return { rt, clock, requests };
}

/** The message of what `fn` throws (fails the test if it does not throw). */
export { thrown } from '../helpers/thrown';
