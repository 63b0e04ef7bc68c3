// The import stage costs nothing when autoImport is off.
import type { RefreshContext } from '../../../src/addon/refresh/context';
import { importNewContainers } from '../../../src/addon/refresh/import-new-containers';
import type { SyncResult } from '../../../src/engine/sheet-sync';

const untouchable = new Proxy(
  {},
  {
    get: (_t, key) => {
      throw new Error(`touched ${String(key)}`);
    },
  },
);

describe('importNewContainers', () => {
  it('touches neither the client, the run nor the sheet with autoImport off', () => {
    const ctx = {
      settings: { autoImport: false },
      run: untouchable,
      client: untouchable,
      started: 0,
    } as unknown as RefreshContext;
    expect(
      importNewContainers(
        ctx,
        untouchable as GoogleAppsScript.Spreadsheet.Sheet,
        untouchable as SyncResult,
      ),
    ).toEqual({ added: 0, requests: 0, failure: null });
  });
});
