// The sidebar's only way to the server: a promise over google.script.run. Names, arguments and
// results are typed from the server modules themselves (type-only import: nothing of theirs is
// bundled), so a renamed field breaks the type-check, not the page at run time.

import type * as Server from '../../main';
import { PRODUCT_NAME } from '../../core/product';

/** The server functions the sidebar calls (a subset of src/main.ts). */
export type SidebarApi = Pick<
  typeof Server,
  | 'getSettings'
  | 'saveSettings'
  | 'removeApiKey'
  | 'testConnection'
  | 'getAutoRefresh'
  | 'enableAutoRefresh'
  | 'disableAutoRefresh'
  | 'getSchedules'
  | 'handOverSchedule'
  | 'takeOverSchedule'
  | 'createTrackingRequest'
  | 'inferCarrier'
  | 'trackUntrackedRows'
  | 'listShippingLines'
  | 'getPickerConfig'
  | 'openPickerDialog'
  | 'storePickedFile'
  | 'takePickedFile'
  | 'startDriveUpload'
  | 'sendDriveUpload'
  | 'finishDriveUpload'
  | 'getSelectedRow'
  | 'updateRefNumbers'
  | 'stopTracking'
  | 'resumeTracking'
  | 'getTimeline'
  | 'buildEvidence'
  | 'getDiagnostics'
  | 'getPushStatus'
  | 'sendAlertDigestNow'
  | 'getAlertStatus'
  | 'getFreeTimeRules'
  | 'enablePush'
  | 'disablePush'
>;
export type SidebarFunction = keyof SidebarApi;
export type ResultOf<K extends SidebarFunction> = ReturnType<SidebarApi[K]>;

/** True when a Date hides anywhere in T: google.script.run cannot carry one (send ISO strings). */
type HasDate<T> = T extends Date
  ? true
  : T extends readonly (infer U)[]
    ? HasDate<U>
    : T extends object
      ? true extends { [K in keyof T]-?: HasDate<T[K]> }[keyof T]
        ? true
        : false
      : false;
type MustBeFalse<T extends false> = T;
// Compile-time proof that every payload the sidebar sends or receives is JSON-safe.
export type _ResultsAreJsonSafe = MustBeFalse<HasDate<{ [K in SidebarFunction]: ResultOf<K> }>>;
export type _ArgumentsAreJsonSafe = MustBeFalse<
  HasDate<{ [K in SidebarFunction]: Parameters<SidebarApi[K]> }>
>;

interface ScriptRun {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRun;
  withFailureHandler(handler: (error: unknown) => void): ScriptRun;
  [name: string]: unknown;
}

declare global {
  interface Window {
    google?: { script?: { run?: ScriptRun } };
  }
}

/** A server call that failed; `message` is ready to show. */
export class ServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerError';
  }
}

/** Apps Script may prefix the thrown message with the error's name; people need only the text. */
export function messageOf(error: unknown): string {
  const raw =
    error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : String(error ?? '');
  const text = raw.replace(/^(?:Exception|Error|ScriptError|AppError|UploadError):\s*/, '').trim();
  return text || 'The server did not answer. Try again.';
}

export function call<K extends SidebarFunction>(
  name: K,
  ...args: Parameters<SidebarApi[K]>
): Promise<ResultOf<K>> {
  return new Promise((resolve, reject) => {
    const run = window.google?.script?.run;
    if (!run) {
      reject(new ServerError(`Open this page from the ${PRODUCT_NAME} menu in Google Sheets.`));
      return;
    }
    const runner = run
      .withSuccessHandler((value) => resolve(value as ResultOf<K>))
      .withFailureHandler((error) => reject(new ServerError(messageOf(error))));
    const fn = runner[name];
    if (typeof fn !== 'function') {
      reject(new ServerError(`The add-in has no server function ${name}. Reload the sidebar.`));
      return;
    }
    (fn as (...a: unknown[]) => void).apply(runner, args);
  });
}
