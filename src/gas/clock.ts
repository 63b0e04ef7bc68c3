// Time in Apps Script: Date.now() and Utilities.sleep (which holds the execution, and its quota).

import type { Clock } from '../core/ports';

export const appsScriptClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.round(ms))),
};

/** A random, unguessable id (a token the sidebar waits on, a push probe). */
export const newToken = (): string => Utilities.getUuid();
