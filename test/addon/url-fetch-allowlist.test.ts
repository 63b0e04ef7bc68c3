// The built add-in under its own manifest's urlFetchWhitelist, as a deployed add-in runs: the
// emulator stands in for the API host only, so the direct upload's PUT to the storage host (an
// S3 bucket at the real service) must be allowed by the manifest itself.

import { ManualClock } from '../../local/clock';
import { createEmulator, DEFAULT_STORAGE_ORIGIN } from '../../local/emulator';
import { createGasRuntime } from '../../local/gas';
import { CODE_PATH, ORIGIN } from '../helpers/addon-harness';

const FILE_ID = '1BoLsamplePdf000000000000000001';

function world() {
  const clock = new ManualClock('2026-11-20T15:00:00Z');
  const emulator = createEmulator({ origin: ORIGIN, clock });
  const gas = createGasRuntime({
    codePath: CODE_PATH,
    fetch: (req) => emulator.handle(req),
    clock,
    allowlistStandIns: [ORIGIN],
    drive: {
      files: [
        {
          id: FILE_ID,
          name: 'bill-of-lading.pdf',
          mimeType: 'application/pdf',
          bytes: new TextEncoder().encode('%PDF-1.4 bill of lading'),
        },
      ],
    },
  });
  gas.run('saveSettings', [
    { apiKey: emulator.demoKey, apiBaseUrl: `${ORIGIN}/v2`, appUrl: ORIGIN },
  ]);
  // The manifest asks for drive.file: the add-in may open the file once the user picked it.
  gas.drive.grant(FILE_ID);
  return { emulator, gas };
}

describe("the add-in's fetches under its manifest's urlFetchWhitelist", () => {
  it('uploads a document: the PUT to the storage host is allowed by the manifest', () => {
    const { emulator, gas } = world();
    const result = gas.run<{ documentId: string }>('uploadDriveFile', [{ fileId: FILE_ID }]);
    expect(
      emulator
        .account()!
        .documents()
        .map((d) => d.id),
    ).toEqual([result.documentId]);
    const put = gas.urlFetchLog.find((e) => e.method === 'PUT')!;
    expect(new URL(put.url).origin).toBe(DEFAULT_STORAGE_ORIGIN);
    expect(put.status).toBe(200);
  });

  it('fetches no host but the API (the stand-in), the storage host and Drive (with the Google token only)', () => {
    const { emulator, gas } = world();
    const tracked = emulator.account()!.containers()[0]!.attributes.number;
    gas.run('uploadDriveFile', [{ fileId: FILE_ID }]);
    expect(gas.run('CONTAINER_STATUS', [tracked], { kind: 'custom-function' })).not.toBe('');
    const origins = new Set(gas.urlFetchLog.map((e) => new URL(e.url).origin));
    expect([...origins].sort()).toEqual(
      [DEFAULT_STORAGE_ORIGIN, ORIGIN, 'https://www.googleapis.com'].sort(),
    );
    // The picked file is read over Drive's REST API with the script's OAuth token, which goes to
    // googleapis.com and nowhere else.
    const drive = gas.urlFetchLog.filter((e) => e.url.startsWith('https://www.googleapis.com/'));
    expect(drive.map((e) => new URL(e.url).pathname)).toEqual([
      `/drive/v3/files/${FILE_ID}`,
      `/drive/v3/files/${FILE_ID}`,
    ]);
  });

  it('refuses an API base URL outside the list, as Apps Script would, sending nothing', () => {
    const { gas } = world();
    const elsewhere = 'https://tracking.example.com';
    // A new host needs its own key (the stored one is bound to the host it was saved for).
    gas.run('saveSettings', [
      { apiKey: 'key-for-elsewhere-5678', apiBaseUrl: `${elsewhere}/v2`, appUrl: elsewhere },
    ]);
    const before = gas.urlFetchLog.filter((e) => !e.url.startsWith('https://www.googleapis.com/'));
    expect(() => gas.run('uploadDriveFile', [{ fileId: FILE_ID }])).toThrow(
      `Request to ${elsewhere}/rails/active_storage/direct_uploads failed because the URL has not been whitelisted in the script manifest.`,
    );
    const sent = gas.urlFetchLog.filter((e) => !e.url.startsWith('https://www.googleapis.com/'));
    expect(sent).toEqual(before); // only the file was read (from Drive); nothing went to the host
  });
});
