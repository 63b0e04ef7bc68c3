// The preview's real-HTTP path under the manifest's urlFetchWhitelist: the emulator child hands
// out direct_upload URLs on its S3-style storage host, the add-in's PUT passes the manifest's
// list, and the preview routes it to the emulator over real HTTP. No browser: the page adds
// nothing to this path.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { DEFAULT_STORAGE_ORIGIN } from '../../../local/emulator';
import { driveIdFor } from '../../../local/gas/drive';
import { startPreview, type Preview } from '../../../local/preview/start-preview';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../../..');
let preview: Preview;

beforeAll(async () => {
  execFileSync(process.execPath, ['esbuild.config.mjs', '--local'], { cwd: ROOT });
  preview = await startPreview({ port: 0, emulatorPort: 0 });
});

afterAll(() => preview?.close());

test('a Drive file is attached: its PUT goes to the storage host, served by the emulator', () => {
  const runtime = preview.session.runtime;
  const fileId = driveIdFor('bill-of-lading.pdf');
  // Under drive.file the add-in opens only what the user picked (the stand-in picker grants it).
  runtime.drive.grant(fileId);
  const result = runtime.run<{ documentId: string; name: string }>('uploadDriveFile', [{ fileId }]);
  expect(result).toEqual({ documentId: expect.any(String), name: 'bill-of-lading.pdf' });
  const put = runtime.urlFetchLog.find((e) => e.method === 'PUT')!;
  expect([new URL(put.url).origin, put.status]).toEqual([DEFAULT_STORAGE_ORIGIN, 200]);
});
