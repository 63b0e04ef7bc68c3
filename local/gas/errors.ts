// Apps Script service failures surface in scripts as errors named "Exception" whose message has
// no "Exception: " prefix (that prefix only appears in toString() and the execution log). Fakes
// throw GasException; the realm bridge re-creates it as an Error of the script's own realm.

export class GasException extends Error {
  override name = 'Exception';
}

export function fail(message: string): never {
  throw new GasException(message);
}

/** Messages used by more than one fake, kept in one place so they stay identical. */
export const MESSAGES = {
  permission: (method: string) => `You do not have permission to call ${method}`,
  permissionWithScope: (method: string, scope: string) =>
    `You do not have permission to call ${method}. Required permissions: ${scope}`,
  noUi: 'Cannot call SpreadsheetApp.getUi() from this context.',
  tooManyTimes: (service: string) => `Service invoked too many times for one day: ${service}.`,
  argumentTooLarge: (name: string) => `Argument too large: ${name}`,
  exceededTime: 'Exceeded maximum execution time',
  functionNotFound: (name: string) => `Script function not found: ${name}`,
} as const;
