// Uploads from Drive in the built add-in, under the manifest's real Drive scope (drive.file: only
// files the user picked are readable) and the fakes' byte meter (every Byte[] a script holds is
// one JS number per byte). A file is read into numbers once, hashed once, and sent as its Blob.
// The counts do not depend on the size, so a 1 MB file stands for a 50 MB one here (in the
// fakes a 50 MB Byte[] takes over 30 s on this machine; local/bench/upload-memory.ts runs it).

import { createHash } from 'node:crypto';
import { byteArrayMeter, type DriveFileSpec } from '../../../local/gas';
import { createHarness } from '../../helpers/addon-harness';
import { URL_FETCH_RESPONSE_LIMIT_BYTES } from '../../../local/gas/url-fetch';
import { MAX_UPLOAD_BYTES } from '../../../src/core/upload-limits';

const MiB = 1024 * 1024;
const FILE_ID = '1ScanOfBillOfLading00000000001';

function scan(bytes: number, id = FILE_ID): DriveFileSpec {
  const data = new Uint8Array(bytes);
  for (let i = 0; i < data.length; i += 4096) data[i] = (i / 4096) % 251;
  return { id, name: 'bol-scan.pdf', mimeType: 'application/pdf', bytes: data };
}

function harnessWith(file: DriveFileSpec, granted = true) {
  const h = createHarness();
  h.gas.drive.files.push(file);
  if (granted) h.gas.drive.grant(file.id);
  byteArrayMeter.reset();
  return h;
}

const storedBytes = (h: ReturnType<typeof createHarness>, documentId: string) => {
  const account = h.emulator.account()!;
  const doc = account.documents().find((d) => d.id === documentId)!;
  return Buffer.from(account.blob(doc.blobSignedId)!.bytes!);
};

describe('upload memory: the file is read once and never sent as numbers', () => {
  test('uploadDriveFile: one getBytes (for the MD5), the Blob as the payload', () => {
    const file = scan(1 * MiB);
    const h = harnessWith(file);
    const { documentId } = h.gas.run<{ documentId: string }>('uploadDriveFile', [
      { fileId: FILE_ID },
    ]);
    expect(byteArrayMeter.getBytesCalls).toBe(1);
    // The file's bytes handed to the script once (+ the 16-byte digest), and handed back once: to
    // Utilities.computeDigest, which takes no Blob (+ the digest to base64Encode). The PUT adds none.
    expect(byteArrayMeter.toScript.numbers).toBe(file.bytes.length + 16);
    expect(byteArrayMeter.fromScript.numbers).toBe(file.bytes.length + 16);
    expect(storedBytes(h, documentId).equals(Buffer.from(file.bytes))).toBe(true);
  });

  test('the three sidebar steps: only step 1 reads the bytes; step 2 sends the Blob', () => {
    const file = scan(1 * MiB);
    const h = harnessWith(file);
    const { token } = h.gas.run<{ token: string }>('startDriveUpload', [{ fileId: FILE_ID }], {
      kind: 'sidebar',
    });
    expect(byteArrayMeter.getBytesCalls).toBe(1);
    const afterStart = { ...byteArrayMeter.fromScript };
    h.gas.run('sendDriveUpload', [{ token }], { kind: 'sidebar' });
    expect(byteArrayMeter.getBytesCalls).toBe(1);
    expect(byteArrayMeter.fromScript).toEqual(afterStart);
    const { documentId } = h.gas.run<{ documentId: string }>('finishDriveUpload', [{ token }], {
      kind: 'sidebar',
    });
    expect(byteArrayMeter.toScript.numbers).toBe(file.bytes.length + 16);
    expect(storedBytes(h, documentId).equals(Buffer.from(file.bytes))).toBe(true);
    // The checksum declared in step 1 is the file's MD5.
    const blob = h.emulator.account()!.blobs()[0]!;
    expect(blob.checksum).toBe(createHash('md5').update(file.bytes).digest('base64'));
  });

  test('a file over the cap is refused from its size: nothing read, nothing requested', () => {
    const h = harnessWith(scan(MAX_UPLOAD_BYTES + 1));
    expect(() => h.gas.run('startDriveUpload', [{ fileId: FILE_ID }])).toThrow(
      /"bol-scan\.pdf" is 45\.0 MB; files over 45 MB cannot be attached/,
    );
    expect(byteArrayMeter.getBytesCalls).toBe(0);
    expect(h.emulator.account()!.blobs()).toHaveLength(0);
  });
});

describe('drive.file: only files the user picked are readable', () => {
  test('the manifest asks for drive.file, not a restricted Drive scope', () => {
    const h = createHarness();
    expect(h.gas.drive.access).toBe('picked-files');
  });

  test('a pasted id of a file not picked gets a message that says to use Choose from Drive', () => {
    const h = harnessWith(scan(1024), false);
    expect(() => h.gas.run('startDriveUpload', [{ fileId: FILE_ID }])).toThrow(
      'The add-in cannot open that Drive file: it may only read files you pick with "Choose from Drive". Press "Choose from Drive" and select the file.',
    );
    expect(h.emulator.account()!.blobs()).toHaveLength(0);
    h.gas.drive.grant(FILE_ID);
    expect(
      h.gas.run<{ name: string }>('uploadDriveFile', [
        { fileId: `https://drive.google.com/file/d/${FILE_ID}/view` },
      ]).name,
    ).toBe('bol-scan.pdf');
  });

  test('getPickerConfig hands the sidebar the OAuth token, developer key and app id', () => {
    const h = createHarness();
    expect(() => h.gas.run('getPickerConfig', [], { kind: 'sidebar' })).toThrow(
      /"Choose from Drive" is not set up: .* PICKER_DEVELOPER_KEY and PICKER_APP_ID/,
    );
    h.gas.properties.script.map.set('PICKER_DEVELOPER_KEY', 'AIza-example');
    h.gas.properties.script.map.set('PICKER_APP_ID', '123456789012');
    expect(h.gas.run('getPickerConfig', [], { kind: 'sidebar' })).toEqual({
      oauthToken: 'fake-oauth-token',
      developerKey: 'AIza-example',
      appId: '123456789012',
    });
  });
});

describe('what the Drive download may and may not do', () => {
  it("the upload cap stays under UrlFetch's 50 MB response limit (local/gas refuses more)", () => {
    expect(MAX_UPLOAD_BYTES).toBeLessThan(URL_FETCH_RESPONSE_LIMIT_BYTES);
  });

  it('never follows a redirect with the OAuth token: only Google Drive is sent it', () => {
    const h = harnessWith(scan(1 * MiB));
    h.gas.drive.mediaRedirects.set(FILE_ID, 'https://collector.example/steal');
    expect(() => h.gas.run('uploadDriveFile', [{ fileId: FILE_ID }])).toThrow(
      /Google Drive did not hand over the file \(HTTP 302\)/,
    );
    const hosts = new Set(h.gas.urlFetchLog.map((e) => new URL(e.url).host));
    expect(hosts.has('collector.example')).toBe(false);
  });
});
